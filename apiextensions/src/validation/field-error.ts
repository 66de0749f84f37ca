// Builds FieldErrors the way apimachinery's field.Error renders them ("<Type>: <value>: <detail>").
import type { FieldError } from "./types.js";
import { goJson, goNumber, goQuote, goSharpV } from "./go-format.js";
import type { ServerWording } from "./name-rules.js";

/** The status cause reasons apimachinery's field errors carry. */
export type ErrorReason =
  | "FieldValueRequired"
  | "FieldValueInvalid"
  | "FieldValueNotSupported"
  | "FieldValueDuplicate"
  | "FieldValueTypeInvalid"
  | "FieldValueForbidden"
  | "FieldValueTooLong"
  | "FieldValueTooMany"
  | "InternalError";

const TYPE_TEXT: Record<ErrorReason, string> = {
  FieldValueRequired: "Required value",
  FieldValueInvalid: "Invalid value",
  FieldValueNotSupported: "Unsupported value",
  FieldValueDuplicate: "Duplicate value",
  FieldValueTypeInvalid: "Invalid value",
  FieldValueForbidden: "Forbidden",
  FieldValueTooLong: "Too long",
  FieldValueTooMany: "Too many",
  InternalError: "Internal error",
};

// These types print no value, like field.Error.ErrorBody.
const VALUELESS = new Set<ErrorReason>(["FieldValueRequired", "FieldValueForbidden", "FieldValueTooLong", "InternalError"]);

/** The field string of an error without a path (Go prints a nil *field.Path as "<nil>"). */
export const NIL_PATH = "<nil>";

/**
 * Renders a bad value as ErrorBody does: numbers and booleans plain, strings quoted; compounds as %#v
 * and nil as the string "null" up to 1.33, and as JSON (nil as null) from 1.34.
 */
export function renderBadValue(value: unknown, wording: ServerWording = "1.24"): string {
  if (value === null || value === undefined) return wording === "1.37" ? "null" : goQuote("null");
  if (typeof value === "string") return goQuote(value);
  if (typeof value === "number") return goNumber(value);
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  return wording === "1.37" ? goJson(value) : goSharpV(value);
}

/** Creates a FieldError with the server's message text (in the wording of server `wording`). */
export function fieldError(
  reason: ErrorReason,
  field: string,
  value: unknown,
  detail: string,
  wording: ServerWording = "1.24",
): FieldError {
  let message = TYPE_TEXT[reason];
  if (!VALUELESS.has(reason)) message += `: ${renderBadValue(value, wording)}`;
  if (detail !== "") message += `: ${detail}`;
  return { reason, field: field === "" ? NIL_PATH : field, message };
}

/** field.Required */
export const required = (field: string, detail = ""): FieldError => fieldError("FieldValueRequired", field, undefined, detail);
/** field.Invalid */
export const invalid = (field: string, value: unknown, detail: string, wording?: ServerWording): FieldError =>
  fieldError("FieldValueInvalid", field, value, detail, wording);
/** field.Invalid with the value already printed (1.37 prints compound values as JSON, not Go's %#v). */
export const invalidPrinted = (field: string, printed: string, detail: string): FieldError => ({
  reason: "FieldValueInvalid",
  field,
  message: `Invalid value: ${printed}: ${detail}`,
});
/** field.Invalid with the value omitted (field.OmitValueType): a failed CEL rule's error from 1.37. */
export const invalidWithoutValue = (field: string, detail: string): FieldError => ({
  reason: "FieldValueInvalid",
  field: field === "" ? NIL_PATH : field,
  message: `Invalid value: ${detail}`,
});
/** field.TypeInvalid */
export const typeInvalid = (field: string, value: unknown, detail: string, wording?: ServerWording): FieldError =>
  fieldError("FieldValueTypeInvalid", field, value, detail, wording);
/** field.Forbidden */
export const forbidden = (field: string, detail: string): FieldError => fieldError("FieldValueForbidden", field, undefined, detail);
/** field.Duplicate */
export const duplicate = (field: string, value: unknown, wording?: ServerWording): FieldError =>
  fieldError("FieldValueDuplicate", field, value, "", wording);

/** field.NotSupported with its "supported values" list. */
export function notSupported(field: string, value: unknown, supported: readonly string[], wording?: ServerWording): FieldError {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(", ")}` : "";
  return fieldError("FieldValueNotSupported", field, value, detail, wording);
}

/** field.TooLong for a string's maxLength: "longer than N" in 1.24, "more than N bytes" (or "1 byte") in 1.37. */
export function tooLong(field: string, max: number, wording?: ServerWording): FieldError {
  if (max < 0) return fieldError("FieldValueTooLong", field, undefined, "value is too long");
  const detail = wording === "1.37" ? `may not be more than ${max} ${max === 1 ? "byte" : "bytes"}` : `may not be longer than ${max}`;
  return fieldError("FieldValueTooLong", field, undefined, detail);
}

/** field.TooMany: from 1.34 a limit of one is "at most 1 item". */
export function tooMany(field: string, actual: number, max: number, wording?: ServerWording): FieldError {
  const items = max === 1 && wording === "1.37" ? "item" : "items";
  return fieldError("FieldValueTooMany", field, actual, max >= 0 ? `must have at most ${max} ${items}` : "has too many items", wording);
}

/** "spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10" */
export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${e.message}`;
}

/** Appends a child field to a field.Path string. */
export function childPath(parent: string, name: string): string {
  return parent === "" ? name : `${parent}.${name}`;
}

/** Appends an index to a field.Path string. */
export function indexPath(parent: string, i: number): string {
  return `${parent}[${i}]`;
}

/** Appends a map key to a field.Path string (field.Path.Key renders "[key]"). */
export function keyPath(parent: string, key: string): string {
  return `${parent}[${key}]`;
}
