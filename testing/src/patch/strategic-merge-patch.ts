// Strategic merge patch for built-in types: like a merge patch, except lists whose field declares
// patch strategy "merge" are merged item by item (by patch merge key, or as a set of primitives), and
// the directives $patch (replace/delete/merge), $retainKeys, $setElementOrder/<field> and
// $deleteFromPrimitiveList/<field> are honoured. Merge keys come from the built-in OpenAPI table.

import { badRequest, type PatchResult } from "./patch-error.js";
import { cloneJson, getKey, isObject, jsonEqual, setKey, type JsonObject, type JsonValue } from "./json.js";
import { fieldType, UNTYPED, type ListType, type TypeInfo } from "./type-info.js";

const PATCH = "$patch";
const RETAIN_KEYS = "$retainKeys";
const ORDER_PREFIX = "$setElementOrder/";
const DELETE_PRIMITIVE_PREFIX = "$deleteFromPrimitiveList/";

class SmpFailure extends Error {}

/** Applies a strategic merge patch (the decoded body) to `target`, typed by `type`. */
export function applyStrategicMergePatch(target: JsonObject, patch: JsonValue, type: TypeInfo): PatchResult<JsonObject> {
  if (!isObject(patch)) {
    return { ok: false, error: badRequest("json: cannot unmarshal non-object into Go value of type map[string]interface {}") };
  }
  try {
    return { ok: true, value: mergeMap(cloneJson(target), patch, type) };
  } catch (e) {
    if (e instanceof SmpFailure) return { ok: false, error: badRequest(e.message) };
    throw e;
  }
}

function mergeMap(original: JsonObject, patch: JsonObject, type: TypeInfo): JsonObject {
  const directive = patch[PATCH];
  if (directive !== undefined) {
    if (directive === "replace") return stripDirectives(withoutKey(patch, PATCH)) as JsonObject;
    if (directive === "delete") return {};
    if (directive !== "merge") throw new SmpFailure(`Unknown patch type: ${String(directive)} in map: ${JSON.stringify(patch)}`);
  }
  const retain = patch[RETAIN_KEYS];
  if (retain !== undefined) {
    if (!Array.isArray(retain)) throw new SmpFailure(`$retainKeys must be a list, got ${JSON.stringify(retain)}`);
    const keep = new Set(retain.filter((k): k is string => typeof k === "string"));
    for (const k of Object.keys(patch)) {
      if (!k.startsWith("$") && patch[k] !== null && !keep.has(k)) {
        throw new SmpFailure(`The order in patch list: ${JSON.stringify(retain)} doesn't match $retainKeys`);
      }
    }
    for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
  }
  for (const [k, v] of Object.entries(patch)) {
    if (k === PATCH || k === RETAIN_KEYS || k.startsWith(ORDER_PREFIX)) continue;
    if (k.startsWith(DELETE_PRIMITIVE_PREFIX)) {
      const field = k.slice(DELETE_PRIMITIVE_PREFIX.length);
      const cur = getKey(original, field);
      if (Array.isArray(cur) && Array.isArray(v)) {
        const kept = cur.filter((x) => !v.some((d) => jsonEqual(d, x)));
        setKey(original, field, kept);
      }
      continue;
    }
    const t = fieldType(type, k);
    if (v === null) {
      delete original[k];
      continue;
    }
    const cur = getKey(original, k);
    if (cur === undefined || cur === null) {
      setKey(original, k, Array.isArray(v) && t.kind === "list" ? mergeList([], v, t, order(patch, k)) : stripDirectives(v));
    } else if (isObject(cur) && isObject(v)) {
      setKey(original, k, mergeMap(cur, v, t.kind === "map" ? t : UNTYPED));
    } else if (Array.isArray(cur) && Array.isArray(v) && t.kind === "list" && t.patch?.strategies.includes("merge")) {
      setKey(original, k, mergeList(cur, v, t, order(patch, k)));
    } else {
      setKey(original, k, stripDirectives(v));
    }
  }
  return original;
}

function order(patch: JsonObject, key: string): JsonValue[] | undefined {
  const o = patch[ORDER_PREFIX + key];
  return Array.isArray(o) ? o : undefined;
}

