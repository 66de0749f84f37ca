// RFC 7386 JSON merge patch: the RFC's Appendix A vectors, plus the properties the server relies on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyMergePatch, type JsonValue } from "../../../testing/src/patch/index.js";

const RFC_VECTORS: [JsonValue, JsonValue, JsonValue][] = [
  [{ a: "b" }, { a: "c" }, { a: "c" }],
  [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
  [{ a: "b" }, { a: null }, {}],
  [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
  [{ a: ["b"] }, { a: "c" }, { a: "c" }],
  [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
  [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
  [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
  [
    ["a", "b"],
    ["c", "d"],
    ["c", "d"],
  ],
  [{ a: "b" }, ["c"], ["c"]],
  [{ a: "foo" }, null, null],
  [{ a: "foo" }, "bar", "bar"],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: "b", c: null }, { a: "b" }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

test("RFC 7386 appendix A vectors", () => {
  for (const [target, patch, want] of RFC_VECTORS) {
    assert.deepEqual(applyMergePatch(target, patch), want, `${JSON.stringify(target)} + ${JSON.stringify(patch)}`);
  }
});

test("merge patch never mutates its inputs and shares nothing with them", () => {
  const target = { spec: { labels: { x: "1" }, ports: [{ name: "http" }] } };
  const patch = { spec: { labels: { y: "2" } } };
  const before = structuredClone(target);
  const out = applyMergePatch(target, patch) as { spec: { ports: unknown[] } };
  assert.deepEqual(target, before);
  out.spec.ports.push({ name: "extra" });
  assert.equal(target.spec.ports.length, 1);
});

test("merge patch on a missing target builds the object, dropping nulls", () => {
  assert.deepEqual(applyMergePatch(undefined, { spec: { a: 1, b: null } }), { spec: { a: 1 } });
});
