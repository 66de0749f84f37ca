// OpenAPI schema validation as the 1.24 server runs it (kube-openapi's SchemaValidator, then
// apiextensions' ValidateCustomResource turning its errors into field errors). Validator order per node,
// first-failure-only string checks, error paths ("spec.ports[1].name", map keys as ".key") and message
// texts follow that code, because clients and tests compare them with a real server's.
import type { FieldError } from "./types.js";
import type { ServerWording } from "./name-rules.js";
import { itemCorrelation, keyCorrelation, type Correlation } from "./ratchet.js";
import { invalid, notSupported, required, tooLong, tooMany, typeInvalid, NIL_PATH } from "./field-error.js";
import { goJson, goNumber, goQuote } from "./go-format.js";
import { jsonEqual, jsonKind, type SchemaNode } from "./schema-node.js";

const IN = "body";

/** The field of an error named `name` (kube-openapi paths start with "." at the root). */
function fieldOf(name: string): string {
  if (name === "" || name === ".") return NIL_PATH;
  return name.startsWith(".") ? name.slice(1) : name;
}

/** errors.InvalidType rendered as a TypeInvalid field error. */
function invalidType(name: string, typeName: string, value: string | undefined, w: ServerWording): FieldError {
  const msg =
    value === undefined
      ? `${name} in ${IN} must be of type ${typeName}`
      : `${name} in ${IN} must be of type ${typeName}: ${goQuote(value)}`;
  return typeInvalid(fieldOf(name), value ?? "", msg, w);
}

/** A generic kube-openapi validation error rendered as an Invalid field error. */
function invalidAt(name: string, value: unknown, msg: string, w: ServerWording): FieldError {
  return invalid(fieldOf(name), value ?? "", msg, w);
}

/** Validates `data` against `node`, appending field errors in the server's order. */
export function validateSchema(node: SchemaNode, data: unknown, path: string, out: FieldError[], w: ServerWording, c?: Correlation): void {
  // Ratcheting: a value equal to the old one it correlates with reports nothing, nor does anything in it.
  if (c !== undefined && c.ratchet.unchanged(node, data, c.old)) return;
  const kind = jsonKind(data);
  if (kind === "null") {
    checkType(node, data, kind, path, out, w);
    checkEnum(node, data, path, out, w);
    return;
  }
  checkType(node, data, kind, path, out, w);
  checkJunctors(node, data, path, out, w);
  if (kind === "string") {
    checkString(node, data as string, path, out, w);
    checkFormat(node, data as string, path, out, w);
  }
  if (kind === "integer" || kind === "number") checkNumber(node, data as number, path, out, w);
  if (kind === "array") checkArray(node, data as unknown[], path, out, w, c);
  checkEnum(node, data, path, out, w);
  if (kind === "object") checkObject(node, data as Record<string, unknown>, path, out, w, c);
}

function checkType(node: SchemaNode, data: unknown, kind: string, path: string, out: FieldError[], w: ServerWording): void {
  const types = node.types;
  if (types.length === 0 && node.format === "") return;
  if (kind === "null") {
    if (types.length > 0 && !types.includes("null") && !node.nullable) out.push(invalidType(path, types.join(","), "null", w));
    return;
  }
  // kube-openapi's "float that is an integer" case needs no check: such JSON numbers decode as "integer" here.
  const isIntFloat = kind === "integer" && types.includes("number");
  const goFormat = kind === "integer" ? "int64" : kind === "number" ? "float64" : "";
  if (kind !== "string" && kind !== "array" && node.format !== "") {
    const ok = types.includes(kind) || goFormat === node.format || isIntFloat;
    if (!ok) {
      out.push(invalidType(path, node.format, goFormat, w));
      return;
    }
  }
  if (!(types.includes("number") || types.includes("integer")) && node.format !== "" && (kind === "string" || kind === "array")) return;
  if (!(types.includes(kind) || isIntFloat)) out.push(invalidType(path, types.join(","), kind, w));
}

function checkString(node: SchemaNode, s: string, path: string, out: FieldError[], w: ServerWording): void {
  const raw = node.raw;
  // kube-openapi counts runes and stops at the first failing check.
  const len = raw.maxLength !== undefined || raw.minLength !== undefined ? [...s].length : 0;
  if (raw.maxLength !== undefined && len > raw.maxLength) {
    out.push(tooLong(fieldOf(path), raw.maxLength, w));
    return;
  }
  if (raw.minLength !== undefined && len < raw.minLength) {
    out.push(invalidAt(path, s, `${path} in ${IN} should be at least ${raw.minLength} chars long`, w));
    return;
  }
  const p = node.pattern;
  if (p === undefined) return;
  if (!p.ok) out.push(invalidAt(path, s, `${path} in ${IN} should match '${raw.pattern}, but pattern is invalid: ${p.error}'`, w));
  else if (!p.test(s)) out.push(invalidAt(path, s, `${path} in ${IN} should match '${raw.pattern}'`, w));
}

