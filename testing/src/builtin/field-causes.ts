// field.Error constructors as the built-in validations word them (apimachinery's field.Required,
// Invalid, NotSupported, Duplicate, Forbidden), shared by the per-group validation files.
import type { StatusCause } from "../status-errors.js";

type Obj = Record<string, unknown>;

export const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const strings = (v: unknown): string[] => asList(v).filter((s): s is string => typeof s === "string");

export const required = (field: string, detail = ""): StatusCause => ({
  reason: "FieldValueRequired",
  message: detail ? `Required value: ${detail}` : "Required value",
  field,
});
export const invalid = (field: string, value: unknown, detail: string): StatusCause => ({
  reason: "FieldValueInvalid",
  message: `Invalid value: ${JSON.stringify(value)}: ${detail}`,
  field,
});
export const notSupported = (field: string, value: unknown, supported: readonly string[]): StatusCause => ({
  reason: "FieldValueNotSupported",
  message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(", ")}`,
  field,
});
export const duplicate = (field: string, value: unknown): StatusCause => ({
  reason: "FieldValueDuplicate",
  message: `Duplicate value: ${JSON.stringify(value)}`,
  field,
});
export const forbidden = (field: string, detail: string): StatusCause => ({
  reason: "FieldValueForbidden",
  message: `Forbidden: ${detail}`,
  field,
});
