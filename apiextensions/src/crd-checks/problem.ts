// The problem shape and the constructors that word each kind of cause the way apimachinery's
// field.Error does, so messages read exactly like the server's `details.causes[].message`.
import type { FieldPath } from "./field-path.js";
import { goQuote } from "./go-value.js";
import { renderBadValue as renderValue } from "../validation/field-error.js";
import type { ServerWording } from "../validation/name-rules.js";

/** One reason the server would reject a CRD: a `details.causes[]` entry of its 422 answer. */
export interface CrdProblem {
  /** Path as the server writes it, e.g. `spec.validation.openAPIV3Schema.properties[spec].type`. */
  field: string;
  /** Cause reason: FieldValueRequired, FieldValueInvalid, FieldValueForbidden, FieldValueNotSupported ... */
  reason: string;
  /** Cause message, e.g. `Required value: must not be empty for specified object fields`. */
  message: string;
  /**
   * The path (written like `field`) of the setting that imposes the broken constraint, when that is
   * not `field` itself: an item's type is wrong because its parent list is
   * `x-kubernetes-list-type: map`, so the list type is what a caller should point at. Not part of the
   * server's answer.
   */
  imposedBy?: string;
}

/** A value already rendered the way Go would print it (for structs and other non-JSON values). */
export class GoRendered {
  constructor(readonly text: string) {}
}

/**
 * Go's rendering of a bad value inside "Invalid value: <v>": strings quoted, numbers bare, others %#v
 * (nil as "null") up to 1.33, JSON (nil as null) from 1.34; a struct comes already rendered.
 */
export function renderBadValue(v: unknown, wording?: ServerWording): string {
  return v instanceof GoRendered ? v.text : renderValue(v, wording);
}

function make(field: FieldPath, reason: string, head: string, detail: string): CrdProblem {
  return { field: field.toString(), reason, message: detail === "" ? head : `${head}: ${detail}` };
}

/** field.Required */
export function required(field: FieldPath, detail: string): CrdProblem {
  return make(field, "FieldValueRequired", "Required value", detail);
}

/** field.Forbidden */
export function forbidden(field: FieldPath, detail: string): CrdProblem {
  return make(field, "FieldValueForbidden", "Forbidden", detail);
}

/** field.Invalid */
export function invalid(field: FieldPath, value: unknown, detail: string, wording?: ServerWording): CrdProblem {
  return make(field, "FieldValueInvalid", `Invalid value: ${renderBadValue(value, wording)}`, detail);
}

/** field.Duplicate */
export function duplicate(field: FieldPath, value: unknown, wording?: ServerWording): CrdProblem {
  return make(field, "FieldValueDuplicate", `Duplicate value: ${renderBadValue(value, wording)}`, "");
}

/** field.TooMany (a limit of one would read "item" from 1.34; the checks have no such limit). */
export function tooMany(field: FieldPath, actual: number, max: number): CrdProblem {
  return make(field, "FieldValueTooMany", `Too many: ${actual}`, `must have at most ${max} items`);
}

/** field.TypeInvalid */
export function typeInvalid(field: FieldPath, value: unknown, detail: string): CrdProblem {
  return make(field, "FieldValueTypeInvalid", `Invalid value: ${renderBadValue(value)}`, detail);
}

/** field.NotSupported, with the server's quoted list of supported values. */
export function notSupported(field: FieldPath, value: unknown, supported: readonly string[]): CrdProblem {
  const detail = supported.length > 0 ? `supported values: ${supported.map(goQuote).join(", ")}` : "";
  return make(field, "FieldValueNotSupported", `Unsupported value: ${renderBadValue(value)}`, detail);
}

/** `p` with the path of the setting that imposes its constraint (see CrdProblem.imposedBy). */
export function imposedBy(p: CrdProblem, by: FieldPath): CrdProblem {
  return { ...p, imposedBy: by.toString() };
}

/** "<field>: <message>", the way the server joins a cause into its Status message. */
export function formatCrdProblem(p: CrdProblem): string {
  return `${p.field}: ${p.message}`;
}
