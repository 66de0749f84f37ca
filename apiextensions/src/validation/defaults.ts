// Defaulting as the server does it (structuraldefaulting): first nulls of non-nullable fields without a
// default are dropped, then missing fields (and non-nullable nulls) get deep copies of their defaults, and
// defaulted values are themselves defaulted below.
import { isObject, keySchema, type SchemaNode } from "./schema-node.js";

/** Applies defaults to `obj` in place. */
export function applyDefaults(root: SchemaNode, obj: Record<string, unknown>): void {
  dropNonNullableNulls(obj, root);
  defaultValue(obj, root);
}

const isNonNullableNull = (v: unknown, s: SchemaNode | undefined): boolean => v === null && !(s?.nullable ?? false);

function dropNonNullableNulls(x: unknown, s: SchemaNode | undefined): void {
  if (!s) return;
  if (Array.isArray(x)) {
    for (const v of x) dropNonNullableNulls(v, s.items);
  } else if (isObject(x)) {
    for (const k of Object.keys(x)) {
      const sub = keySchema(s, k);
      if (!sub) continue;
      if (x[k] === null && !sub.nullable && !sub.hasDefault) delete x[k];
      else dropNonNullableNulls(x[k], sub);
    }
  }
}

function defaultValue(x: unknown, s: SchemaNode | undefined): void {
  if (!s) return;
  if (Array.isArray(x)) {
    const items = s.items;
    x.forEach((v, i) => {
      if (items?.hasDefault && isNonNullableNull(v, items)) x[i] = structuredClone(items.raw.default);
      else defaultValue(v, items);
    });
    return;
  }
  if (!isObject(x)) return;
  if (s.properties) {
    for (const [k, prop] of s.properties) {
      if (!prop.hasDefault) continue;
      if (!Object.hasOwn(x, k) || isNonNullableNull(x[k], prop)) x[k] = structuredClone(prop.raw.default);
    }
  }
  for (const k of Object.keys(x)) {
    const prop = s.properties?.get(k);
    if (prop) defaultValue(x[k], prop);
    else if (typeof s.additional === "object") {
      const ap = s.additional;
      if (ap.hasDefault && isNonNullableNull(x[k], ap)) x[k] = structuredClone(ap.raw.default);
      else defaultValue(x[k], ap);
    }
  }
}