function checkFormat(node: SchemaNode, s: string, path: string, out: FieldError[], w: ServerWording): void {
  if (node.formatCheck && !node.formatCheck(s)) out.push(invalidType(path, node.format, s, w));
}

function checkNumber(node: SchemaNode, n: number, path: string, out: FieldError[], w: ServerWording): void {
  const raw = node.raw;
  // 1.37's kube-openapi first checks that the value, then each bound, fits the type and format
  // (IsValueValidAgainstRange); its plain error becomes an Invalid without a field or value.
  const range = (v: number, prefix: string): void => {
    const msg = w === "1.37" ? outOfRange(v, node.types[0] ?? "", numericFormat(node), prefix, path) : undefined;
    if (msg !== undefined) out.push(invalid(NIL_PATH, "", msg, w));
  };
  range(n, "Checked");
  // Merged as multipleOf, minimum, maximum (numberValidator's Merge order).
  if (raw.multipleOf !== undefined && raw.multipleOf !== 0) {
    range(raw.multipleOf, "MultipleOf");
    const q = n / raw.multipleOf;
    if (!Number.isInteger(q) && Math.abs(q - Math.round(q)) > 1e-9) {
      out.push(invalidAt(path, n, `${path} in ${IN} should be a multiple of ${goNumber(raw.multipleOf)}`, w));
    }
  }
  if (raw.minimum !== undefined) {
    range(raw.minimum, "Minimum boundary");
    const bad = raw.exclusiveMinimum ? n <= raw.minimum : n < raw.minimum;
    const words = raw.exclusiveMinimum ? "greater than" : "greater than or equal to";
    if (bad) out.push(invalidAt(path, n, `${path} in ${IN} should be ${words} ${goNumber(raw.minimum)}`, w));
  }
  if (raw.maximum !== undefined) {
    range(raw.maximum, "Maximum boundary");
    const bad = raw.exclusiveMaximum ? n >= raw.maximum : n > raw.maximum;
    const words = raw.exclusiveMaximum ? "less than" : "less than or equal to";
    if (bad) out.push(invalidAt(path, n, `${path} in ${IN} should be ${words} ${goNumber(raw.maximum)}`, w));
  }
}

/** The numeric format 1.37 keeps (StripUnsupportedFormatsPostProcessorForVersion): int32, int64, float, double. */
function numericFormat(node: SchemaNode): string {
  const f = node.raw.format ?? "";
  if (node.types.length !== 1) return "";
  if (node.types[0] === "integer") return f === "int32" || f === "int64" ? f : "";
  return node.types[0] === "number" && (f === "float" || f === "double") ? f : "";
}

// Half-open: Go parses the float64's decimal text, and 2^63 - 1 is 2^63 as a float64, out of range.
const INT_RANGES: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31], int64: [-(2 ** 63), 2 ** 63] };

/** kube-openapi's IsValueValidAgainstRange: the error text when `v` does not fit `typeName` and `format`. */
function outOfRange(v: number, typeName: string, format: string, prefix: string, path: string): string | undefined {
  let fits = true;
  if (typeName === "integer") {
    // Go parses the value's decimal text as an integer: a fraction never fits.
    const [lo, hi] = INT_RANGES[format] ?? INT_RANGES["int64"]!;
    fits = Number.isInteger(v) && v >= lo && v < hi;
  } else if (format === "float") {
    // ParseFloat(s, 32) fails only when the value rounds to no finite float32.
    fits = Number.isFinite(Math.fround(v));
  }
  if (fits) return undefined;
  return format !== ""
    ? `${prefix} value must be of type ${typeName} with format ${format} in ${path}`
    : `${prefix} value must be of type ${typeName} (default format) in ${path}`;
}

function checkArray(node: SchemaNode, a: unknown[], path: string, out: FieldError[], w: ServerWording, c: Correlation | undefined): void {
  const raw = node.raw;
  if (node.items)
    for (let i = 0; i < a.length; i++) validateSchema(node.items, a[i], `${path}[${i}]`, out, w, itemCorrelation(c, node, a[i]));
  if (raw.minItems !== undefined && a.length < raw.minItems) {
    out.push(invalidAt(path, a.length, `${path} in ${IN} should have at least ${raw.minItems} items`, w));
  }
  if (raw.maxItems !== undefined && a.length > raw.maxItems) out.push(tooMany(fieldOf(path), a.length, raw.maxItems, w));
  if (raw.uniqueItems === true && a.some((x, i) => a.slice(0, i).some((y) => jsonEqual(x, y)))) {
    out.push(invalidAt(path, undefined, `${path} in ${IN} shouldn't contain duplicates`, w));
  }
}

