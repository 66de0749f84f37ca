// RFC 7386 JSON merge patch, as the server applies it to the live object's JSON.

import { cloneJson, isObject, type JsonObject, type JsonValue } from "./json.js";

/**
 * Applies a JSON merge patch: objects merge key by key, `null` deletes a key, anything else
 * (arrays included) replaces the target. A non-object patch replaces the whole target.
 */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return cloneJson(patch);
  const out: JsonObject = isObject(target) ? cloneJson(target) : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(out[k], v);
  }
  return out;
}
