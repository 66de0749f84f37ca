// Walking a JSON value together with its TypeInfo: children with their path elements, the field set
// of an applied configuration, the comparison of two objects, typed merge and removal of paths.
// These follow structured-merge-diff's typed operations (ToFieldSet, Compare, Merge, RemoveItems).

import { FieldSet, type FieldPath, type PathElement } from "./field-set.js";
import { getKey, goJson, isObject, jsonEqual, setKey, type JsonObject, type JsonValue } from "./json.js";
import { fieldType, isDeclaredField, isLeafType, type ListType, type TypeInfo } from "./type-info.js";

/** One child of a granular value. */
export interface Child {
  readonly pe: PathElement;
  readonly value: JsonValue;
  readonly type: TypeInfo;
  /** For object children: the property name. */
  readonly key?: string;
}

/** The path element naming list item `item` at `index` in a list typed `t`. */
export function listItemElement(t: ListType, item: JsonValue, index: number): PathElement {
  if (t.listType === "set") return "v:" + goJson(item);
  if (t.listType === "map" && isObject(item)) {
    const key: JsonObject = {};
    for (const k of [...t.keys].sort()) {
      const v = item[k] ?? t.keyDefaults?.[k];
      if (v !== undefined) key[k] = v;
    }
    return "k:" + goJson(key);
  }
  return "i:" + String(index);
}

/** Children of a granular value (empty for leaves and nulls). */
export function childrenOf(value: JsonValue | undefined, t: TypeInfo): Child[] {
  if (value === undefined || value === null || isLeafType(t, value)) return [];
  if (Array.isArray(value)) {
    if (t.kind !== "list") return [];
    return value.map((item, i) => ({ pe: listItemElement(t, item, i), value: item, type: t.elem }));
  }
  if (!isObject(value)) return [];
  return Object.entries(value).map(([key, v]) => ({ pe: "f:" + key, value: v, type: fieldType(t, key), key }));
}

/**
 * The fields an applied configuration sets (structured-merge-diff's ToFieldSet): leaves, list items,
 * undeclared map keys, and declared fields whose value is null or an empty object.
 */
export function toFieldSet(value: JsonValue, t: TypeInfo): FieldSet {
  const set = FieldSet.empty();
  const walk = (v: JsonValue, tt: TypeInfo, path: PathElement[]): void => {
    if (isLeafType(tt, v)) {
      if (path.length > 0) set.insertInPlace(path);
      return;
    }
    for (const c of childrenOf(v, tt)) {
      const p = [...path, c.pe];
      walk(c.value, c.type, p);
      const isListItem = Array.isArray(v);
      const emptyish = c.value === null || (isObject(c.value) && Object.keys(c.value).length === 0);
      if (isListItem || emptyish || (c.key !== undefined && !isDeclaredField(tt, c.key))) set.insertInPlace(p);
    }
  };
  walk(value, t, []);
  return set;
}

/** What changed between two versions of an object, path by path. */
export interface Comparison {
  readonly added: FieldSet;
  readonly removed: FieldSet;
  readonly modified: FieldSet;
}

/** Compares `oldV` with `newV` (structured-merge-diff's Compare): every node added, removed or changed. */
export function compare(oldV: JsonValue | undefined, newV: JsonValue | undefined, t: TypeInfo): Comparison {
  const added = FieldSet.empty();
  const removed = FieldSet.empty();
  const modified = FieldSet.empty();
  const walk = (l: JsonValue | undefined, r: JsonValue | undefined, tt: TypeInfo, path: PathElement[]): void => {
    // Two empty (or null) collections compare as leaves, keeping the empty/null distinction.
    const leaf = (l !== undefined && isLeafType(tt, l)) || (r !== undefined && isLeafType(tt, r)) || (isEmptyish(l) && isEmptyish(r));
    if (leaf) {
      if (path.length === 0) return;
      if (l === undefined) added.insertInPlace(path);
      else if (r === undefined) removed.insertInPlace(path);
      else if (!jsonEqual(l, r)) modified.insertInPlace(path);
      return;
    }
    const lc = indexChildren(l, tt);
    const rc = indexChildren(r, tt);
    for (const pe of new Set([...lc.keys(), ...rc.keys()])) {
      const a = lc.get(pe);
      const b = rc.get(pe);
      const p = [...path, pe];
      walk(a?.value, b?.value, (b ?? a)!.type, p);
      if (!a) added.insertInPlace(p);
      else if (!b) removed.insertInPlace(p);
    }
  };
  walk(oldV, newV, t, []);
  return { added, removed, modified };
}

function isEmptyish(v: JsonValue | undefined): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

function indexChildren(v: JsonValue | undefined, t: TypeInfo): Map<PathElement, Child> {
  const m = new Map<PathElement, Child>();
  for (const c of childrenOf(v, t)) if (!m.has(c.pe)) m.set(c.pe, c);
  return m;
}

