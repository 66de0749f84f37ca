// Validation ratcheting (CRDValidationRatcheting: on from 1.30, GA in 1.33), as the server's
// CorrelatedObject decides it: on an update, a value that equals the old value it correlates with
// keeps its errors to itself (schema errors are dropped, a failed CEL rule that does not use oldSelf
// becomes a Warning), so that a CRD can tighten its schema without breaking objects nobody touches.
//
// A value correlates with the old value at the same object key (when the key's schema is known), or
// in an x-kubernetes-list-type=map list with the old item of the same keys; items of other lists do
// not correlate, and their errors ratchet with their nearest correlated ancestor.
import { isObject, jsonEqual, keySchema, type SchemaNode } from "./schema-node.js";

/**
 * A list-map item's key (CompositeKeyFor): the values of every map key, each a bool, number or
 * string; an item missing one, or with another kind of value there, has none and correlates with nothing.
 */
function compositeKey(keys: readonly string[], item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const parts: unknown[] = [];
  for (const k of keys) {
    const v = item[k];
    if (!Object.hasOwn(item, k) || (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean")) return undefined;
    parts.push(v);
  }
  return JSON.stringify(parts);
}

// Each old list indexed once by composite key (the server's MapList), not searched once per new item.
const oldIndexes = new WeakMap<readonly unknown[], { keys: readonly string[]; byKey: Map<string, unknown> }>();

function oldIndex(keys: readonly string[], old: readonly unknown[]): Map<string, unknown> {
  const cached = oldIndexes.get(old);
  if (cached !== undefined && cached.keys === keys) return cached.byKey;
  const byKey = new Map<string, unknown>();
  for (const o of old) {
    const k = compositeKey(keys, o);
    // The first item of a key wins, as a search from the start would find it.
    if (k !== undefined && !byKey.has(k)) byKey.set(k, o);
  }
  oldIndexes.set(old, { keys, byKey });
  return byKey;
}

/** The old item a new list-map item correlates with (the same composite key), if any. */
export function correlatedItem(node: SchemaNode, item: unknown, old: readonly unknown[]): { value: unknown } | undefined {
  if (node.listType !== "map") return undefined;
  const key = compositeKey(node.listMapKeys, item);
  if (key === undefined) return undefined;
  const byKey = oldIndex(node.listMapKeys, old);
  return byKey.has(key) ? { value: byKey.get(key) } : undefined;
}

/** One update's equality checks, each composite value compared once per place (CachedDeepEqual). */
export class Ratchet {
  // Keyed by the new value, then by the schema and old value it was compared under: the same object
  // may be compared under an allOf branch's schema before its own, or appear at two places.
  private readonly cache = new WeakMap<object, { node: SchemaNode; old: unknown; result: boolean }[]>();

  /** Whether `value` equals the `old` value it correlates with, below `node` (CorrelatedObject.CachedDeepEqual). */
  unchanged(node: SchemaNode, value: unknown, old: unknown): boolean {
    if (value === null || value === undefined || old === null || old === undefined) return (value ?? null) === (old ?? null);
    if (typeof value !== "object") return jsonEqual(value, old);
    let entries = this.cache.get(value);
    const hit = entries?.find((e) => e.node === node && e.old === old);
    if (hit !== undefined) return hit.result;
    const result = this.compare(node, value, old);
    if (entries === undefined) this.cache.set(value, (entries = []));
    entries.push({ node, old, result });
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
