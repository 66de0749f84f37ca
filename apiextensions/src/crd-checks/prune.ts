// Structural pruning of a JSON value, as the server prunes defaults to check they carry no
// unknown fields. Works on a copy; never touches the caller's value.
import { additionalSchema, itemSchema } from "./schema-access.js";
import type { InternalSchema } from "../types/index.js";

/** A pruned deep copy of `v` under schema `s` (undefined schema: everything below is unknown). */
export function pruned(v: unknown, s: InternalSchema | undefined, isResourceRoot = false): unknown {
  if (Array.isArray(v)) return v.map((x) => pruned(x, s === undefined ? undefined : itemSchema(s)));
  if (v === null || typeof v !== "object") return v;
  const obj = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (s === undefined) return out;
  const preserve = s["x-kubernetes-preserve-unknown-fields"] === true;
  const embedded = s["x-kubernetes-embedded-resource"] === true || isResourceRoot;
  for (const [k, x] of Object.entries(obj)) {
    if (embedded && (k === "apiVersion" || k === "kind") && typeof x === "string") out[k] = x;
    else if (embedded && k === "metadata" && x !== null && typeof x === "object") out[k] = x;
    else if (s.properties !== undefined && k in s.properties) out[k] = pruned(x, s.properties[k]);
    else if (s.additionalProperties !== undefined && s.additionalProperties !== false) out[k] = pruned(x, additionalSchema(s));
    else if (preserve) out[k] = x;
  }
  return out;
}
