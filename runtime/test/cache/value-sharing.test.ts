// Value sharing: which strings go through the table, that an update's unchanged parts become the
// previous version's objects and its changed ones do not, that equality is exact (keys, lengths,
// numbers, types), that values never change and frozen parts are left alone, and that an informer
// storing objects through it keeps measurably less per object and hands handlers old and new
// versions that share what did not change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { MAX_INTERNED_LENGTH, SharedIndexInformer, ValueSharer } from "../../src/index.js";
import type { KubeObject } from "../../src/index.js";
import { FakeListerWatcher, obj, until } from "./fakes.js";

const long = (s: string): string => s.padEnd(24, "-"); // past V8's own sharing of strings up to 10 characters

function pod(name: string): Record<string, unknown> {
  return {
    apiVersion: long("example.com/v1"),
    kind: "Widget",
    metadata: { name: long(name), uid: long(`uid-${name}`), labels: { team: long("storage") }, finalizers: [long("example.com/cleanup")] },
    spec: { image: long("registry.example/widget:1.0"), note: "x".repeat(MAX_INTERNED_LENGTH + 1), short: "abc", ports: [80, 443] },
    status: { conditions: [{ type: "Ready", status: "True" }] },
  };
}
const part = (o: Record<string, unknown>, k: string): Record<string, unknown> => o[k] as Record<string, unknown>;

test("strings are put in the table once; short, overlong and uid strings are not; values are unchanged", () => {
  const sharer = new ValueSharer();
  const a = pod("a");
  const before = structuredClone(a);
  assert.equal(sharer.share(a), false, "nothing to be equal to");
  assert.deepEqual(a, before, "sharing changes no value");
  // apiVersion, name, labels.team, the finalizer and the image: not uid, not the 257-character note,
  // not "Widget" or "abc" (V8 already shares those).
  assert.equal(sharer.size, 5);
  sharer.share(pod("b"));
  assert.equal(sharer.size, 6, "only b's name is new");
});

test("an update's unchanged parts become the previous version's objects; changed parts and their parents stay new", () => {
  const sharer = new ValueSharer();
  const v1 = pod("a");
  const v2 = pod("a");
  part(v2, "spec")["image"] = long("registry.example/widget:2.0");
  const expected = structuredClone(v2);
  assert.equal(sharer.share(v2, v1), false);
  assert.deepEqual(v2, expected);
  assert.equal(v2["metadata"], v1["metadata"], "unchanged metadata is the previous object");
  assert.equal(v2["status"], v1["status"]);
  assert.notEqual(v2["spec"], v1["spec"], "the changed spec is the new object");
  assert.equal(part(v2, "spec")["ports"], part(v1, "spec")["ports"], "its unchanged array is the previous one");
  assert.equal(sharer.size, 1, "only the changed image went through the table");
});

test("equality is exact: an added or missing key, another length, number, type or null is a change", () => {
  const cases: [string, (o: Record<string, unknown>) => void][] = [
    ["a key added", (o) => (part(o, "spec")["extra"] = 1)],
    ["a key removed", (o) => delete part(o, "spec")["short"]],
    ["an array longer", (o) => (part(o, "spec")["ports"] as number[]).push(8080)],
    ["an array shorter", (o) => (part(o, "spec")["ports"] as number[]).pop()],
    ["a number changed", (o) => ((part(o, "spec")["ports"] as number[])[0] = 81)],
    ["a string where an object was", (o) => (o["status"] = long("status"))],
    ["an object where an array was", (o) => (part(o, "spec")["ports"] = { 0: 80, 1: 443 })],
    ["null where a string was", (o) => (part(o, "spec")["short"] = null)],
    ["false where 0 was", (o) => ((part(o, "spec")["ports"] as unknown[])[0] = false)],
    ["a key whose value is undefined", (o) => (part(o, "spec")["gone"] = undefined)],
  ];
  for (const [what, change] of cases) {
    const v1 = pod("a");
    const v2 = pod("a");
    change(v2);
    const expected = structuredClone(v2);
    assert.equal(new ValueSharer().share(v2, v1), false, what);
    assert.deepEqual(v2, expected, `${what}: value unchanged`);
    assert.equal(v2["metadata"], v1["metadata"], `${what}: the unchanged metadata is still shared`);
  }
  const [v1, v2] = [pod("a"), pod("a")];
  assert.equal(new ValueSharer().share(v2, v1), true, "an equal object is reported equal");
  assert.equal(v2["spec"], v1["spec"]);
});

test("a previous version of another shape is harmless, and values stay as they were", () => {
  const sharer = new ValueSharer();
  const v = { items: [[long("a1"), { k: long("a2") }], long("a3")], n: 1, b: true, z: null };
  assert.equal(sharer.share(v, { items: { 0: "not an array" }, n: [1] }), false);
  assert.equal(sharer.size, 3);
  assert.deepEqual(v, { items: [[long("a1"), { k: long("a2") }], long("a3")], n: 1, b: true, z: null });
  assert.equal(sharer.share("a string"), false);
});

