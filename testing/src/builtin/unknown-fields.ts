// Unknown fields in built-in objects: the real server decodes them into Go structs, which drops fields
// the type does not declare and (with field validation) reports them. The patch library's type info
// for built-ins tells declared fields from map keys, which is all this needs.
import type { TypeInfo } from "../patch/index.js";

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function walk(t: TypeInfo, v: unknown, path: string, out: string[]): void {
  if (t.kind === "list" && Array.isArray(v)) {
    v.forEach((x, i) => walk(t.elem, x, `${path}[${i}]`, out));
    return;
  }
  if (t.kind !== "map" || !isObject(v)) return;
  // An object type with neither fields nor an element type is free-form (FieldsV1, RawExtension...).
  if (Object.keys(t.fields).length === 0 && !t.elem) return;
  for (const key of Object.keys(v)) {
    const child = Object.hasOwn(t.fields, key) ? t.fields[key] : t.elem;
    const at = path ? `${path}.${key}` : key;
    if (!child) {
      out.push(at);
      delete v[key];
      continue;
    }
    walk(child, v[key], at, out);
  }
}

/** Removes, in place, fields `type` does not declare; returns their paths ("spec.replicaz"). */
export function pruneUndeclaredFields(type: TypeInfo, obj: Record<string, unknown>): string[] {
  const out: string[] = [];
  walk(type, obj, "", out);
  return out;
}
