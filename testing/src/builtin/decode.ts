// Typed decoding of built-in objects: the real server unmarshals a request body into the Go struct of the
// kind, so a value of the wrong JSON type (a number where a string belongs, a string for an int32) is an
// error before anything else runs, and nothing of the wrong type is ever stored. The wording follows Go's
// encoding/json: "json: cannot unmarshal <value> into Go struct field <Struct>.<path> of type <type>",
// with the innermost struct's name and the full path of JSON field names (map keys and list indexes are
// not part of it). Custom resources are typed by their schema instead (422), not here.
import { builtinDefinitionName, builtinDefinitionsOf, type Definitions, type SchemaNode, type SchemaRelease } from "../patch/index.js";

const DEF_PREFIX = "#/definitions/";
const INT_OR_STRING = "io.k8s.apimachinery.pkg.util.intstr.IntOrString";
const TIME = "io.k8s.apimachinery.pkg.apis.meta.v1.Time";
const MICRO_TIME = "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime";
const MICRO_LAYOUT = "2006-01-02T15:04:05.000000Z07:00";
const QUANTITY = "io.k8s.apimachinery.pkg.api.resource.Quantity";
/** Kinds whose fields have custom JSON decoders this checker does not model (CRD schemas). */
const UNCHECKED_ROOTS = new Set(["io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition"]);
const QUANTITY_FORMAT = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;

/** Where the decoder is: the innermost struct's name and the JSON field names from the top. */
interface Context {
  struct: string;
  fields: readonly string[];
  /** The release's definitions the object is decoded by. */
  defs: Definitions;
}

/** A decoding failure with Go's message. */
class DecodeError extends Error {}

function jsonKind(v: unknown): string {
  if (typeof v === "string") return "string";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return Array.isArray(v) ? "array" : "object";
}

function shortName(def: string): string {
  return def.split(".").at(-1) ?? def;
}

/** The Go type name of a schema node as reflect prints it ("int32", "[]v1.Container", "map[string]string"). */
function goType(s: SchemaNode): string {
  const ref = s["$ref"];
  if (typeof ref === "string") {
    const def = ref.slice(DEF_PREFIX.length);
    const parts = def.split(".");
    return `${parts.at(-2) ?? ""}.${parts.at(-1) ?? ""}`;
  }
  switch (s["type"]) {
    case "string":
      return s["format"] === "byte" ? "[]uint8" : "string";
    case "integer":
      return s["format"] === "int64" ? "int64" : "int32";
    case "number":
      return "float64";
    case "boolean":
      return "bool";
    case "array":
      return `[]${goType((s["items"] ?? {}) as SchemaNode)}`;
    case "object":
      return `map[string]${goType((s["additionalProperties"] ?? {}) as SchemaNode)}`;
    default:
      return "interface {}";
  }
}

function typeError(value: string, s: SchemaNode, at: Context): never {
  throw new DecodeError(`json: cannot unmarshal ${value} into Go struct field ${at.struct}.${at.fields.join(".")} of type ${goType(s)}`);
}

/** []byte fields take standard padded base64; Go names the first offending byte (approximately, for bad lengths). */
function checkBase64(v: string): void {
  const bad = v.search(/[^A-Za-z0-9+/=]|=[^=]|={3}/);
  if (bad >= 0) throw new DecodeError(`illegal base64 data at input byte ${bad}`);
  if (v.length % 4 !== 0) throw new DecodeError(`illegal base64 data at input byte ${v.length - (v.length % 4)}`);
}

function checkScalar(s: SchemaNode, v: unknown, at: Context): void {
  switch (s["type"]) {
    case "string":
      if (typeof v !== "string") typeError(jsonKind(v), s, at);
      if (s["format"] === "byte") checkBase64(v);
      return;
    case "boolean":
      if (typeof v !== "boolean") typeError(jsonKind(v), s, at);
      return;
    case "number":
      if (typeof v !== "number") typeError(jsonKind(v), s, at);
      return;
    case "integer": {
      if (typeof v !== "number") typeError(jsonKind(v), s, at);
      const limit = s["format"] === "int64" ? 2 ** 63 : 2 ** 31;
      if (!Number.isInteger(v) || v < -limit || v >= limit) typeError(`number ${String(v)}`, s, at);
      return;
    }
  }
}

