// The store and its indices: namespace/name keys, the built-in namespace index, indices added
// later filing existing objects, index values following updates and deletes; listers over it with
// label selectors and client-go's NotFound errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DeletedFinalStateUnknown,
  Indexer,
  Lister,
  NAMESPACE_INDEX,
  deletionHandlingMetaNamespaceKeyFunc,
  isNotFound,
  labelMatcher,
  metaNamespaceIndexFunc,
  metaNamespaceKeyFunc,
  splitMetaNamespaceKey,
} from "../../src/index.js";
import type { ApiError, KubeObject } from "../../src/index.js";
import { obj } from "./fakes.js";

const byApp = (o: KubeObject): string[] => (o.metadata?.labels?.["app"] ? [o.metadata.labels["app"]] : []);

function newIndexer(): Indexer {
  return new Indexer(metaNamespaceKeyFunc, { [NAMESPACE_INDEX]: metaNamespaceIndexFunc });
}

test("keys are namespace/name, or name when cluster-scoped; tombstones key as their key", () => {
  assert.equal(metaNamespaceKeyFunc(obj("a", 1, "ns1")), "ns1/a");
  assert.equal(metaNamespaceKeyFunc({ metadata: { name: "node-1" } }), "node-1");
  assert.deepEqual(splitMetaNamespaceKey("ns1/a"), { namespace: "ns1", name: "a" });
  assert.deepEqual(splitMetaNamespaceKey("node-1"), { namespace: "", name: "node-1" });
  assert.throws(() => splitMetaNamespaceKey("a/b/c"), /unexpected cache key format/);
  assert.throws(() => metaNamespaceKeyFunc({ metadata: {} }), /no metadata.name/);
  assert.equal(deletionHandlingMetaNamespaceKeyFunc(new DeletedFinalStateUnknown("ns1/gone", obj("gone", 3, "ns1"))), "ns1/gone");
});

test("add, update, delete, getByKey, list and listKeys", () => {
  const s = newIndexer();
  s.add(obj("a", 1, "ns1"));
  s.add(obj("b", 2, "ns2"));
  s.update(obj("a", 3, "ns1"));
  assert.equal(s.getByKey("ns1/a")?.metadata?.resourceVersion, "3");
  assert.equal(s.get(obj("b", 0, "ns2"))?.metadata?.resourceVersion, "2");
  assert.deepEqual(s.listKeys().sort(), ["ns1/a", "ns2/b"]);
  s.delete(obj("a", 0, "ns1"));
  assert.equal(s.getByKey("ns1/a"), undefined);
  assert.deepEqual(
    s.list().map((o) => o.metadata?.name),
    ["b"],
  );
  s.replace([obj("c", 4, "ns1")]);
  assert.deepEqual(s.listKeys(), ["ns1/c"]);
  assert.deepEqual(
    s.byIndex(NAMESPACE_INDEX, "ns1").map((o) => o.metadata?.name),
    ["c"],
  );
  assert.deepEqual(s.byIndex(NAMESPACE_INDEX, "ns2"), []);
});

test("the namespace index and a custom index follow updates and deletes", () => {
  const s = newIndexer();
  s.add(obj("a", 1, "ns1", { app: "web" }));
  s.add(obj("b", 1, "ns1", { app: "db" }));
  s.add(obj("c", 1, "ns2", { app: "web" }));
  // Added after objects are stored: they are filed at once.
  s.addIndexers({ app: byApp });
  assert.deepEqual(s.indexKeys("app", "web").sort(), ["ns1/a", "ns2/c"]);
  assert.deepEqual(s.listIndexFuncValues("app").sort(), ["db", "web"]);
  assert.deepEqual(s.indexKeys(NAMESPACE_INDEX, "ns1").sort(), ["ns1/a", "ns1/b"]);

  s.update(obj("a", 2, "ns1", { app: "db" }));
  assert.deepEqual(s.indexKeys("app", "web"), ["ns2/c"]);
  assert.deepEqual(s.indexKeys("app", "db").sort(), ["ns1/a", "ns1/b"]);
  assert.deepEqual(
    s
      .index("app", obj("x", 0, "zz", { app: "db" }))
      .map((o) => o.metadata?.name)
      .sort(),
    ["a", "b"],
  );

  s.delete(obj("c", 0, "ns2"));
  // A value with no objects left is not listed.
  assert.deepEqual(s.listIndexFuncValues("app"), ["db"]);
  assert.deepEqual(s.listIndexFuncValues(NAMESPACE_INDEX), ["ns1"]);
  assert.throws(() => s.byIndex("nope", "x"), /index with name nope does not exist/);
  assert.throws(() => s.addIndexers({ app: byApp }), /indexer conflict: app/);
});

test("label matchers take strings, LabelSelectors and maps", () => {
  const labels = { app: "web", tier: "front" };
  assert.ok(labelMatcher("app=web,tier in (front, back)")(labels));
  assert.ok(labelMatcher("app==web,!missing,tier")(labels));
  assert.ok(!labelMatcher("app!=web")(labels));
  assert.ok(!labelMatcher("tier notin (front)")(labels));
  assert.ok(labelMatcher("tier notin (back)")(labels));
  assert.ok(labelMatcher({ matchExpressions: [{ key: "app", operator: "In", values: ["web"] }] })(labels));
  assert.ok(!labelMatcher({ app: "db" })(labels));
  assert.ok(labelMatcher("")(undefined));
  assert.ok(!labelMatcher("app")(undefined));
  assert.throws(() => labelMatcher("app=web,(")(labels), /cannot parse/);
});

