// Typed conversion of JSON values into CEL values, following the schema like the server's
// UnstructuredToVal: integers are CEL ints, numbers doubles, date-time strings timestamps, duration strings
// durations, byte strings bytes; object properties are exposed under their escaped CEL names.
import { isCelError, parse, plan, type CelInput } from "@bufbuild/cel";
import { isObject, type SchemaNode } from "../schema-node.js";
import { escapePropertyName } from "./escaping.js";
import { validationEnv } from "./library.js";

let toTimestamp: ((s: string) => CelInput | undefined) | undefined;
let toDuration: ((s: string) => CelInput | undefined) | undefined;

// Timestamps and durations are built by CEL itself, which spares a direct protobuf dependency.
function converter(expr: string): (s: string) => CelInput | undefined {
  const program = plan(validationEnv(), parse(expr));
  return (s) => {
    const r = program({ s });
    return isCelError(r) ? undefined : r;
  };
}

function stringValue(s: string, format: string | undefined): CelInput {
  if (format === "date-time" || format === "datetime") {
    toTimestamp ??= converter("timestamp(s)");
    return toTimestamp(s) ?? s;
  }
  if (format === "date") {
    toTimestamp ??= converter("timestamp(s)");
    return toTimestamp(`${s}T00:00:00Z`) ?? s;
  }
  if (format === "duration") {
    toDuration ??= converter("duration(s)");
    return toDuration(s) ?? s;
  }
  if (format === "byte") return new Uint8Array(Buffer.from(s, "base64"));
  return s;
}

/** Untyped conversion (preserve-unknown-fields data): integral numbers become ints. */
function untyped(v: unknown): CelInput {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(untyped);
  const out: Record<string, CelInput> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = untyped(x);
  return out;
}

/** Converts `v` to a CEL value typed by `node`; `resourceLike` adds apiVersion, kind and metadata.name/generateName. */
export function toCel(v: unknown, node: SchemaNode | undefined, resourceLike = false): CelInput {
  if (v === null || v === undefined) return null;
  if (!node) return untyped(v);
  if (typeof v === "number") {
    if (node.types.includes("number") && !node.intOrString) return v;
    return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (typeof v === "string") return stringValue(v, node.raw.format);
  if (typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map((x) => toCel(x, node.items));
  if (!isObject(v)) return untyped(v);
  const out: Record<string, CelInput> = {};
  if (resourceLike || node.embedded) addResourceFields(v, out);
  if (node.properties) {
    for (const [k, x] of Object.entries(v)) {
      const prop = node.properties.get(k);
      const name = escapePropertyName(k);
      if (prop && name !== undefined && !(name in out)) out[name] = toCel(x, prop);
      else if (!prop && node.preserveUnknown && name !== undefined) out[name] = untyped(x);
    }
    return out;
  }
  if (typeof node.additional === "object") {
    for (const [k, x] of Object.entries(v)) out[k] = toCel(x, node.additional);
    return out;
  }
  return node.preserveUnknown || node.embedded ? { ...(untyped(v) as Record<string, CelInput>), ...out } : out;
}

function addResourceFields(v: Record<string, unknown>, out: Record<string, CelInput>): void {
  if (typeof v["apiVersion"] === "string") out["apiVersion"] = v["apiVersion"];
  if (typeof v["kind"] === "string") out["kind"] = v["kind"];
  const meta = v["metadata"];
  if (isObject(meta)) {
    const m: Record<string, CelInput> = {};
    if (typeof meta["name"] === "string") m["name"] = meta["name"];
    if (typeof meta["generateName"] === "string") m["generateName"] = meta["generateName"];
    out["metadata"] = m;
  }
}