test("a frozen object, or a frozen part, is no error and keeps its values", () => {
  const sharer = new ValueSharer();
  const frozen = Object.freeze({ kind: long("Frozen"), spec: Object.freeze({ a: long("x") }) });
  assert.equal(sharer.share(frozen, { kind: long("Frozen"), spec: { a: long("y") } }), false);
  assert.deepEqual(frozen, { kind: long("Frozen"), spec: { a: long("x") } });
  const mixed = { open: long("open"), closed: Object.freeze({ a: long("closed"), b: { c: 1 } }) };
  assert.equal(sharer.share(mixed, { open: long("open"), closed: { a: long("other"), b: { c: 1 } } }), false);
  assert.deepEqual(mixed, { open: long("open"), closed: { a: long("closed"), b: { c: 1 } } });
  assert.ok(Object.isFrozen(mixed.closed));
});

test("shareLike: parts equal to a sibling's become the sibling's, other strings stay as parsed, and the sibling is untouched", () => {
  const sharer = new ValueSharer();
  const a = pod("a");
  const b = pod("b");
  part(b, "spec")["image"] = long("registry.example/widget:2.0");
  const [aBefore, bBefore] = [structuredClone(a), structuredClone(b)];
  sharer.shareLike(b, a);
  assert.deepEqual(b, bBefore, "sharing changes no value");
  assert.deepEqual(a, aBefore, "the sibling keeps its values");
  assert.equal(b["status"], a["status"], "an equal subtree is the sibling's");
  assert.equal(part(b, "metadata")["labels"], part(a, "metadata")["labels"]);
  assert.equal(part(b, "spec")["ports"], part(a, "spec")["ports"], "an equal array inside a changed object is the sibling's");
  assert.notEqual(b["metadata"], a["metadata"], "metadata differs (name, uid): it stays b's own");
  assert.notEqual(b["spec"], a["spec"]);
  assert.equal(sharer.size, 0, "no string went through the table");
  // The table is back in use afterwards.
  sharer.share(pod("c"));
  assert.ok(sharer.size > 0);
  // Another shape, no sibling and a frozen object are harmless.
  const odd = { items: [long("x")], spec: { a: 1 } };
  sharer.shareLike(odd, { items: "no", spec: [1] });
  sharer.shareLike(odd, undefined);
  assert.deepEqual(odd, { items: [long("x")], spec: { a: 1 } });
  const frozen = Object.freeze({ status: { ready: true } });
  sharer.shareLike(frozen, { status: { ready: true } });
  assert.deepEqual(frozen, { status: { ready: true } });
});

test("a full table is emptied and starts over", () => {
  const sharer = new ValueSharer(3);
  for (const s of ["one", "two", "three"].map(long)) sharer.intern(s);
  assert.equal(sharer.size, 3);
  sharer.intern(long("one"));
  assert.equal(sharer.size, 3, "a held string is found, not added");
  sharer.intern(long("four"));
  assert.equal(sharer.size, 1);
});

/** A fresh copy of a widget at `rv` with spec.image `image`, as a watch or list would deliver it. */
function widget(rv: number, image: string): KubeObject {
  return {
    ...obj("w", rv, "ns", { team: long("storage") }),
    spec: { image },
    status: { conditions: [{ type: "Ready", status: "True" }] },
  } as KubeObject;
}

test("an informer's handlers get old and new versions that share their unchanged parts; shareValues: false shares nothing", async () => {
  for (const shareValues of [true, false]) {
    const lw = new FakeListerWatcher();
    lw.items = [widget(1, "one")];
    lw.rv = 1;
    const informer = new SharedIndexInformer<KubeObject>(lw, { shareValues, onError: (e) => assert.fail(String(e)) });
    type Fields = Record<string, unknown>;
    const updates: [Fields, Fields][] = [];
    informer.addEventHandler({ onUpdate: (o, n) => void updates.push([o as unknown as Fields, n as unknown as Fields]) });
    const ac = new AbortController();
    const running = informer.run(ac.signal);
    await until(() => lw.watching, "watch opened");
    lw.emit({ type: "MODIFIED", object: widget(2, "two") });
    await until(() => updates.length === 1, "the update handled");
    ac.abort();
    await running;
    const [[oldObj, newObj]] = updates as [[Record<string, unknown>, Record<string, unknown>]];
    assert.deepEqual(newObj["spec"], { image: "two" });
    assert.notEqual(oldObj["spec"], newObj["spec"]);
    assert.deepEqual(oldObj["status"], newObj["status"]);
    assert.equal(oldObj["status"] === newObj["status"], shareValues, `shareValues ${shareValues}: status shared`);
    assert.equal(part(oldObj, "metadata")["labels"] === part(newObj, "metadata")["labels"], shareValues);
  }
});

test("an informer that shares values keeps less heap per cached object than one that does not", () => {
  // In a child with --expose-gc, so the heap can be read after a full collection.
  const script = join(import.meta.dirname, "value-sharing-heap.ts");
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", script], { encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const { shared, unshared } = JSON.parse(r.stdout) as { shared: number; unshared: number };
  assert.ok(unshared > 500, `an unshared object costs ${unshared} B`);
  assert.ok(shared < unshared * 0.85, `shared ${shared.toFixed(0)} B vs unshared ${unshared.toFixed(0)} B per object`);
});
