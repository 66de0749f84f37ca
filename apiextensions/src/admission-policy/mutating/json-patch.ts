// RFC 6902 JSON Patch as gopkg.in/evanphx/json-patch.v4 applies it, the library kube-apiserver applies a
// MutatingAdmissionPolicy's JSONPatch mutations with: its semantics (a `replace` of a missing map key
// adds it, negative array indices count from the end, an intermediate null is a missing path) and its
// error texts, which reach the client after "JSON Patch: " (recorded from kube-apiserver 1.37.2 in
// test/fixtures/apiserver-1.37/mutating-admission-policy.json). A failed `test` is reported apart:
// the server then leaves the object as it was, without error.

/** One operation, as the policy's JSONPatch values give them (no `value` key: none given, which adds null). */
export interface PatchOperation {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

export type PatchOutcome = { ok: true; value: unknown } | { ok: false; testFailed: boolean; error: string };

type Container = Record<string, unknown> | unknown[];

const MISSING = "missing value";
const INVALID_INDEX = "invalid index referenced";

class PatchError extends Error {
  constructor(
    message: string,
    readonly testFailed = false,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const decodeKey = (k: string): string => k.replace(/~1/g, "/").replace(/~0/g, "~");

/** strconv.Atoi, with its error text. */
function atoi(key: string): number {
  if (!/^[+-]?[0-9]+$/.test(key)) throw new PatchError(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
  return Number(key);
}

/** An index of `list` (negative from the end, as the library allows by default); `extra` admits the position after the last. */
function index(list: unknown[], key: string, extra = 0): number {
  let i = atoi(key);
  const size = list.length + extra;
  if (i >= size || i < -size) throw new PatchError(`Unable to access invalid index: ${String(i)}: ${INVALID_INDEX}`);
  if (i < 0) i += size;
  return i;
}

function get(c: Container, key: string): unknown {
  return Array.isArray(c) ? c[index(c, key)] : c[key];
}

function add(c: Container, key: string, value: unknown): void {
  if (!Array.isArray(c)) {
    c[key] = value;
    return;
  }
  if (key === "-") {
    c.push(value);
    return;
  }
  let i: number;
  try {
    i = index(c, key, 1);
  } catch (e) {
    if (e instanceof PatchError && !/^[+-]?[0-9]+$/.test(key))
      throw new PatchError(`value was not a proper array index: '${key}': ${e.message}`);
    throw e;
  }
  c.splice(i, 0, value);
}

function remove(c: Container, key: string): void {
  if (Array.isArray(c)) {
    c.splice(index(c, key), 1);
    return;
  }
  if (!Object.hasOwn(c, key)) throw new PatchError(`Unable to remove nonexistent key: ${key}: ${MISSING}`);
  delete c[key];
}

/** The container holding the pointer's last token, and that token; undefined when a step is missing. */
function findObject(doc: Container, path: string): { c: Container; key: string } | undefined {
  const split = path.split("/");
  if (split.length < 2) return undefined;
  let c: Container = doc;
  for (const part of split.slice(1, -1)) {
    let next: unknown;
    try {
      next = get(c, decodeKey(part));
    } catch {
      return undefined;
    }
    if (!Array.isArray(next) && !isObject(next)) return undefined;
    c = next;
  }
  return { c, key: decodeKey(split[split.length - 1] ?? "") };
}

/** Runs `f`, prefixing the library's wrapping of an error from it. */
function wrapped(prefix: string, f: () => void): void {
  try {
    f();
  } catch (e) {
    if (e instanceof PatchError) throw new PatchError(`${prefix}${e.message}`);
    throw e;
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return a === b;
}

const copyOf = (v: unknown): unknown => (v === undefined ? null : (JSON.parse(JSON.stringify(v)) as unknown));

function apply(doc: Container, o: PatchOperation): Container {
  const { path } = o;
  const value = copyOf(o.value);
  switch (o.op) {
    case "add": {
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`add operation does not apply: doc is missing path: "${path}": ${MISSING}`);
      wrapped(`error in add for path: '${path}': `, () => add(at.c, at.key, value));
      return doc;
    }
    case "remove": {
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`remove operation does not apply: doc is missing path: "${path}": ${MISSING}`);
      wrapped(`error in remove for path: '${path}': `, () => remove(at.c, at.key));
      return doc;
    }
    case "replace": {
      if (path === "") {
        if (!Array.isArray(value) && !isObject(value)) throw new PatchError("replace operation value must be object or array: <nil>");
        return value;
      }
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`replace operation does not apply: doc is missing path: ${path}: ${MISSING}`);
      if (Array.isArray(at.c)) {
        let i: number;
        try {
          i = index(at.c, at.key);
        } catch {
          throw new PatchError(`replace operation does not apply: doc is missing key: ${path}: ${MISSING}`);
        }
        at.c[i] = value;
      } else at.c[at.key] = value;
      return doc;
    }
    case "move": {
      const from = o.from ?? "";
      const src = findObject(doc, from);
      if (!src) throw new PatchError(`move operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
      let moved: unknown;
      wrapped(`error in move for path: '${src.key}': `, () => {
        moved = get(src.c, src.key);
        remove(src.c, src.key);
      });
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`move operation does not apply: doc is missing destination path: ${path}: ${MISSING}`);
      wrapped(`error in move for path: '${path}': `, () => add(at.c, at.key, moved));
      return doc;
    }
    case "test": {
      const failed = new PatchError(`testing value ${path} failed: test failed`, true);
      if (path === "") {
        if (!equal(doc, value)) throw failed;
        return doc;
      }
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`test operation does not apply: is missing path: ${path}: ${MISSING}`);
      let actual: unknown;
      wrapped(`error in test for path: '${path}': `, () => (actual = get(at.c, at.key)));
      // A missing or null value matches only a test without value: an explicit null is raw JSON to the
      // library, never equal to what it decoded as nothing.
      const given = Object.hasOwn(o, "value");
      if (actual === undefined || actual === null ? given : !given || !equal(actual, value)) throw failed;
      return doc;
    }
    case "copy": {
      const from = o.from ?? "";
      const src = findObject(doc, from);
      if (!src) throw new PatchError(`copy operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
      let copied: unknown;
      wrapped(`error in copy for from: '${from}': `, () => (copied = copyOf(get(src.c, src.key))));
      const at = findObject(doc, path);
      if (!at) throw new PatchError(`copy operation does not apply: doc is missing destination path: ${path}: ${MISSING}`);
      wrapped("error while adding value during copy: ", () => add(at.c, at.key, copied));
      return doc;
    }
    default:
      throw new PatchError(`Unexpected kind: ${o.op}`);
  }
}

/** Applies `ops` in order to a copy of `target` (a JSON object). */
export function applyJsonPatch(target: Record<string, unknown>, ops: readonly PatchOperation[]): PatchOutcome {
  let doc = copyOf(target) as Container;
  try {
    for (const o of ops) doc = apply(doc, o);
  } catch (e) {
    if (e instanceof PatchError) return { ok: false, testFailed: e.testFailed, error: e.message };
    throw e;
  }
  return { ok: true, value: doc };
}
