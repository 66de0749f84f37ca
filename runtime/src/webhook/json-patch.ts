// The JSON Patch (RFC 6902) that turns one JSON value into another, as a mutating webhook answers
// (controller-runtime's PatchResponseFromRaw, through gomodules.xyz/jsonpatch's CreatePatch): the
// API server applies it to the object it sent. Objects are compared key by key (a key only in the
// old is removed, one only in the new is added, one in both is compared deeply); arrays element by
// element over their common length, then the new tail is added (or the old tail removed, from its
// end so each index is still valid when applied); anything else that differs is replaced. The
// test API server applies it with its own patch library, as the real server does.

import type { JsonPatchOperation } from "../client/patch-type.js";

/** A JSON Pointer token (RFC 6901): "~" as "~0", "/" as "~1". */
function token(key: string | number): string {
  return String(key).replaceAll("~", "~0").replaceAll("/", "~1");
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

function diff(from: unknown, to: unknown, path: string, out: JsonPatchOperation[]): void {
  if (equal(from, to)) return;
  if (isObject(from) && isObject(to)) {
    for (const k of Object.keys(from).sort()) if (!Object.hasOwn(to, k)) out.push({ op: "remove", path: `${path}/${token(k)}` });
    for (const k of Object.keys(to).sort()) {
      const p = `${path}/${token(k)}`;
      if (!Object.hasOwn(from, k)) out.push({ op: "add", path: p, value: to[k] });
      else diff(from[k], to[k], p, out);
    }
    return;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const common = Math.min(from.length, to.length);
    for (let i = 0; i < common; i++) diff(from[i], to[i], `${path}/${String(i)}`, out);
    for (let i = common; i < to.length; i++) out.push({ op: "add", path: `${path}/${String(i)}`, value: to[i] });
    for (let i = from.length - 1; i >= common; i--) out.push({ op: "remove", path: `${path}/${String(i)}` });
    return;
  }
  out.push({ op: "replace", path, value: to });
}

/** The operations that turn `from` into `to` (both JSON values); empty when they are equal. */
export function createJsonPatch(from: unknown, to: unknown): JsonPatchOperation[] {
  const out: JsonPatchOperation[] = [];
  diff(from, to, "", out);
  return out;
}
