// Plain data as JSON text and back, exactly: what JSON.stringify would lose or change (undefined,
// an undefined array element becoming null, -0, NaN, the infinities, Maps, Sets) is written as an
// object tagged with the key U+0000, and a plain object that has that key itself is tagged too, so
// decoding gives back data equal to what was encoded, and equal texts mean equal data. The parse
// cache stores the loader's syntax this way, and unit keys hash the model through it.

/** The tag key: no key of the loader's syntax or the model starts with U+0000. */
const TAG = "\u0000";

/** Encodes plain data; `replace` may substitute a value first (a class instance by the data it holds). A function is a bug: it throws. */
export function encodePlain(value: unknown, replace?: (value: unknown) => unknown): string {
  // Most data needs no tag: then JSON.stringify alone writes the same text, without calling a
  // replacer on every value (which made encoding the parse cache's entries a fifth of a second at
  // 1,000 kinds).
  if (replace === undefined && jsonExact(value)) return JSON.stringify(value);
  return JSON.stringify(value, function (this: unknown, _key: string, v: unknown): unknown {
    const r = replace ? replace(v) : v;
    if (r === undefined) return { [TAG]: "u" };
    if (typeof r === "number" && (!Number.isFinite(r) || Object.is(r, -0))) return { [TAG]: "n", v: Object.is(r, -0) ? "-0" : String(r) };
    if (typeof r === "bigint") return { [TAG]: "b", v: r.toString() };
    if (typeof r === "function" || typeof r === "symbol") throw new Error(`encodePlain: a ${typeof r} is not plain data`);
    if (r instanceof Map) return { [TAG]: "Map", v: [...r] };
    if (r instanceof Set) return { [TAG]: "Set", v: [...r] };
    if (r !== null && typeof r === "object" && !Array.isArray(r) && Object.hasOwn(r, TAG)) return { [TAG]: "o", v: Object.entries(r) };
    return r;
  });
}

/**
 * Whether JSON.stringify writes `value` exactly, so that encodePlain's tags are not needed: only
 * strings, booleans, null, finite numbers other than -0, and arrays and plain objects (no toJSON, no
 * tag key) of those. Iterative, for any depth; each object is looked at once, so a cycle ends the
 * walk (and JSON.stringify then throws on it, as before).
 */
function jsonExact(value: unknown): boolean {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case "string":
      case "boolean":
        continue;
      case "number":
        if (!Number.isFinite(v) || Object.is(v, -0)) return false;
        continue;
      case "object": {
        if (v === null || seen.has(v)) continue;
        seen.add(v);
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) {
            if (!(i in v)) return false;
            stack.push(v[i]);
          }
          continue;
        }
        const proto: unknown = Object.getPrototypeOf(v);
        if (proto !== Object.prototype && proto !== null) return false;
        const o = v as Record<string, unknown>;
        if (Object.hasOwn(o, TAG) || typeof o["toJSON"] === "function") return false;
        for (const k in o) stack.push(o[k]);
        continue;
      }
      default:
        // undefined, bigint, function, symbol: the tagged path writes them (or refuses a function).
        return false;
    }
  }
  return true;
}

/** Decodes what encodePlain wrote; throws on text that is not JSON. */
export function decodePlain(text: string): unknown {
  const v: unknown = JSON.parse(text);
  // JSON writes U+0000 as \u0000 (it never appears raw), so a text without one holds no tag.
  return text.includes("\\u0000") ? revive(v) : v;
}

function revive(v: unknown): unknown {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = revive(v[i]);
    return v;
  }
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if (Object.hasOwn(o, TAG)) {
    const inner = o["v"];
    switch (o[TAG]) {
      case "u":
        return undefined;
      case "n":
        return Number(inner);
      case "b":
        return BigInt(String(inner));
      case "Map":
        return new Map(revive(inner) as [unknown, unknown][]);
      case "Set":
        return new Set(revive(inner) as unknown[]);
      case "o":
        return Object.fromEntries(revive(inner) as [string, unknown][]);
      default:
        throw new Error(`decodePlain: unknown tag ${String(o[TAG])}`);
    }
  }
  for (const k of Object.keys(o)) {
    const v2 = o[k];
    // Only objects can hold a tag; and an own "__proto__" key is defined, since assigning it would set the prototype.
    if (v2 === null || typeof v2 !== "object") continue;
    if (k === "__proto__") Object.defineProperty(o, k, { value: revive(v2), writable: true, enumerable: true, configurable: true });
    else o[k] = revive(v2);
  }
  return o;
}
