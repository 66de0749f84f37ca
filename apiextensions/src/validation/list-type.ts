// x-kubernetes-list-type set/map uniqueness, checked after schema validation like the server's
// structurallisttype.ValidateListSetsAndMaps: one Duplicate error at the second occurrence of each value
// (sets) or key tuple (maps); map lists report the keys alone as the duplicate value.
import type { FieldError } from "./types.js";
import type { ServerWording } from "./name-rules.js";
import { childPath, duplicate, indexPath, invalid, keyPath } from "./field-error.js";
import { isObject, type SchemaNode } from "./schema-node.js";

const UNSPECIFIED = Symbol("unspecified key");

/** Walks `obj` and reports list-set and list-map uniqueness violations. */
export function validateListTypes(node: SchemaNode, obj: unknown, path: string, out: FieldError[], w: ServerWording): void {
  if (Array.isArray(obj)) {
    if (node.listType === "set") for (const i of nonUnique(obj)) out.push(duplicate(indexPath(path, i), obj[i], w));
    else if (node.listType === "map") validateListMap(node, obj, path, out, w);
    if (node.items) for (let i = 0; i < obj.length; i++) validateListTypes(node.items, obj[i], indexPath(path, i), out, w);
    return;
  }
  if (!isObject(obj)) return;
  if (typeof node.additional === "object") {
    for (const [k, v] of Object.entries(obj)) if (!node.properties?.has(k)) validateListTypes(node.additional, v, keyPath(path, k), out, w);
  }
  if (node.properties) {
    for (const [k, v] of Object.entries(obj)) {
      const sub = node.properties.get(k);
      if (sub) validateListTypes(sub, v, childPath(path, k), out, w);
    }
  }
}

// Identity of a list element for uniqueness: compounds by their JSON text, scalars by type and value.
function identity(x: unknown): string {
  if (x === UNSPECIFIED) return "\u0000unspecified";
  if (typeof x === "object" && x !== null) return "c" + stableJson(x);
  return typeof x + ":" + String(x);
}

function stableJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(stableJson).join(",")}]`;
  if (isObject(x))
    return `{${Object.keys(x)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(x[k])}`)
      .join(",")}}`;
  return JSON.stringify(x) ?? "null";
}

/** Indices of the second occurrence of each repeated element. */
function nonUnique(items: readonly unknown[]): number[] {
  const seen = new Map<string, number>();
  const out: number[] = [];
  items.forEach((x, i) => {
    const id = identity(x);
    const times = seen.get(id) ?? 0;
    seen.set(id, times + 1);
    if (times === 1) out.push(i);
  });
  return out;
}

function validateListMap(node: SchemaNode, obj: unknown[], path: string, out: FieldError[], w: ServerWording): void {
  for (let i = 0; i < obj.length; i++) {
    const x = obj[i];
    if (x !== null && !isObject(x)) {
      out.push(invalid(indexPath(path, i), x, "must be an object for an array of list-type map", w));
      return;
    }
  }
  if (obj.length <= 1) return;
  const keys = node.listMapKeys;
  if (keys.length === 1) {
    const key = keys[0] ?? "";
    const values = obj.map((x) => (isObject(x) && Object.hasOwn(x, key) ? x[key] : UNSPECIFIED));
    for (const i of nonUnique(values)) {
      const v = values[i];
      out.push(duplicate(indexPath(path, i), v === UNSPECIFIED ? {} : { [key]: v }, w));
    }
    return;
  }
  const tuples = obj.map((x) => {
    const t: Record<string, unknown> = {};
    if (isObject(x)) for (const k of keys) if (Object.hasOwn(x, k)) t[k] = x[k];
    return t;
  });
  for (const i of nonUnique(tuples)) out.push(duplicate(indexPath(path, i), tuples[i], w));
}
