// A small validator with go-openapi's semantics and wording, enough to check a schema's own
// `default` values the way the server does (type, nullable, enum, bounds, lengths, pattern,
// items, properties, required, anyOf/allOf/oneOf/not, date-time). Results carry go-openapi's
// relative name ("" for the value itself, "b" or "b.c" below it) so callers can build paths.
import { RE2JS } from "@bufbuild/re2";
import { goNumber, goQuote } from "./go-value.js";
import { additionalSchema, itemSchema, propertyNames, type Schema } from "./schema-types.js";

/** One go-openapi validation error. */
export interface ValueError {
  /** Relative name: "" for the checked value itself, "a.b" below it, "a.0" for an item. */
  name: string;
  kind: "type" | "required" | "enum" | "tooLong" | "tooMany" | "invalid";
  /** The bad value as the server reports it (for type errors: the actual JSON type's name). */
  value: unknown;
  /** For enum: the allowed values; for tooLong/tooMany: the limit. */
  limit?: number;
  allowed?: unknown[];
  actual?: number;
  /** go-openapi's message, e.g. " in body should be less than or equal to 3". */
  message: string;
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  if (typeof v === "object") return "object";
  return typeof v;
}

function typeMatches(type: string, v: unknown): boolean {
  const t = jsonType(v);
  if (type === "number") return t === "number" || t === "integer";
  return t === type;
}

function join(name: string, child: string): string {
  return name === "" ? child : `${name}.${child}`;
}

const dateTimeRe = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const dateRe = /^\d{4}-\d{2}-\d{2}$/;

/** Validates `v` against `s`; `name` is go-openapi's path of `v` ("" at the top). */
export function validateValue(v: unknown, s: Schema, name = ""): ValueError[] {
  const inBody = `${name} in body`;
  if (v === null) {
    if (s.nullable === true || s.type === undefined) return [];
    return [{ name, kind: "type", value: "null", message: `${inBody} must be of type ${s.type}: "null"` }];
  }
  if (s["x-kubernetes-int-or-string"] === true && !(typeof v === "string" || Number.isInteger(v))) {
    return [{ name, kind: "invalid", value: v, message: `${inBody} must be of type integer or string: "${jsonType(v)}"` }];
  }
  if (s.type !== undefined && s.type !== "" && s["x-kubernetes-int-or-string"] !== true && !typeMatches(s.type, v)) {
    const actual = jsonType(v);
    return [{ name, kind: "type", value: actual, message: `${inBody} must be of type ${s.type}: ${goQuote(actual)}` }];
  }
  const out: ValueError[] = [];
  out.push(...junctors(v, s, name));
  if (typeof v === "string") out.push(...stringChecks(v, s, name));
  if (typeof v === "number") out.push(...numberChecks(v, s, name));
  if (Array.isArray(v)) out.push(...arrayChecks(v, s, name));
  if (s.enum !== undefined && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
    out.push({ name, kind: "enum", value: v, allowed: s.enum, message: `${inBody} should be one of ${JSON.stringify(s.enum)}` });
  }
  if (typeof v === "object" && !Array.isArray(v)) out.push(...objectChecks(v as Record<string, unknown>, s, name));
  return out;
}