function checkEnum(node: SchemaNode, data: unknown, path: string, out: FieldError[], w: ServerWording): void {
  const values = node.raw.enum;
  if (!values || values.length === 0) return;
  if (values.some((v) => jsonEqual(v, data))) return;
  const shown = values.map((v) => (typeof v === "string" ? v : goJson(v)));
  out.push(notSupported(fieldOf(path), data, shown, w));
}

function checkObject(
  node: SchemaNode,
  obj: Record<string, unknown>,
  path: string,
  out: FieldError[],
  w: ServerWording,
  c: Correlation | undefined,
): void {
  // kind and apiVersion never ratchet: both objects are converted to the same ones.
  const child = (k: string): Correlation | undefined =>
    path === "" && (k === "kind" || k === "apiVersion") ? undefined : keyCorrelation(c, node, k);
  const raw = node.raw;
  const keys = Object.keys(obj);
  if (raw.minProperties !== undefined && keys.length < raw.minProperties) {
    out.push(invalidAt(path, raw.minProperties, `${path} in ${IN} should have at least ${raw.minProperties} properties`, w));
    return;
  }
  if (raw.maxProperties !== undefined && keys.length > raw.maxProperties) {
    out.push(tooMany(fieldOf(path), keys.length, raw.maxProperties, w));
    return;
  }
  const props = node.properties;
  if (node.additional === false) {
    for (const k of keys) {
      if (!props?.has(k) && k !== "$schema" && k !== "id") out.push(invalidAt(path, k, `${path}.${k} in ${IN} is a forbidden property`, w));
    }
  } else if (typeof node.additional === "object") {
    for (const k of keys) if (!props?.has(k)) validateSchema(node.additional, obj[k], `${path}.${k}`, out, w, child(k));
  }
  if (props) {
    for (const [name, sub] of props) {
      if (Object.hasOwn(obj, name)) validateSchema(sub, obj[name], path === "" ? name : `${path}.${name}`, out, w, child(name));
    }
  }
  for (const k of raw.required ?? []) {
    // A property with a default counts as present (kube-openapi "creates it from defaults").
    if (!Object.hasOwn(obj, k) && !(props?.get(k)?.hasDefault ?? false)) out.push(required(fieldOf(`${path}.${k}`)));
  }
}

/** allOf / anyOf / oneOf / not, with kube-openapi's composite messages (reported without a field path). */
function checkJunctors(node: SchemaNode, data: unknown, path: string, out: FieldError[], w: ServerWording): void {
  if (node.anyOf.length > 0) {
    const results = node.anyOf.map((s) => run(s, data, path, w));
    if (!results.some((r) => r.length === 0)) {
      out.push(invalid(NIL_PATH, "", `${goQuote(path)} must validate at least one schema (anyOf)`));
      out.push(...best(results));
    }
  }
  if (node.oneOf.length > 0) {
    const results = node.oneOf.map((s) => run(s, data, path, w));
    const valid = results.filter((r) => r.length === 0).length;
    if (valid !== 1) {
      const extra = valid === 0 ? "Found none valid" : `Found ${valid} valid alternatives`;
      out.push(invalid(NIL_PATH, "", `${goQuote(path)} must validate one and only one schema (oneOf). ${extra}`));
      if (valid === 0) out.push(...best(results));
    }
  }
  if (node.allOf.length > 0) {
    const results = node.allOf.map((s) => run(s, data, path, w));
    for (const r of results) out.push(...r);
    const valid = results.filter((r) => r.length === 0).length;
    if (valid !== results.length) {
      out.push(invalid(NIL_PATH, "", `${goQuote(path)} must validate all the schemas (allOf)${valid === 0 ? ". None validated" : ""}`));
    }
  }
  if (node.not && run(node.not, data, path, w).length === 0) {
    out.push(invalid(NIL_PATH, "", `${goQuote(path)} must not validate the schema (not)`));
  }
}

// The branches of allOf/anyOf/oneOf/not never ratchet (kube-openapi gives their validators no options).
function run(node: SchemaNode, data: unknown, path: string, w: ServerWording): FieldError[] {
  const out: FieldError[] = [];
  validateSchema(node, data, path, out, w);
  return out;
}

// kube-openapi keeps the failure with the most passed checks; the one with the fewest errors is our stand-in.
function best(results: FieldError[][]): FieldError[] {
  let pick: FieldError[] | undefined;
  for (const r of results) if (pick === undefined || r.length < pick.length) pick = r;
  return pick ?? [];
}
