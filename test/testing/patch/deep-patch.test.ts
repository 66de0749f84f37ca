// Found by the server fuzz (test/fuzz/server-fuzz.test.ts): a merge or strategic merge patch nested a
// few thousand levels deep (under the decoder's 10,000 limit) overflowed the recursive patch code
// (a ConfigMap PATCH answered 500 "Maximum call stack size exceeded"). Both now use a work list.
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyMergePatch, applyStrategicMergePatch, UNTYPED, type JsonObject } from "../../../testing/src/patch/index.js";
import { deepArray, deepObject } from "../hostile-cases.js";

/** How many objects deep `v` nests under key "a". */
function depthOf(v: unknown): number {
  let d = 0;
  for (let o = v; typeof o === "object" && o !== null && !Array.isArray(o); o = (o as Record<string, unknown>)["a"]) d++;
  return d;
}

test("applyMergePatch merges 10,000 levels deep, as deep as the decoder lets a body be", () => {
  const target = { a: { b: 1 } };
  const out = applyMergePatch(target, JSON.parse(deepObject(10_000)) as JsonObject) as Record<string, unknown>;
  assert.deepEqual(target, { a: { b: 1 } }, "the target is not modified");
  assert.equal((out["a"] as Record<string, unknown>)["b"], 1, "siblings of the patched keys are kept");
  assert.equal(depthOf(out), 10_000);
});

test("applyStrategicMergePatch copies a 10,000-deep value without directives", () => {
  const patch = JSON.parse(`{"data":${deepObject(9_999)},"list":${deepArray(9_999)}}`) as JsonObject;
  const r = applyStrategicMergePatch({ keep: "x" }, patch, UNTYPED);
  assert.ok(r.ok);
  assert.equal(r.value["keep"], "x");
  assert.equal(depthOf(r.value["data"]), 9_999);
  let list: unknown = r.value["list"];
  let n = 0;
  for (; Array.isArray(list); list = list[0]) n++;
  assert.equal(n, 9_999);
});

test("applyStrategicMergePatch still drops directives and $patch: delete items inside copied values", () => {
  const patch = {
    spec: {
      $retainKeys: ["a"],
      a: [
        { $patch: "delete", name: "x" },
        { name: "y", $setElementOrder: [] },
      ],
    },
  } as unknown as JsonObject;
  const r = applyStrategicMergePatch({}, patch, UNTYPED);
  assert.ok(r.ok);
  assert.deepEqual(r.value, { spec: { a: [{ name: "y" }] } });
});
