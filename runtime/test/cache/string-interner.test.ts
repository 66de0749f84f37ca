// The string interner: which strings it shares and how (the table, or the version an object
// replaces), that it leaves values equal and frozen parts alone, and that an informer storing
// objects through it keeps measurably less per object than one that does not. String identity is
// not observable in JavaScript, so the table's size and the heap are what these tests read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { MAX_INTERNED_LENGTH, StringInterner } from "../../src/index.js";

const long = (s: string): string => s.padEnd(24, "-"); // past V8's own sharing of strings up to 10 characters

function pod(name: string): Record<string, unknown> {
  return {
    apiVersion: long("example.com/v1"),
    kind: "Widget",
    metadata: { name: long(name), uid: long(`uid-${name}`), labels: { team: long("storage") }, finalizers: [long("example.com/cleanup")] },
    spec: { image: long("registry.example/widget:1.0"), note: "x".repeat(MAX_INTERNED_LENGTH + 1), short: "abc" },
  };
}

test("strings are put in the table once; short, overlong and uid strings are not; values are unchanged", () => {
  const interner = new StringInterner();
  const a = pod("a");
  const before = structuredClone(a);
  interner.internAll(a);
  assert.deepEqual(a, before, "interning changes no value");
  // apiVersion, name, labels.team, the finalizer and the image: not uid, not the 257-character note,
  // not "Widget" or "abc" (V8 already shares those).
  assert.equal(interner.size, 5);
  interner.internAll(pod("b"));
  assert.equal(interner.size, 6, "only b's name is new");
});

test("an update takes equal strings from the version it replaces, not from the table", () => {
  const interner = new StringInterner();
  const v1 = pod("a");
  interner.internAll(v1);
  const size = interner.size;
  const fresh = new StringInterner();
  const v2 = pod("a");
  (v2["spec"] as Record<string, unknown>)["image"] = long("registry.example/widget:2.0");
  fresh.internAll(v2, v1);
  assert.equal(fresh.size, 1, "only the changed image goes through the table");
  assert.equal(interner.size, size);
  assert.deepEqual(v2["metadata"], v1["metadata"]);
});

test("arrays at any depth are walked, and a previous version with another shape is harmless", () => {
  const interner = new StringInterner();
  const v = { items: [[long("a1"), { k: long("a2") }], long("a3")], n: 1, b: true, z: null };
  interner.internAll(v, { items: { 0: "not an array" }, n: [1] });
  assert.equal(interner.size, 3);
  assert.deepEqual(v, { items: [[long("a1"), { k: long("a2") }], long("a3")], n: 1, b: true, z: null });
});

test("a frozen object, or a frozen part, is no error and keeps its values", () => {
  const interner = new StringInterner();
  const frozen = Object.freeze({ kind: long("Frozen"), spec: Object.freeze({ a: long("x") }) });
  assert.equal(interner.internAll(frozen), frozen);
  assert.deepEqual(frozen, { kind: long("Frozen"), spec: { a: long("x") } });
  const mixed = { open: long("open"), closed: Object.freeze({ a: long("closed") }) };
  assert.equal(interner.internAll(mixed), mixed);
  assert.deepEqual(mixed, { open: long("open"), closed: { a: long("closed") } });
  assert.ok(Object.isFrozen(mixed.closed));
});

test("a full table is emptied and starts over", () => {
  const interner = new StringInterner(3);
  for (const s of ["one", "two", "three"].map(long)) interner.intern(s);
  assert.equal(interner.size, 3);
  interner.intern(long("one"));
  assert.equal(interner.size, 3, "a held string is found, not added");
  interner.intern(long("four"));
  assert.equal(interner.size, 1);
});

test("an informer that shares strings keeps less heap per cached object than one that does not", () => {
  // In a child with --expose-gc, so the heap can be read after a full collection.
  const script = join(import.meta.dirname, "string-interner-heap.ts");
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", script], { encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const { shared, unshared } = JSON.parse(r.stdout) as { shared: number; unshared: number };
  assert.ok(unshared > 500, `an unshared object costs ${unshared} B`);
  assert.ok(shared < unshared * 0.85, `shared ${shared.toFixed(0)} B vs unshared ${unshared.toFixed(0)} B per object`);
});