/** Types with their own UnmarshalJSON: these errors carry no struct context, as in Go. */
function checkSpecial(def: string, v: unknown): boolean {
  if (def === INT_OR_STRING) {
    if (typeof v === "string") return true;
    if (typeof v !== "number") throw new DecodeError(`json: cannot unmarshal ${jsonKind(v)} into Go value of type int32`);
    if (!Number.isInteger(v)) throw new DecodeError(`json: cannot unmarshal number ${String(v)} into Go value of type int32`);
    return true;
  }
  if (def === TIME || def === MICRO_TIME) {
    if (typeof v !== "string") throw new DecodeError(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
    goTimeUTC(v, def === MICRO_TIME);
    return true;
  }
  if (def === QUANTITY) {
    if (typeof v === "number") return true;
    if (typeof v !== "string" || !QUANTITY_FORMAT.test(v.trim()))
      throw new DecodeError("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    return true;
  }
  return false;
}

const TIME_LAYOUT = "2006-01-02T15:04:05Z07:00";

/**
 * A metav1.Time (`micro` false) or metav1.MicroTime as the real server stores it, or a DecodeError with
 * Go's time.Parse message. Both are converted to UTC ("2026-01-01T10:00:00+02:00" is stored as
 * "2026-01-01T08:00:00Z"). A Time may carry any fraction, which is dropped (Go formats it at whole
 * seconds); a MicroTime needs exactly six fractional digits (none, three or nine are all rejected).
 */
function goTimeUTC(v: string, micro: boolean): string {
  const layout = micro ? MICRO_LAYOUT : TIME_LAYOUT;
  const fail = (rest: string, elem: string): never => {
    throw new DecodeError(
      `parsing time ${JSON.stringify(v)} as ${JSON.stringify(layout)}: cannot parse ${JSON.stringify(rest)} as ${JSON.stringify(elem)}`,
    );
  };
  const outOfRange = (what: string): never => {
    throw new DecodeError(`parsing time ${JSON.stringify(v)}: ${what} out of range`);
  };
  let rest = v;
  const literal = (text: string) => {
    if (!rest.startsWith(text)) fail(rest, text);
    rest = rest.slice(text.length);
  };
  // Go's getnum: two digits, or (for the hour) one or two.
  const num = (elem: string, fixed: boolean): number => {
    const m = (fixed ? /^\d{2}/ : /^\d{1,2}/).exec(rest);
    if (!m) return fail(rest, elem);
    rest = rest.slice(m[0].length);
    return Number(m[0]);
  };
  const yearText = /^\d{4}/.exec(rest)?.[0];
  if (yearText === undefined) return fail(rest, "2006");
  rest = rest.slice(4);
  const year = Number(yearText);
  literal("-");
  const month = num("01", true);
  if (month < 1 || month > 12) outOfRange("month");
  literal("-");
  const day = num("02", true);
  if (day < 1 || day > 31) outOfRange("day");
  literal("T");
  const hour = num("15", false);
  if (hour >= 24) outOfRange("hour");
  literal(":");
  const minute = num("04", true);
  if (minute >= 60) outOfRange("minute");
  literal(":");
  const second = num("05", true);
  if (second >= 60) outOfRange("second");
  let fraction = "";
  if (micro) {
    const m = /^[.,](\d{6})/.exec(rest);
    if (!m) return fail(rest, ".000000");
    fraction = `.${m[1] ?? ""}`;
    rest = rest.slice(7);
  } else {
    // A fraction the layout does not ask for is read and, at whole-second precision, dropped.
    const m = /^[.,]\d+/.exec(rest);
    if (m) rest = rest.slice(m[0].length);
  }
  let offsetMinutes = 0;
  if (rest.startsWith("Z")) rest = rest.slice(1);
  else {
    const zone = /^([+-])(\d{2}):(\d{2})/.exec(rest);
    if (!zone) return fail(rest, "Z07:00");
    offsetMinutes = (zone[1] === "-" ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
    rest = rest.slice(6);
  }
  if (rest !== "") throw new DecodeError(`parsing time ${JSON.stringify(v)}: extra text: ${JSON.stringify(rest)}`);
  const when = new Date(0);
  when.setUTCFullYear(year, month - 1, day);
  if (when.getUTCDate() !== day) outOfRange("day");
  when.setUTCHours(hour, minute - offsetMinutes, second);
  return `${when.toISOString().slice(0, 19)}${fraction}Z`;
}

// Values the decode stores in another form (Time and MicroTime offsets, a Time's fraction), written back only once the whole object
// decoded, so a failed decode leaves the request's object as sent (a patch's 422 quotes it).
let pendingRewrites: Array<() => void> = [];

function check(s: SchemaNode, v: unknown, at: Context): void {
  // JSON null leaves a Go value at its zero value, whatever the type.
  if (v === null || v === undefined) return;
  const ref = s["$ref"];
  if (typeof ref === "string") {
    const def = ref.slice(DEF_PREFIX.length);
    if (checkSpecial(def, v)) return;
    const target = at.defs[def];
    if (!target) return;
    if (target["type"] === "object" && (target["properties"] !== undefined || target["additionalProperties"] !== undefined)) {
      if (typeof v !== "object" || Array.isArray(v)) typeError(jsonKind(v), s, at);
      checkStruct(def, target, v as Record<string, unknown>, at);
      return;
    }
    // Free-form definitions (RawExtension, FieldsV1) and string-like ones (MicroTime) decode leniently.
    if (target["type"] === "string" && typeof v !== "string")
      throw new DecodeError(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
    return;
  }
  switch (s["type"]) {
    case "array": {
      if (!Array.isArray(v)) {
        typeError(jsonKind(v), s, at);
      }
      const items = (s["items"] ?? {}) as SchemaNode;
      for (const x of v as unknown[]) check(items, x, at);
      return;
    }
    case "object": {
      if (typeof v !== "object" || Array.isArray(v)) typeError(jsonKind(v), s, at);
      const ap = s["additionalProperties"];
      if (ap && typeof ap === "object") for (const x of Object.values(v as Record<string, unknown>)) check(ap as SchemaNode, x, at);
      return;
    }
    default:
      checkScalar(s, v, at);
  }
}

function checkStruct(def: string, s: SchemaNode, obj: Record<string, unknown>, at: Context): void {
  const props = (s["properties"] ?? {}) as Record<string, SchemaNode>;
  for (const [key, value] of Object.entries(obj)) {
    const p = props[key];
    // Undeclared fields are dropped (and reported by field validation), not type errors.
    if (!p) continue;
    check(p, value, { struct: shortName(def), fields: [...at.fields, key], defs: at.defs });
    const ref = p["$ref"];
    if ((ref === DEF_PREFIX + TIME || ref === DEF_PREFIX + MICRO_TIME) && typeof value === "string") {
      const stored = goTimeUTC(value, ref === DEF_PREFIX + MICRO_TIME);
      if (stored !== value) pendingRewrites.push(() => (obj[key] = stored));
    }
  }
  const ap = s["additionalProperties"];
  if (!s["properties"] && ap && typeof ap === "object") for (const x of Object.values(obj)) check(ap as SchemaNode, x, at);
}

/**
 * Decodes `obj` as the struct `def`: Go's decoding error, or undefined once the values it stores in
 * another form (Time and MicroTime in UTC) are written back into `obj`.
 */
function decodeStruct(def: string, obj: Record<string, unknown>, defs: Definitions): string | undefined {
  const root = defs[def];
  if (!root) return undefined;
  pendingRewrites = [];
  try {
    checkStruct(def, root, obj, { struct: shortName(def), fields: [], defs });
    for (const rewrite of pendingRewrites) rewrite();
    return undefined;
  } catch (e) {
    if (e instanceof DecodeError) return e.message;
    throw e;
  } finally {
    pendingRewrites = [];
  }
}

/**
 * Go's decoding error for a built-in object whose values do not fit the kind's types, or undefined when
 * it decodes (or the kind is not a typed built-in). `apiVersion`/`kind` name the Go type to decode into, as `release` defines it.
 */
export function builtinDecodeError(
  apiVersion: string,
  kind: string,
  obj: Record<string, unknown>,
  release: SchemaRelease = "1.24",
): string | undefined {
  const def = builtinDefinitionName(apiVersion, kind);
  if (!def || UNCHECKED_ROOTS.has(def)) return undefined;
  return decodeStruct(def, obj, builtinDefinitionsOf(release));
}

const OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/**
 * Go's decoding error for a custom resource's metadata, or undefined when it decodes: the unstructured
 * object's metadata is unmarshalled into ObjectMeta, so numeric label values, a garbage creationTimestamp
 * or managedFields fail the request (400) as for built-ins, and its Times (a managedFields entry's time)
 * are stored in UTC at whole seconds as a built-in's are. The schema's own date-time strings are not
 * touched: the real server keeps them as sent.
 */
export function objectMetaDecodeError(metadata: unknown, release: SchemaRelease = "1.24"): string | undefined {
  if (metadata === undefined || metadata === null) return undefined;
  if (typeof metadata !== "object" || Array.isArray(metadata))
    return `json: cannot unmarshal ${jsonKind(metadata)} into Go value of type v1.ObjectMeta`;
  return decodeStruct(OBJECT_META, metadata as Record<string, unknown>, builtinDefinitionsOf(release));
}
