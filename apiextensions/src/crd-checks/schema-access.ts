// Accessors over the decoded schema (InternalSchema) that the CRD checks walk.
import type { InternalSchema } from "../types/index.js";

/** The item schema when `items` is a single schema (the only form CRDs may use). */
export function itemSchema(s: InternalSchema): InternalSchema | undefined {
  return s.items !== undefined && !Array.isArray(s.items) ? s.items : undefined;
}

/** The additionalProperties schema, when it is a schema rather than a boolean. */
export function additionalSchema(s: InternalSchema): InternalSchema | undefined {
  return typeof s.additionalProperties === "object" ? s.additionalProperties : undefined;
}

/** Property names in a stable order (the server walks a Go map; we sort). */
export function propertyNames(s: InternalSchema): string[] {
  return s.properties === undefined ? [] : Object.keys(s.properties).sort();
}

/** A JSON-canonical string for semantic equality (key order ignored). */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
