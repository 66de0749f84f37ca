// The compiled form of a JSONSchemaProps tree: each node's derived facts (types, checkers, children) computed
// once, so that pruning, defaulting and validating many objects re-parses nothing.
import type { JSONSchemaProps } from "../types/index.js";
import { compilePattern, type CompiledPattern } from "./re2-pattern.js";
import { formatChecker } from "./formats.js";

/** One schema node with what the validators need precomputed. */
export interface SchemaNode {
  readonly raw: JSONSchemaProps;
  /** The type list the server validates against (int-or-string becomes ["integer", "string"]). */
  readonly types: readonly string[];
  /** The format when the server checks it (unsupported formats are stripped, as the server does). */
  readonly format: string;
  readonly formatCheck: ((s: string) => boolean) | undefined;
  readonly pattern: CompiledPattern | undefined;
  readonly nullable: boolean;
  readonly hasDefault: boolean;
  readonly intOrString: boolean;
  readonly preserveUnknown: boolean;
  readonly embedded: boolean;
  readonly properties: ReadonlyMap<string, SchemaNode> | undefined;
  /** additionalProperties as a schema; `true`/`false` when given as a boolean. */
  readonly additional: SchemaNode | boolean | undefined;
  readonly items: SchemaNode | undefined;
  readonly allOf: readonly SchemaNode[];
  readonly anyOf: readonly SchemaNode[];
  readonly oneOf: readonly SchemaNode[];
  readonly not: SchemaNode | undefined;
  readonly listType: string | undefined;
  readonly listMapKeys: readonly string[];
}

const NUMBER_KEYS = [
  "maximum",
  "minimum",
  "multipleOf",
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maxProperties",
  "minProperties",
];
const STRING_KEYS = ["type", "format", "pattern", "x-kubernetes-list-type"];
const ARRAY_KEYS = ["enum", "required", "allOf", "anyOf", "oneOf", "x-kubernetes-list-map-keys", "x-kubernetes-validations"];
const OBJECT_KEYS = ["properties", "items", "not"];

// Drops members of the wrong JSON type, so that a malformed schema (which a server would have refused)
// degrades to fewer checks instead of crashing the validators.
function sanitize(input: unknown): JSONSchemaProps {
  const out: JSONSchemaProps = isObject(input) ? { ...input } : {};
  for (const k of NUMBER_KEYS) if (out[k] !== undefined && typeof out[k] !== "number") delete out[k];
  for (const k of STRING_KEYS) if (out[k] !== undefined && typeof out[k] !== "string") delete out[k];
  for (const k of ARRAY_KEYS) if (out[k] !== undefined && !Array.isArray(out[k])) delete out[k];
  for (const k of OBJECT_KEYS) if (out[k] !== undefined && !isObject(out[k])) delete out[k];
  const ap = out.additionalProperties;
  if (ap !== undefined && typeof ap !== "boolean" && !isObject(ap)) delete out.additionalProperties;
  if (out["x-kubernetes-validations"]) {
    out["x-kubernetes-validations"] = out["x-kubernetes-validations"].filter((r) => isObject(r) && typeof r.rule === "string");
  }
  return out;
}

/** Compiles a schema tree into SchemaNodes; `nameFormats`: the Kubernetes name formats are checked (servers from 1.35). */
export function compileNode(input: JSONSchemaProps, nameFormats = false): SchemaNode {
  const raw = sanitize(input);
  const intOrString = raw["x-kubernetes-int-or-string"] === true;
  const types = intOrString ? ["integer", "string"] : raw.type ? [raw.type] : [];
  const check = raw.format ? formatChecker(raw.format, nameFormats) : undefined;
  const sub = (v: JSONSchemaProps): SchemaNode => compileNode(v, nameFormats);
  let properties: Map<string, SchemaNode> | undefined;
  if (raw.properties) {
    properties = new Map();
    for (const [k, v] of Object.entries(raw.properties)) properties.set(k, sub(v));
  }
  const ap = raw.additionalProperties;
  return {
    raw,
    types,
    format: check ? (raw.format ?? "") : "",
    formatCheck: check,
    pattern: raw.pattern !== undefined && raw.pattern !== "" ? compilePattern(raw.pattern) : undefined,
    nullable: raw.nullable === true,
    hasDefault: raw.default !== undefined,
    intOrString,
    preserveUnknown: raw["x-kubernetes-preserve-unknown-fields"] === true,
    embedded: raw["x-kubernetes-embedded-resource"] === true,
    properties,
    additional: typeof ap === "boolean" ? ap : ap ? sub(ap) : undefined,
    items: raw.items ? sub(raw.items) : undefined,
    allOf: (raw.allOf ?? []).map(sub),
    anyOf: (raw.anyOf ?? []).map(sub),
    oneOf: (raw.oneOf ?? []).map(sub),
    not: raw.not ? sub(raw.not) : undefined,
    listType: raw["x-kubernetes-list-type"],
    listMapKeys: raw["x-kubernetes-list-map-keys"] ?? [],
  };
}

/** The JSON kind of a decoded value as kube-openapi names it (integers are JSON numbers without a fraction). */
export function jsonKind(v: unknown): "null" | "boolean" | "string" | "integer" | "number" | "array" | "object" {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "string") return "string";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  if (typeof v === "bigint") return "integer";
  if (Array.isArray(v)) return "array";
  return "object";
}

/** Whether a value is a plain JSON object. */
/** The schema of an object's key `k`: its property's, else additionalProperties' when that is a schema. */
export function keySchema(node: SchemaNode, k: string): SchemaNode | undefined {
  return node.properties?.get(k) ?? (typeof node.additional === "object" ? node.additional : undefined);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep JSON equality (numbers by value), used for enum membership. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}