function junctors(v: unknown, s: Schema, name: string): ValueError[] {
  const out: ValueError[] = [];
  const inBody = `${name} in body`;
  for (const sub of s.allOf ?? []) out.push(...validateValue(v, sub, name));
  if (s.anyOf !== undefined && s.anyOf.length > 0 && !s.anyOf.some((sub) => validateValue(v, sub, name).length === 0)) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} must validate at least one schema (anyOf)` });
  }
  if (s.oneOf !== undefined && s.oneOf.length > 0 && s.oneOf.filter((sub) => validateValue(v, sub, name).length === 0).length !== 1) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} must validate one and only one schema (oneOf)` });
  }
  if (s.not !== undefined && validateValue(v, s.not, name).length === 0) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} must not validate the schema (not)` });
  }
  return out;
}

function stringChecks(v: string, s: Schema, name: string): ValueError[] {
  const out: ValueError[] = [];
  const inBody = `${name} in body`;
  const len = [...v].length;
  if (s.maxLength !== undefined && len > s.maxLength) {
    out.push({ name, kind: "tooLong", value: v, limit: s.maxLength, message: `${inBody} should be at most ${s.maxLength} chars long` });
  }
  if (s.minLength !== undefined && len < s.minLength) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should be at least ${s.minLength} chars long` });
  }
  if (s.pattern !== undefined && s.pattern !== "") {
    let ok = true;
    try {
      ok = RE2JS.compile(s.pattern).test(v);
    } catch {
      ok = true; // an invalid pattern is reported by the structural checks
    }
    if (!ok) out.push({ name, kind: "invalid", value: v, message: `${inBody} should match '${s.pattern}'` });
  }
  const badFormat = (s.format === "date-time" && !dateTimeRe.test(v)) || (s.format === "date" && !dateRe.test(v));
  if (badFormat) out.push({ name, kind: "type", value: v, message: `${inBody} must be of type ${s.format}: ${goQuote(v)}` });
  return out;
}

function numberChecks(v: number, s: Schema, name: string): ValueError[] {
  const out: ValueError[] = [];
  const inBody = `${name} in body`;
  if (s.maximum !== undefined && (s.exclusiveMaximum === true ? v >= s.maximum : v > s.maximum)) {
    const rel = s.exclusiveMaximum === true ? "less than" : "less than or equal to";
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should be ${rel} ${goNumber(s.maximum)}` });
  }
  if (s.minimum !== undefined && (s.exclusiveMinimum === true ? v <= s.minimum : v < s.minimum)) {
    const rel = s.exclusiveMinimum === true ? "greater than" : "greater than or equal to";
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should be ${rel} ${goNumber(s.minimum)}` });
  }
  if (s.multipleOf !== undefined && s.multipleOf > 0 && !Number.isInteger(v / s.multipleOf)) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should be a multiple of ${goNumber(s.multipleOf)}` });
  }
  return out;
}

function arrayChecks(v: unknown[], s: Schema, name: string): ValueError[] {
  const out: ValueError[] = [];
  const inBody = `${name} in body`;
  if (s.maxItems !== undefined && v.length > s.maxItems) {
    out.push({ name, kind: "tooMany", value: v, actual: v.length, limit: s.maxItems, message: `${inBody} should have at most ${s.maxItems} items` });
  }
  if (s.minItems !== undefined && v.length < s.minItems) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should have at least ${s.minItems} items` });
  }
  const items = itemSchema(s);
  if (items !== undefined) v.forEach((x, i) => out.push(...validateValue(x, items, join(name, String(i)))));
  return out;
}

function objectChecks(v: Record<string, unknown>, s: Schema, name: string): ValueError[] {
  const out: ValueError[] = [];
  const inBody = `${name} in body`;
  const n = Object.keys(v).length;
  if (s.maxProperties !== undefined && n > s.maxProperties) {
    out.push({ name, kind: "tooMany", value: v, actual: n, limit: s.maxProperties, message: `${inBody} should have at most ${s.maxProperties} properties` });
  }
  if (s.minProperties !== undefined && n < s.minProperties) {
    out.push({ name, kind: "invalid", value: v, message: `${inBody} should have at least ${s.minProperties} properties` });
  }
  for (const r of s.required ?? []) {
    if (!(r in v)) out.push({ name: join(name, r), kind: "required", value: undefined, message: `${join(name, r)} in body is required` });
  }
  const addl = additionalSchema(s);
  const known = new Set(propertyNames(s));
  for (const k of Object.keys(v).sort()) {
    const sub = known.has(k) ? s.properties![k]! : addl;
    if (sub !== undefined) out.push(...validateValue(v[k], sub, join(name, k)));
  }
  return out;
}
