// RFC 6902 JSON patch. A malformed patch document is a 400; an operation that cannot be applied
// (missing path, failed `test`) is the server's generic 422 with an empty details object.

import { badRequest, cannotApply, type PatchResult } from "./patch-error.js";
import { cloneJson, isObject, jsonEqual, setKey, type JsonValue } from "./json.js";

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  readonly op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  readonly path: string;
  readonly from?: string;
  readonly value?: JsonValue;
}

const OPS = new Set(["add", "remove", "replace", "move", "copy", "test"]);

/** Checks the shape of a decoded JSON patch document (the server's decode step). */
export function decodeJsonPatch(body: JsonValue): PatchResult<JsonPatchOperation[]> {
  if (!Array.isArray(body)) {
    return { ok: false, error: badRequest("json: cannot unmarshal object into Go value of type jsonpatch.Patch") };
  }
  const ops: JsonPatchOperation[] = [];
  for (const item of body) {
    if (!isObject(item)) return { ok: false, error: badRequest("json: cannot unmarshal into Go value of type jsonpatch.Operation") };
    const op = item["op"];
    const path = item["path"];
    if (typeof op !== "string" || !OPS.has(op)) return { ok: false, error: cannotApply(`Unexpected kind: ${String(op)}`) };
    if (typeof path !== "string") return { ok: false, error: cannotApply(`${op} operation missing path`) };
    const from = item["from"];
    if ((op === "move" || op === "copy") && typeof from !== "string") {
      return { ok: false, error: cannotApply(`${op} operation missing from`) };
    }
    if ((op === "add" || op === "replace" || op === "test") && !("value" in item)) {
      return { ok: false, error: cannotApply(`${op} operation missing value`) };
    }
    ops.push({
      op: op as JsonPatchOperation["op"],
      path,
      ...(typeof from === "string" ? { from } : {}),
      ...("value" in item ? { value: item["value"] } : {}),
    });
  }
  return { ok: true, value: ops };
}

/** Splits a JSON pointer into unescaped tokens; undefined when it is not a pointer. */
function parsePointer(p: string): string[] | undefined {
  if (p === "") return [];
  if (!p.startsWith("/")) return undefined;
  return p
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function arrayIndex(token: string, length: number, forAdd: boolean): number | undefined {
  if (forAdd && token === "-") return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
  const i = Number(token);
  return i <= (forAdd ? length : length - 1) ? i : undefined;
}

class OpFailure extends Error {}

// Resolves the parent container of a pointer; throws OpFailure when it does not exist.
function parentOf(doc: JsonValue, tokens: string[], op: string): { parent: JsonValue; last: string } {
  let cur: JsonValue = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) {
      const i = arrayIndex(t, cur.length, false);
      if (i === undefined) throw new OpFailure(`${op} operation does not apply: doc is missing path`);
      cur = cur[i]!;
    } else if (isObject(cur) && Object.hasOwn(cur, t)) {
      cur = cur[t]!;
    } else {
      throw new OpFailure(`${op} operation does not apply: doc is missing path`);
    }
  }
  return { parent: cur, last: tokens[tokens.length - 1]! };
}

function getAt(doc: JsonValue, tokens: string[], op: string): JsonValue {
  if (tokens.length === 0) return doc;
  const { parent, last } = parentOf(doc, tokens, op);
  if (Array.isArray(parent)) {
    const i = arrayIndex(last, parent.length, false);
    if (i === undefined) throw new OpFailure(`${op} operation does not apply: doc is missing key`);
    return parent[i]!;
  }
  if (isObject(parent) && Object.hasOwn(parent, last)) return parent[last]!;
  throw new OpFailure(`${op} operation does not apply: doc is missing key`);
}

// Each operation returns the new document (the root may be replaced).
function add(doc: JsonValue, tokens: string[], value: JsonValue, op = "add"): JsonValue {
  if (tokens.length === 0) return value;
  const { parent, last } = parentOf(doc, tokens, op);
  if (Array.isArray(parent)) {
    const i = arrayIndex(last, parent.length, true);
    if (i === undefined) throw new OpFailure(`${op} operation does not apply: index out of bounds`);
    parent.splice(i, 0, value);
  } else if (isObject(parent)) {
    setKey(parent, last, value);
  } else {
    throw new OpFailure(`${op} operation does not apply: doc is missing path`);
  }
  return doc;
}

function remove(doc: JsonValue, tokens: string[], op = "remove"): JsonValue {
  if (tokens.length === 0) throw new OpFailure(`${op} operation does not apply: cannot remove the document root`);
  const { parent, last } = parentOf(doc, tokens, op);
  if (Array.isArray(parent)) {
    const i = arrayIndex(last, parent.length, false);
    if (i === undefined) throw new OpFailure(`${op} operation does not apply: doc is missing key`);
    parent.splice(i, 1);
  } else if (isObject(parent) && Object.hasOwn(parent, last)) {
    delete parent[last];
  } else {
    throw new OpFailure(`${op} operation does not apply: doc is missing key`);
  }
  return doc;
}

function step(doc: JsonValue, o: JsonPatchOperation): JsonValue {
  const path = parsePointer(o.path);
  if (!path) throw new OpFailure(`invalid JSON pointer ${JSON.stringify(o.path)}`);
  switch (o.op) {
    case "add":
      return add(doc, path, cloneJson(o.value!));
    case "remove":
      return remove(doc, path);
    case "replace":
      getAt(doc, path, "replace");
      return add(remove(doc, path, "replace"), path, cloneJson(o.value!), "replace");
    case "move": {
      const from = parsePointer(o.from!);
      if (!from) throw new OpFailure(`invalid JSON pointer ${JSON.stringify(o.from)}`);
      if (path.length > from.length && from.every((t, i) => path[i] === t)) {
        throw new OpFailure("move operation does not apply: path is a child of from");
      }
      const value = getAt(doc, from, "move");
      return add(remove(doc, from, "move"), path, value, "move");
    }
    case "copy": {
      const from = parsePointer(o.from!);
      if (!from) throw new OpFailure(`invalid JSON pointer ${JSON.stringify(o.from)}`);
      return add(doc, path, cloneJson(getAt(doc, from, "copy")), "copy");
    }
    case "test": {
      let actual: JsonValue | undefined;
      try {
        actual = getAt(doc, path, "test");
      } catch {
        actual = undefined;
      }
      if (!jsonEqual(actual, o.value)) throw new OpFailure(`testing value ${o.path} failed: test failed`);
      return doc;
    }
  }
}

/**
 * Applies RFC 6902 operations to a copy of `target`. `ops` may be the raw decoded request body;
 * it is checked first. On failure nothing is half-applied: the error says how the server answers.
 */
export function applyJsonPatch(target: JsonValue, ops: JsonValue | readonly JsonPatchOperation[]): PatchResult<JsonValue> {
  const decoded = decodeJsonPatch(ops as JsonValue);
  if (!decoded.ok) return decoded;
  let doc = cloneJson(target);
  try {
    for (const o of decoded.value) doc = step(doc, o);
  } catch (e) {
    if (e instanceof OpFailure) return { ok: false, error: cannotApply(e.message) };
    throw e;
  }
  return { ok: true, value: doc };
}