test("listers get by name and list by selector; a missing object is client-go's NotFound", () => {
  const s = newIndexer();
  s.add(obj("a", 1, "ns1", { app: "web" }));
  s.add(obj("b", 1, "ns1", { app: "db" }));
  s.add(obj("c", 1, "ns2", { app: "web" }));
  const lister = new Lister(s, { group: "apps", kind: "Deployment" });
  assert.deepEqual(
    lister
      .list({ app: "web" })
      .map((o) => o.metadata?.name)
      .sort(),
    ["a", "c"],
  );
  assert.equal(lister.list().length, 3);
  assert.deepEqual(
    lister
      .namespaced("ns1")
      .list("app=web")
      .map((o) => o.metadata?.name),
    ["a"],
  );
  assert.equal(lister.namespaced("ns2").get("c").metadata?.name, "c");
  let err: ApiError | undefined;
  try {
    lister.namespaced("ns2").get("a");
  } catch (e) {
    err = e as ApiError;
  }
  assert.ok(isNotFound(err));
  assert.equal(err?.code, 404);
  assert.equal(err?.message, 'deployment.apps "a" not found');
  assert.deepEqual(err?.status.details, { name: "a", group: "apps", kind: "deployment" });

  const nodes = new Indexer();
  nodes.add({ metadata: { name: "node-1" } });
  const nodeLister = new Lister(nodes, { group: "", kind: "Node" });
  assert.equal(nodeLister.get("node-1").metadata?.name, "node-1");
  assert.throws(
    () => nodeLister.get("node-2"),
    (e: unknown) => isNotFound(e) && (e as Error).message === 'node "node-2" not found',
  );
});

test("a namespace/name store serves the namespace index itself; a custom key function keeps a map by key; both answer alike", () => {
  const byUid = (o: KubeObject): string => o.metadata?.uid ?? "";
  const stores = [newIndexer(), new Indexer(byUid, { [NAMESPACE_INDEX]: metaNamespaceIndexFunc, app: byApp })];
  stores[0]!.addIndexers({ app: byApp });
  for (const s of stores) {
    const a = { ...obj("a", 1, "ns1", { app: "web" }), metadata: { ...obj("a", 1, "ns1", { app: "web" }).metadata, uid: "u-a" } };
    const b = { ...obj("b", 1, "ns2", { app: "web" }), metadata: { ...obj("b", 1, "ns2", { app: "web" }).metadata, uid: "u-b" } };
    const node = { metadata: { name: "node-1", uid: "u-n" } };
    s.add(a);
    s.add(b);
    s.add(node);
    assert.equal(s.size, 3);
    assert.deepEqual(s.listIndexFuncValues(NAMESPACE_INDEX).sort(), ["", "ns1", "ns2"]);
    assert.deepEqual(
      s.byIndex(NAMESPACE_INDEX, "").map((o) => o.metadata?.name),
      ["node-1"],
    );
    assert.deepEqual(
      s
        .index(NAMESPACE_INDEX, a)
        .map((o) => o.metadata?.name)
        .sort(),
      ["a"],
    );
    assert.equal(s.get(a), a);
    // The replaced object is returned; an update of the same values refiles nothing.
    const a2 = { ...a, metadata: { ...a.metadata, resourceVersion: "2" } };
    assert.equal(s.upsert(a2), a);
    assert.equal(s.size, 3);
    assert.equal(s.byIndex("app", "web").length, 2);
    assert.equal(s.remove(b), b);
    assert.equal(s.remove(b), undefined);
    assert.deepEqual(s.listIndexFuncValues(NAMESPACE_INDEX).sort(), ["", "ns1"]);
    assert.deepEqual(s.listIndexFuncValues("app"), ["web"]);
    assert.equal(s.size, 2);
  }
  // Keys are the key function's: "namespace/name" (computed when asked for) or the custom one.
  const [named, keyed] = stores;
  assert.deepEqual(named!.listKeys().sort(), ["node-1", "ns1/a"]);
  assert.deepEqual(named!.indexKeys(NAMESPACE_INDEX, "ns1"), ["ns1/a"]);
  assert.deepEqual(named!.indexKeys("app", "web"), ["ns1/a"]);
  assert.equal(named!.getByKey("ns1/a")?.metadata?.resourceVersion, "2");
  assert.equal(named!.getByKey("node-1")?.metadata?.name, "node-1");
  assert.equal(named!.getByKey("ns2/a"), undefined);
  assert.equal(named!.deleteKey("node-1")?.metadata?.name, "node-1");
  assert.deepEqual(named!.listIndexFuncValues(NAMESPACE_INDEX), ["ns1"]);
  assert.deepEqual(keyed!.listKeys().sort(), ["u-a", "u-n"]);
  assert.deepEqual(keyed!.indexKeys(NAMESPACE_INDEX, "ns1"), ["u-a"]);
  assert.equal(keyed!.getByKey("u-a")?.metadata?.name, "a");
  assert.throws(() => named!.add({ metadata: { namespace: "ns1" } }), /no metadata.name/);
});