/** Removes the paths of `comparison` that lie in or below `ignored` (FilterFields). */
export function filterComparison(c: Comparison, ignored: FieldSet): Comparison {
  if (ignored.isEmpty()) return c;
  return {
    added: c.added.recursiveDifference(ignored),
    removed: c.removed.recursiveDifference(ignored),
    modified: c.modified.recursiveDifference(ignored),
  };
}

/**
 * Typed merge of an applied configuration onto the live object (structured-merge-diff's Merge):
 * leaves are replaced, granular maps merged by key, associative lists merged by item identity with
 * live-only items kept in place and the configuration's order for the rest.
 */
export function typedMerge(live: JsonValue | undefined, config: JsonValue | undefined, t: TypeInfo): JsonValue | undefined {
  if (config === undefined) return live;
  if (live === undefined || live === null || config === null) return config;
  if (isLeafType(t, config) || isLeafType(t, live)) return config;
  if (Array.isArray(config) && Array.isArray(live) && t.kind === "list") return mergeList(live, config, t);
  if (isObject(config) && isObject(live)) {
    const out: JsonObject = { ...live };
    for (const [k, v] of Object.entries(config)) {
      const m = typedMerge(getKey(live, k), v, fieldType(t, k));
      if (m !== undefined) setKey(out, k, m);
    }
    return out;
  }
  return config;
}

function mergeList(lhs: JsonValue[], rhs: JsonValue[], t: ListType): JsonValue[] {
  const lPE = lhs.map((x, i) => listItemElement(t, x, i));
  const rPE = rhs.map((x, i) => listItemElement(t, x, i));
  const lMap = new Map(lPE.map((pe, i) => [pe, lhs[i]!]));
  const rMap = new Map(rPE.map((pe, i) => [pe, rhs[i]!]));
  const shared = rPE.filter((pe) => lMap.has(pe));
  let next = 0;
  const out: JsonValue[] = [];
  let l = 0;
  let r = 0;
  while (l < lPE.length || r < rPE.length) {
    if (l < lPE.length && r < rPE.length) {
      const pe = lPE[l]!;
      if (pe === rPE[r]) {
        out.push(typedMerge(lMap.get(pe), rMap.get(pe), t.elem) ?? null);
        l++;
        r++;
        next++;
        continue;
      }
      // A shared item met out of the configuration's order waits for its turn on the right.
      if (rMap.has(pe) && next < shared.length && shared[next] !== pe) {
        l++;
        continue;
      }
    }
    if (l < lPE.length && !rMap.has(lPE[l]!)) {
      out.push(lMap.get(lPE[l]!)!);
      l++;
      continue;
    }
    if (r < rPE.length) {
      const pe = rPE[r]!;
      out.push(typedMerge(lMap.get(pe), rMap.get(pe), t.elem) ?? null);
      r++;
      if (next < shared.length && shared[next] === pe) next++;
      continue;
    }
    l++;
  }
  return out;
}

/** A copy of `value` without the nodes at the paths of `set` (and everything below them). */
export function removeItems(value: JsonValue, set: FieldSet, t: TypeInfo): JsonValue {
  const walk = (v: JsonValue, tt: TypeInfo, path: FieldPath): JsonValue => {
    if (isLeafType(tt, v) || v === null) return v;
    if (Array.isArray(v)) {
      const out: JsonValue[] = [];
      for (const c of childrenOf(v, tt)) {
        const p = [...path, c.pe];
        if (set.has(p)) continue;
        out.push(set.hasAtOrBelow(p) ? walk(c.value, c.type, p) : c.value);
      }
      return out;
    }
    const out: JsonObject = {};
    for (const c of childrenOf(v, tt)) {
      const p = [...path, c.pe];
      if (set.has(p)) continue;
      out[c.key!] = set.hasAtOrBelow(p) ? walk(c.value, c.type, p) : c.value;
    }
    return out;
  };
  return walk(value, t, []);
}

/**
 * The first list-map item in `value` that lacks one of its key fields, described as structured-merge-diff
 * does (`.spec.ports: element 0: associative list with keys has an element that omits key field "protocol"`).
 */
export function findMissingListMapKey(value: JsonValue, t: TypeInfo): string | undefined {
  const walk = (v: JsonValue, tt: TypeInfo, path: string): string | undefined => {
    if (isLeafType(tt, v) || v === null) return undefined;
    if (Array.isArray(v) && tt.kind === "list") {
      for (const [i, item] of v.entries()) {
        if (tt.listType === "map" && isObject(item)) {
          const missing = tt.keys.find((k) => item[k] === undefined && tt.keyDefaults?.[k] === undefined);
          if (missing !== undefined) {
            return `${path}: element ${i}: associative list with keys has an element that omits key field ${JSON.stringify(missing)} (and doesn't have default value)`;
          }
        }
        const found = walk(item, tt.elem, `${path}[${i}]`);
        if (found) return found;
      }
      return undefined;
    }
    if (!isObject(v)) return undefined;
    for (const [k, x] of Object.entries(v)) {
      const found = walk(x, fieldType(tt, k), `${path}.${k}`);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, t, "");
}
