// Validation ratcheting (CRDValidationRatcheting: on from 1.30, GA in 1.33), as the server's
// CorrelatedObject decides it: on an update, a value that equals the old value it correlates with
// keeps its errors to itself (schema errors are dropped, a failed CEL rule that does not use oldSelf
// becomes a Warning), so that a CRD can tighten its schema without breaking objects nobody touches.
//
// A value correlates with the old value at the same object key (when the key's schema is known), or
// in an x-kubernetes-list-type=map list with the old item of the same keys; items of other lists do
// not correlate, and their errors ratchet with their nearest correlated ancestor.
import { isObject, jsonEqual, type SchemaNode } from "./schema-node.js";

/** The old item a new list-map item correlates with (same values for every map key), if any. */
export function correlatedItem(node: SchemaNode, item: unknown, old: readonly unknown[]): { value: unknown } | undefined {
  if (node.listType !== "map" || !isObject(item)) return undefined;
  const keys = node.listMapKeys;
  const hit = old.find((o) => isObject(o) && keys.every((k) => jsonEqual(o[k], item[k])));
  return hit === undefined ? undefined : { value: hit };
}

/** The schema of an object's key `k`: its property's, else additionalProperties' when that is a schema. */
export function keySchema(node: SchemaNode, k: string): SchemaNode | undefined {
  return node.properties?.get(k) ?? (typeof node.additional === "object" ? node.additional : undefined);
}

/** One update's equality checks, each composite value compared once (CachedDeepEqual). */
export class Ratchet {
  private readonly cache = new WeakMap<object, boolean>();

  /** Whether `value` equals the `old` value it correlates with, below `node` (CorrelatedObject.CachedDeepEqual). */
  unchanged(node: SchemaNode, value: unknown, old: unknown): boolean {
    if (value === null || value === undefined || old === null || old === undefined) return (value ?? null) === (old ?? null);
    if (typeof value !== "object") return jsonEqual(value, old);
    const cached = this.cache.get(value);
    if (cached !== undefined) return cached;
    const result = this.compare(node, value, old);
    this.cache.set(value, result);
    return result;
  }

  private compare(node: SchemaNode, value: object, old: unknown): boolean {
    if (Array.isArray(value)) {
      if (!Array.isArray(old) || old.length !== value.length) return false;
      // Items of a list that is not a map do not correlate: the lists compare whole.
      if (node.listType !== "map" || node.items === undefined) return jsonEqual(value, old);
      const items = node.items;
      return value.every((x) => {
        const prev = correlatedItem(node, x, old);
        return prev !== undefined && this.unchanged(items, x, prev.value);
      });
    }
    if (!isObject(old) || Array.isArray(old)) return false;
    const keys = Object.keys(value);
    if (keys.length !== Object.keys(old).length) return false;
    return keys.every((k) => {
      const sub = keySchema(node, k);
      return sub !== undefined && Object.hasOwn(old, k) && this.unchanged(sub, (value as Record<string, unknown>)[k], old[k]);
    });
  }
}

/** Where a value stands against the old object during a ratcheting validation. */
export interface Correlation {
  readonly ratchet: Ratchet;
  /** The old value this one correlates with. */
  readonly old: unknown;
}

/** The correlation of an object's key `k`, when both the old and new objects have it and its schema is known. */
export function keyCorrelation(c: Correlation | undefined, node: SchemaNode, k: string): Correlation | undefined {
  if (c === undefined || !isObject(c.old) || !Object.hasOwn(c.old, k) || keySchema(node, k) === undefined) return undefined;
  return { ratchet: c.ratchet, old: c.old[k] };
}

/** The correlation of a list item: only list-map items correlate. */
export function itemCorrelation(c: Correlation | undefined, node: SchemaNode, item: unknown): Correlation | undefined {
  if (c === undefined || !Array.isArray(c.old)) return undefined;
  const prev = correlatedItem(node, item, c.old);
  return prev === undefined ? undefined : { ratchet: c.ratchet, old: prev.value };
}
