// CEL types for a structural schema, as the 1.24 server declares `self`: objects with their
// (escaped) property names, maps for additionalProperties, lists, scalars, int-or-string as
// dyn, apiVersion/kind/metadata.name/generateName at resource roots. Each type carries the
// worst-case size the server assumes (from maxItems/maxLength/maxProperties, or estimated from
// the 3 MiB request limit) so rule costs can be estimated.
import { additionalSchema, itemSchema, propertyNames } from "../schema-access.js";
import type { InternalSchema } from "../../types/index.js";
import { escapePropertyName } from "../../validation/cel/escaping.js";

/** A CEL type with size estimates. */
export type CelT =
  | { k: "dyn" }
  /** An object: a schema's (unnamed, printed "object") or a declared type's (its name); an opaque one has no fields a checker knows. */
  | {
      k: "object";
      fields: ReadonlyMap<string, CelT>;
      name?: string;
      opaque?: boolean;
      /** cel-go knows it as an object type whose fields it cannot look up (the authorizer's): any other field fails to resolve. */
      unresolvable?: boolean;
    }
  /** A map; its keys are strings (a schema's maps) unless `key` says otherwise (a literal's). */
  | { k: "map"; value: CelT; maxSize: number; key?: CelT }
  | { k: "list"; elem: CelT; maxSize: number }
  /** cel-go's optional_type(T) (cel.OptionalTypes, from 1.28). */
  | { k: "optional"; elem: CelT }
  | { k: "string" | "bytes"; maxSize: number }
  | { k: "int" | "uint" | "double" | "bool" | "null" | "timestamp" | "duration" | "type" };

/** The dynamic type. */
export const DYN: CelT = { k: "dyn" };

/** Request size limit the server assumes when a schema gives no bound. */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/**
 * Smallest JSON text a value of this schema can serialize to (the server's estimateMinSizeJSON):
 * an object counts its required properties that have no default, `"name":value,` each.
 */
export function minSerializedSize(s: InternalSchema | undefined): number {
  if (s === undefined) return 1;
  switch (s.type) {
    case "boolean":
      return 4;
    case "number":
    case "integer":
      return 1;
    case "string":
      if (s.format === "duration") return 3;
      if (s.format === "date") return 12;
      if (s.format === "date-time") return 21;
      return 2;
    case "array":
      return 2;
    case "object": {
      let size = 2;
      for (const name of s.required ?? []) {
        const prop = s.properties?.[name];
        if (prop === undefined || prop.default !== undefined) continue;
        size += name.length + minSerializedSize(prop) + 4;
      }
      return size;
    }
    default:
      return 1;
  }
}

/** Worst-case element count of an array schema. */
function maxListSize(s: InternalSchema): number {
  if (s.maxItems !== undefined) return s.maxItems;
  return Math.floor((MAX_REQUEST_BYTES - 2) / (minSerializedSize(itemSchema(s)) + 1));
}

/** Worst-case entry count of a map schema: each entry is at least `"":` plus a value and a comma. */
export function maxMapSize(s: InternalSchema): number {
  if (s.maxProperties !== undefined) return s.maxProperties;
  return Math.floor((MAX_REQUEST_BYTES - 2) / (minSerializedSize(additionalSchema(s)) + 6));
}

/** How often data of this schema can occur in one request (the server's MaxCardinality), for rules under unbounded lists or maps. */
export function maxCardinality(s: InternalSchema): number {
  return Math.floor(MAX_REQUEST_BYTES / (minSerializedSize(s) + 1));
}

/** Worst-case size of a string in bytes: maxLength counts characters, each up to 4 bytes of UTF-8. */
function maxStringLength(s: InternalSchema): number {
  if (s.maxLength !== undefined) return s.maxLength * 4;
  if (s.format === "date-time") return 64;
  if (s.format === "date") return 12;
  if (s.format === "duration") return 64;
  return MAX_REQUEST_BYTES - 2;
}

const metaType: CelT = {
  k: "object",
  fields: new Map<string, CelT>([
    ["name", { k: "string", maxSize: 253 }],
    ["generateName", { k: "string", maxSize: 253 }],
  ]),
};

/** The CEL type of values of `s`; undefined when the server declares none (no type, no int-or-string). */
export function celTypeOf(s: InternalSchema | undefined, isResourceRoot: boolean): CelT | undefined {
  if (s === undefined) return undefined;
  if (s["x-kubernetes-int-or-string"] === true) return DYN;
  switch (s.type) {
    case "object":
      return objectType(s, isResourceRoot);
    case "array": {
      const elem = celTypeOf(itemSchema(s), itemSchema(s)?.["x-kubernetes-embedded-resource"] === true);
      return elem === undefined ? undefined : { k: "list", elem, maxSize: maxListSize(s) };
    }
    case "string":
      if (s.format === "byte") return { k: "bytes", maxSize: maxStringLength(s) };
      if (s.format === "date-time" || s.format === "date") return { k: "timestamp" };
      if (s.format === "duration") return { k: "duration" };
      return { k: "string", maxSize: maxStringLength(s) };
    case "integer":
      return { k: "int" };
    case "number":
      return { k: "double" };
    case "boolean":
      return { k: "bool" };
    default:
      return isResourceRoot ? objectType({}, true) : undefined;
  }
}

function objectType(s: InternalSchema, isResourceRoot: boolean): CelT | undefined {
  const addl = additionalSchema(s);
  if (addl !== undefined) {
    const value = celTypeOf(addl, addl["x-kubernetes-embedded-resource"] === true);
    return value === undefined ? undefined : { k: "map", value, maxSize: maxMapSize(s) };
  }
  const fields = new Map<string, CelT>();
  for (const name of propertyNames(s)) {
    const sub = s.properties![name]!;
    const t = celTypeOf(sub, sub["x-kubernetes-embedded-resource"] === true);
    const escaped = escapePropertyName(name);
    if (t !== undefined && escaped !== undefined) fields.set(escaped, t);
  }
  if (isResourceRoot) {
    fields.set("apiVersion", { k: "string", maxSize: 253 });
    fields.set("kind", { k: "string", maxSize: 63 });
    fields.set("metadata", metaType);
  }
  return { k: "object", fields };
}

/** cel-go's printed form of a type, used in messages. */
export function formatCelType(t: CelT): string {
  switch (t.k) {
    case "object":
      return t.name ?? "object";
    case "map":
      return `map(${t.key ? formatCelType(t.key) : "string"}, ${formatCelType(t.value)})`;
    case "list":
      return `list(${formatCelType(t.elem)})`;
    case "optional":
      return `optional_type(${formatCelType(t.elem)})`;
    case "timestamp":
      return "google.protobuf.Timestamp";
    case "duration":
      return "google.protobuf.Duration";
    case "null":
      return "null_type";
    default:
      return t.k;
  }
}
