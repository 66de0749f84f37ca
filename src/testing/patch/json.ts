// JSON value helpers shared by every patch flavour: the library works on plain decoded JSON.

/** Any decoded JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A decoded JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** True for a JSON object (not null, not an array). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Structural equality of two JSON values (object key order ignored, array order kept). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Deep copy of a JSON value, so results never alias their inputs. */
export function cloneJson<T extends JsonValue>(v: T): T {
  return structuredClone(v);
}

/** JSON text as Go's encoder writes it (HTML-sensitive characters escaped), used inside fieldsV1 keys. */
export function goJson(v: JsonValue): string {
  return JSON.stringify(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
