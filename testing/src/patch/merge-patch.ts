// RFC 7386 JSON merge patch, as the server applies it to the live object's JSON.

import { cloneJson, getKey, isObject, setKey, type JsonObject, type JsonValue } from "./json.js";

/**
 * Applies a JSON merge patch: objects merge key by key, `null` deletes a key, anything else
 * (arrays included) replaces the target. A non-object patch replaces the whole target.
 */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return cloneJson(patch);
  const root: JsonObject = isObject(target) ? cloneJson(target) : {};
  // A work list, not recursion: a patch may nest as deep as the decoder allows (10,000 levels), past
  // the call stack. Each entry pairs a patch object with the (already copied) object it merges into.
  const work: [JsonObject, JsonObject][] = [[root, patch]];
  for (let item = work.pop(); item; item = work.pop()) {
    const [out, p] = item;
    for (const [k, v] of Object.entries(p)) {
      if (v === null) delete out[k];
      else if (!isObject(v)) setKey(out, k, cloneJson(v));
      else {
        const cur = getKey(out, k);
        const child: JsonObject = isObject(cur) ? cur : {};
        setKey(out, k, child);
        work.push([child, v]);
      }
    }
  }
  return root;
}