function mergeList(original: JsonValue[], patch: JsonValue[], t: ListType, elementOrder: JsonValue[] | undefined): JsonValue[] {
  if (!t.patch?.strategies.includes("merge")) return stripDirectives(patch) as JsonValue[];
  const replace = patch.find((p) => isObject(p) && p[PATCH] === "replace");
  if (replace !== undefined) return stripDirectives(patch.filter((p) => p !== replace)) as JsonValue[];
  const mergeKey = t.patch.mergeKey;
  let out = [...original];
  if (mergeKey === undefined) {
    for (const p of patch) if (!out.some((x) => jsonEqual(x, p))) out.push(p);
  } else {
    for (const p of patch) {
      if (!isObject(p)) throw new SmpFailure(`merging an object in json but data type is not map, got ${JSON.stringify(p)}`);
      if (!(mergeKey in p)) throw new SmpFailure(`map: ${JSON.stringify(p)} does not contain declared merge key: ${mergeKey}`);
      const key = p[mergeKey];
      const at = out.findIndex((x) => isObject(x) && jsonEqual(x[mergeKey], key));
      if (p[PATCH] === "delete") {
        out = out.filter((x) => !(isObject(x) && jsonEqual(x[mergeKey], key)));
      } else if (at >= 0) {
        out[at] = mergeMap(out[at] as JsonObject, p, t.elem);
      } else {
        out.push(stripDirectives(p));
      }
    }
  }
  const patchOrder = elementOrder ?? patch.filter((p) => !(isObject(p) && p[PATCH] !== undefined && p[PATCH] !== "merge"));
  return normalizeOrder(out, patchOrder, original, mergeKey);
}

// apimachinery's order: items named by the patch (or $setElementOrder) in that order, interleaved with
// server-only items, which keep their original order and go first when they came first originally.
function normalizeOrder(merged: JsonValue[], patchOrder: JsonValue[], original: JsonValue[], mergeKey: string | undefined): JsonValue[] {
  const keyOf = (x: JsonValue): JsonValue | undefined => (mergeKey === undefined ? x : isObject(x) ? x[mergeKey] : undefined);
  const indexIn = (list: JsonValue[], item: JsonValue): number => {
    const k = keyOf(item);
    return list.findIndex((o) => jsonEqual(keyOf(o), k));
  };
  const byIndexIn = (list: JsonValue[]) => (a: JsonValue, b: JsonValue) => indexIn(list, a) - indexIn(list, b);
  const fromPatch = merged.filter((x) => indexIn(patchOrder, x) >= 0).sort(byIndexIn(patchOrder));
  const serverOnly = merged.filter((x) => indexIn(patchOrder, x) < 0).sort(byIndexIn(original));
  const out: JsonValue[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < fromPatch.length) {
    if (j >= fromPatch.length) out.push(serverOnly[i++]!);
    else if (i >= serverOnly.length) out.push(fromPatch[j++]!);
    else {
      const li = indexIn(original, serverOnly[i]!);
      const ri = indexIn(original, fromPatch[j]!);
      if (li >= 0 && ri >= 0 && li < ri) out.push(serverOnly[i++]!);
      else out.push(fromPatch[j++]!);
    }
  }
  return out;
}

function withoutKey(o: JsonObject, key: string): JsonObject {
  const { [key]: _drop, ...rest } = o;
  return rest;
}

/** A copy of `v` without SMP directive keys (they must never reach the stored object). */
function stripDirectives(v: JsonValue): JsonValue {
  // A work list, not recursion: a patch may nest as deep as the decoder allows (10,000 levels), past
  // the call stack. Containers are created empty and filled when their source is taken off the list.
  const empty = (x: JsonValue): JsonValue => (Array.isArray(x) ? [] : isObject(x) ? {} : x);
  const root = empty(v);
  const work: [JsonValue, JsonValue][] = [[v, root]];
  for (let item = work.pop(); item; item = work.pop()) {
    const [src, dst] = item;
    if (Array.isArray(src) && Array.isArray(dst)) {
      for (const x of src) {
        if (isObject(x) && x[PATCH] === "delete") continue;
        const c = empty(x);
        dst.push(c);
        if (c !== x) work.push([x, c]);
      }
    } else if (isObject(src) && isObject(dst)) {
      for (const [k, x] of Object.entries(src)) {
        if (k.startsWith("$")) continue;
        const c = empty(x);
        setKey(dst, k, c);
        if (c !== x) work.push([x, c]);
      }
    }
  }
  return root;
}
