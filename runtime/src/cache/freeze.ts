// Development-time guard for the read-only contract of cached objects: a deep Object.freeze, so a
// handler that mutates a cached object fails loudly (in strict mode) instead of corrupting the cache.

/** Freezes `value` and everything reachable from it; returns it. */
export function deepFreeze<V>(value: V): V {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  return value;
}
