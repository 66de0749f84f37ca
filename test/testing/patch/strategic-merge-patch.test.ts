// Strategic merge patch on built-in types: lists merged by patch merge key, and the SMP directives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyStrategicMergePatch, builtinResourceSchema, type JsonObject, type JsonValue } from "../../../testing/src/patch/index.js";

const deployment = builtinResourceSchema("apps/v1", "Deployment")!;
const configMap = builtinResourceSchema("v1", "ConfigMap")!;

const base: JsonObject = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "d", finalizers: ["a", "b"], labels: { app: "x" } },
  spec: {
    replicas: 1,
    strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" } },
    template: {
      spec: {
        containers: [
          { name: "app", image: "app:1", env: [{ name: "A", value: "1" }] },
          { name: "sidecar", image: "side:1" },
        ],
        tolerations: [{ key: "k1" }],
      },
    },
  },
};

function smp(patch: JsonValue, target: JsonObject = base): JsonObject {
  const r = applyStrategicMergePatch(target, patch, deployment.type);
  assert.ok(r.ok, r.ok ? "" : r.error.cause);
  return r.value;
}

const containers = (o: JsonObject): JsonValue =>
  (((o["spec"] as JsonObject)["template"] as JsonObject)["spec"] as JsonObject)["containers"] as JsonValue;
const podSpec = (patch: JsonObject): JsonObject => ({ spec: { template: { spec: patch } } });

test("containers merge by name: fields of a matching item merge, new items are appended", () => {
  const out = smp(
    podSpec({
      containers: [
        { name: "sidecar", image: "side:2" },
        { name: "new", image: "n:1" },
      ],
    }),
  );
  assert.deepEqual(containers(out), [
    { name: "app", image: "app:1", env: [{ name: "A", value: "1" }] },
    { name: "sidecar", image: "side:2" },
    { name: "new", image: "n:1" },
  ]);
});

test("nested merge lists (env by name) merge inside a merged item; a new item without $setElementOrder goes first", () => {
  // apimachinery interleaves patch items with server-only items by live order; an item the live list
  // lacks has no live position, so it is placed before the remaining server-only items.
  const out = smp(podSpec({ containers: [{ name: "app", env: [{ name: "B", value: "2" }] }] }));
  assert.deepEqual((containers(out) as JsonObject[])[0], {
    name: "app",
    image: "app:1",
    env: [
      { name: "B", value: "2" },
      { name: "A", value: "1" },
    ],
  });
  const ordered = smp(
    podSpec({ containers: [{ name: "app", "$setElementOrder/env": [{ name: "A" }, { name: "B" }], env: [{ name: "B", value: "2" }] }] }),
  );
  assert.deepEqual(
    ((containers(ordered) as JsonObject[])[0]!["env"] as JsonObject[]).map((e) => e["name"]),
    ["A", "B"],
  );
});

test("$patch: delete removes a list item by merge key; $patch: replace replaces the list", () => {
  assert.deepEqual(containers(smp(podSpec({ containers: [{ name: "app", $patch: "delete" }] }))), [{ name: "sidecar", image: "side:1" }]);
  assert.deepEqual(containers(smp(podSpec({ containers: [{ name: "only", image: "o" }, { $patch: "replace" }] }))), [
    { name: "only", image: "o" },
  ]);
});

test("$patch: replace on a map replaces it; $patch: delete empties it (as apimachinery does)", () => {
  const out = smp({ metadata: { labels: { $patch: "replace", fresh: "1" } } });
  assert.deepEqual((out["metadata"] as JsonObject)["labels"], { fresh: "1" });
  const gone = smp({ spec: { strategy: { $patch: "delete" } } });
  assert.deepEqual((gone["spec"] as JsonObject)["strategy"], {});
});

test("merged lists follow the patch's order, with server-only items kept where they came first", () => {
  const names = (o: JsonObject): JsonValue[] => (containers(o) as JsonObject[]).map((c) => c["name"]!);
  assert.deepEqual(names(smp(podSpec({ containers: [{ name: "sidecar" }, { name: "app" }] }))), ["sidecar", "app"]);
  assert.deepEqual(names(smp(podSpec({ containers: [{ name: "new", image: "n" }, { name: "app" }] }))), ["new", "app", "sidecar"]);
  assert.deepEqual(names(smp(podSpec({ containers: [{ name: "sidecar", image: "s:2" }] }))), ["app", "sidecar"]);
});

test("lists without a merge strategy are replaced (tolerations)", () => {
  const out = smp(podSpec({ tolerations: [{ key: "k2" }] }));
  assert.deepEqual((((out["spec"] as JsonObject)["template"] as JsonObject)["spec"] as JsonObject)["tolerations"], [{ key: "k2" }]);
});

test("$retainKeys drops the keys it does not list (Recreate strategy clears rollingUpdate)", () => {
  const out = smp({ spec: { strategy: { $retainKeys: ["type"], type: "Recreate" } } });
  assert.deepEqual((out["spec"] as JsonObject)["strategy"], { type: "Recreate" });
});

test("$setElementOrder orders a merged list; $deleteFromPrimitiveList removes values; merge-strategy primitives union", () => {
  const ordered = smp(
    podSpec({ "$setElementOrder/containers": [{ name: "sidecar" }, { name: "app" }], containers: [{ name: "app", image: "app:2" }] }),
  );
  assert.deepEqual(
    (containers(ordered) as JsonObject[]).map((c) => c["name"]),
    ["sidecar", "app"],
  );
  const fin = smp({ metadata: { "$deleteFromPrimitiveList/finalizers": ["a"] } });
  assert.deepEqual((fin["metadata"] as JsonObject)["finalizers"], ["b"]);
  const union = smp({ metadata: { finalizers: ["b", "c"] } });
  assert.deepEqual((union["metadata"] as JsonObject)["finalizers"], ["a", "b", "c"]);
});

test("null deletes a key, scalars replace, and directives never reach the result", () => {
  const out = smp({ metadata: { labels: { app: null, $patch: "merge" } }, spec: { replicas: 3 } });
  assert.deepEqual((out["metadata"] as JsonObject)["labels"], {});
  assert.equal((out["spec"] as JsonObject)["replicas"], 3);
  assert.doesNotMatch(JSON.stringify(smp(podSpec({ containers: [{ name: "n", $patch: "merge", image: "x" }] }))), /\$patch/);
});

test("the input object is not mutated; data maps of ConfigMaps merge", () => {
  const before = structuredClone(base);
  smp(podSpec({ containers: [{ name: "app", image: "changed" }] }));
  assert.deepEqual(base, before);
  const r = applyStrategicMergePatch({ data: { a: "1", b: "2" } }, { data: { b: null, c: "3" } }, configMap.type);
  assert.ok(r.ok);
  assert.deepEqual(r.value, { data: { a: "1", c: "3" } });
});

test("errors: a non-object body is 400; a merge item without its key is 400", () => {
  const r1 = applyStrategicMergePatch(base, [1], deployment.type);
  assert.ok(!r1.ok && r1.error.code === 400);
  const r2 = applyStrategicMergePatch(base, podSpec({ containers: [{ image: "no-name" }] }), deployment.type);
  assert.ok(!r2.ok && r2.error.code === 400 && /merge key: name/.test(r2.error.cause));
});
