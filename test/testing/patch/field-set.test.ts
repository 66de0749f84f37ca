// FieldSet: the fieldsV1 wire encoding and the set algebra managedFields relies on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FieldSet, pathToString, toFieldSet, compare } from "../../../testing/src/patch/index.js";
import { widgetSchema } from "./fixtures.js";

const fieldsV1 = {
  "f:metadata": { "f:labels": { ".": {}, "f:app": {} } },
  "f:spec": {
    ".": {},
    "f:ports": { ".": {}, 'k:{"name":"http"}': { ".": {}, "f:name": {}, "f:port": {} } },
    "f:replicas": {},
    "f:tags": { ".": {}, 'v:"a"': {} },
  },
};

test("fieldsV1 decodes and re-encodes to the same document, '.' only where a node has children", () => {
  const s = FieldSet.fromFieldsV1(fieldsV1);
  assert.deepEqual(s.toFieldsV1(), fieldsV1);
  assert.ok(s.has(["f:spec"]));
  assert.ok(!s.has(["f:metadata"]));
  assert.ok(s.has(["f:spec", "f:replicas"]));
  assert.ok(s.has(["f:spec", "f:ports", 'k:{"name":"http"}']));
});

test("set algebra: union, intersection, difference is not recursive, recursiveDifference is", () => {
  const a = FieldSet.of(["f:spec"], ["f:spec", "f:a"], ["f:spec", "f:b"]);
  const b = FieldSet.of(["f:spec"]);
  assert.deepEqual(a.difference(b).paths(), [
    ["f:spec", "f:a"],
    ["f:spec", "f:b"],
  ]);
  assert.ok(a.recursiveDifference(b).isEmpty());
  assert.deepEqual(a.intersection(FieldSet.of(["f:spec", "f:b"], ["f:x"])).paths(), [["f:spec", "f:b"]]);
  assert.ok(a.union(FieldSet.of(["f:x"])).has(["f:x"]));
  assert.ok(a.equals(FieldSet.fromFieldsV1(a.toFieldsV1())));
});

test("paths print as the server prints them in conflicts", () => {
  assert.equal(pathToString(["f:spec", "f:replicas"]), ".spec.replicas");
  assert.equal(pathToString(["f:spec", "f:ports", 'k:{"name":"http"}', "f:port"]), '.spec.ports[name="http"].port');
  assert.equal(pathToString(["f:spec", "f:tags", 'v:"a"']), '.spec.tags[="a"]');
  assert.equal(pathToString(["f:x", "i:3"]), ".x[3]");
});

test("an applied configuration owns leaves, list items and map keys, not the structs around them", () => {
  const set = toFieldSet(
    {
      spec: {
        replicas: 1,
        labels: { x: "1" },
        ports: [{ name: "http", port: 80 }],
        tags: ["a"],
        args: ["x"],
        selector: { app: "a" },
        values: { deep: { k: 1 } },
      },
    },
    widgetSchema.type,
  );
  assert.deepEqual(set.toFieldsV1(), {
    "f:spec": {
      "f:args": {},
      "f:labels": { "f:x": {} },
      "f:ports": { 'k:{"name":"http"}': { ".": {}, "f:name": {}, "f:port": {} } },
      "f:replicas": {},
      "f:selector": {},
      "f:tags": { 'v:"a"': {} },
      "f:values": { "f:deep": { ".": {}, "f:k": {} } },
    },
  });
});

test("compare reports added subtrees node by node, modified leaves, removed items", () => {
  const c = compare(
    { spec: { replicas: 1, ports: [{ name: "a", port: 1 }], args: ["x"] } },
    { spec: { replicas: 2, ports: [{ name: "b", port: 1 }], args: ["y"] } },
    widgetSchema.type,
  );
  assert.deepEqual(c.modified.paths(), [
    ["f:spec", "f:args"],
    ["f:spec", "f:replicas"],
  ]);
  assert.deepEqual(c.added.toFieldsV1(), { "f:spec": { "f:ports": { 'k:{"name":"b"}': { ".": {}, "f:name": {}, "f:port": {} } } } });
  assert.deepEqual(c.removed.toFieldsV1(), { "f:spec": { "f:ports": { 'k:{"name":"a"}': { ".": {}, "f:name": {}, "f:port": {} } } } });
});
