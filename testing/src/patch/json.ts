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

/**
 * The value of `obj`'s own `key`, or undefined. A patch reads the object it merges into by the
 * patch's keys, and a plain read of `__proto__` (or `constructor`) finds Object.prototype's members,
 * which a merge would then write into, polluting every object of the process.
 */
export function getKey<T>(obj: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/**
 * Sets `key` of `obj` as an own property. A client's JSON may hold any key, `__proto__` included (a
 * ConfigMap's data key, say, which the real server stores like any other): JSON.parse makes it an
 * own property, but an assignment would set the object's prototype instead and lose the key.
 */
export function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/** Deep copy of a JSON value, so results never alias their inputs. */
export function cloneJson<T extends JsonValue>(v: T): T {
  return deepCopy(v);
}

/**
 * Deep copy of plain JSON data. structuredClone recurses natively and overflows the stack a few
 * thousand levels down, well under the 10,000 levels the server accepts, so such values are copied
 * with an explicit stack instead (the fast native copy stays for everything else).
 */
export function deepCopy<T>(v: T): T {
  try {
    return structuredClone(v);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const root: { v: unknown } = { v: undefined };
  const stack: [unknown, Record<string, unknown> | unknown[], string | number][] = [[v, root, "v"]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [src, into, key] = top;
    let copy: unknown = src;
    if (Array.isArray(src)) {
      const a: unknown[] = new Array<unknown>(src.length);
      src.forEach((x, i) => stack.push([x, a, i]));
      copy = a;
    } else if (typeof src === "object" && src !== null) {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(src)) {
        setKey(o, k, undefined);
        stack.push([x, o, k]);
      }
      copy = o;
    }
    if (Array.isArray(into)) into[key as number] = copy;
    else setKey(into, key as string, copy);
  }
  return root.v as T;
}

/**
 * JSON.stringify of plain JSON data, for any depth the server accepts: the native encoder recurses
 * and overflows the stack a few thousand levels down, so deeper values are written with an explicit
 * stack, to the same text (undefined members left out, undefined array items written as null).
 */
export function stringifyJson(v: unknown): string {
  try {
    return JSON.stringify(v);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
  }
  const out: string[] = [];
  // Each entry is text to write or a value to encode.
  const stack: ({ text: string } | { value: unknown; inArray: boolean })[] = [{ value: v, inArray: true }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    if ("text" in top) {
      out.push(top.text);
      continue;
    }
    const { value, inArray } = top;
    if (Array.isArray(value)) {
      const parts: typeof stack = [{ text: "[" }];
      value.forEach((x, i) => parts.push(...(i > 0 ? [{ text: "," }] : []), { value: x, inArray: true }));
      parts.push({ text: "]" });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    } else if (typeof value === "object" && value !== null) {
      const parts: typeof stack = [{ text: "{" }];
      let first = true;
      for (const [k, x] of Object.entries(value)) {
        if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
        parts.push({ text: `${first ? "" : ","}${JSON.stringify(k)}:` }, { value: x, inArray: false });
        first = false;
      }
      parts.push({ text: "}" });
      for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
    } else {
      // Members holding undefined never get here (skipped above); array items holding it are null.
      out.push(value === undefined && inArray ? "null" : (JSON.stringify(value) ?? "null"));
    }
  }
  return out.join("");
}

/** JSON text as Go's encoder writes it (HTML-sensitive characters escaped), used inside fieldsV1 keys. */
export function goJson(v: JsonValue): string {
  return stringifyJson(v)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
