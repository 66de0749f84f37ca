// ResourceClient against the in-process API server over TLS: CRUD of a custom resource (Foo) and a
// core one (ConfigMap, and cluster-scoped Namespaces), the error predicates on the server's real
// answers, the four patch kinds, server-side apply with conflicts and force, deletes with
// preconditions, and names refused before any request is sent.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { ApiError, InvalidNameError, ResourceClient, isAlreadyExists, isConflict, isInvalid, isNotFound, isStatus } from "../src/index.js";
import type { ConfigMap, Foo, Harness } from "./api-server.js";
import { CONFIGMAPS, configMap, foo, startHarness } from "./api-server.js";

let h: Harness;
before(async () => {
  h = await startHarness("crud");
});
after(() => h.close());

test("Foo: create, get, update, list and delete round-trip through the server", async () => {
  const created = await h.foos.create(foo("alpha", 2));
  assert.equal(created.metadata?.namespace, "crud");
  assert.ok(created.metadata?.uid);
  const got = await h.foos.get("alpha");
  assert.equal(got.spec.replicas, 2);
  got.spec.replicas = 3;
  const updated = await h.foos.update(got);
  assert.equal(updated.spec.replicas, 3);
  assert.notEqual(updated.metadata?.resourceVersion, got.metadata?.resourceVersion);
  const list = await h.foos.list();
  assert.deepEqual(
    list.items.map((f) => f.metadata?.name),
    ["alpha"],
  );
  assert.equal(list.kind, "FooList");
  const gone = await h.foos.delete("alpha");
  assert.ok(!isStatus(gone) || gone.status === "Success");
  await assert.rejects(h.foos.get("alpha"), isNotFound);
});

test("ConfigMap on /api/v1 and a cluster-scoped Namespace", async () => {
  const cm = await h.configMaps.create(configMap("settings", { a: "1" }));
  assert.equal(cm.data?.["a"], "1");
  assert.deepEqual((await h.configMaps.get("settings")).data, { a: "1" });
  const ns = await h.namespaces.create({ apiVersion: "v1", kind: "Namespace", metadata: { name: "scratch" } });
  assert.equal(ns.metadata?.name, "scratch");
  assert.equal((await h.namespaces.get("scratch")).metadata?.uid, ns.metadata?.uid);
  assert.throws(() => h.namespaces.namespace("crud"), /cluster-scoped/);
  // Unbound, a namespaced client lists every namespace and takes an object's namespace from it.
  const all = new ResourceClient<ConfigMap>(h.transport, CONFIGMAPS);
  assert.ok((await all.list()).items.some((c) => c.metadata?.namespace === "crud" && c.metadata.name === "settings"));
  const other = await all.create({ ...configMap("elsewhere"), metadata: { name: "elsewhere", namespace: "scratch" } });
  assert.equal(other.metadata?.namespace, "scratch");
  await assert.rejects(all.get("settings"), /namespaced: bind a namespace/);
});

test("errors carry the server's Status: NotFound, AlreadyExists, Conflict, Invalid with causes", async () => {
  await assert.rejects(
    h.configMaps.get("missing"),
    (e: unknown) => isNotFound(e) && e instanceof ApiError && e.status.details?.name === "missing",
  );
  await h.foos.create(foo("dup"));
  await assert.rejects(h.foos.create(foo("dup")), isAlreadyExists);
  const first = await h.foos.get("dup");
  await h.foos.update({ ...first, spec: { ...first.spec, replicas: 4 } });
  await assert.rejects(
    h.foos.update({ ...first, spec: { ...first.spec, replicas: 5 } }),
    isConflict,
    "a stale resourceVersion is a Conflict",
  );
  await assert.rejects(
    h.foos.create(foo("too-many", 11)),
    (e: unknown) => isInvalid(e) && e instanceof ApiError && e.code === 422 && e.causes.some((c) => c.field === "spec.replicas"),
  );
  await assert.rejects(
    h.configMaps.create(configMap("Bad_Name")),
    (e: unknown) => isInvalid(e) && e instanceof ApiError && e.causes.some((c) => c.field === "metadata.name"),
  );
});

test("names and namespaces are validated before any request is sent", async () => {
  let requests = 0;
  const counting = { ...h.transport, json: <T>(r: Parameters<typeof h.transport.json>[0]) => (requests++, h.transport.json<T>(r)) };
  const foos = new ResourceClient<Foo>(counting, h.foos.resource).namespace("crud");
  await assert.rejects(foos.get("../x"), InvalidNameError);
  await assert.rejects(foos.get("a/b"), /may not contain '\/'/);
  await assert.rejects(foos.delete(".."), /may not be '\.\.'/);
  await assert.rejects(foos.update(foo("%2e%2e")), /may not contain '%'/);
  await assert.rejects(foos.get(""), /must not be empty/);
  assert.throws(() => foos.namespace("../kube-system"), /invalid namespace/);
  await assert.rejects(
    foos.apply({ apiVersion: "samplecontroller.k8s.io/v1alpha1", kind: "Foo", metadata: { name: "x/y" } }, { fieldManager: "t" }),
    InvalidNameError,
  );
  assert.equal(requests, 0);
  await foos.list();
  assert.equal(requests, 1, "the counting transport does see requests");
});

test("patch: merge, JSON patch, strategic merge, and a status-subresource patch", async () => {
  await h.configMaps.create(configMap("patched", { a: "1", b: "2" }));
  const merged = await h.configMaps.patch("patched", "merge", { data: { b: null, c: "3" } });
  assert.deepEqual(merged.data, { a: "1", c: "3" });
  const jsonPatched = await h.configMaps.patch("patched", "json", [
    { op: "test", path: "/data/a", value: "1" },
    { op: "replace", path: "/data/a", value: "10" },
  ]);
  assert.deepEqual(jsonPatched.data, { a: "10", c: "3" });
  await assert.rejects(
    h.configMaps.patch("patched", "json", [{ op: "test", path: "/data/a", value: "nope" }]),
    (e: unknown) => e instanceof ApiError && e.code >= 400 && e.code < 500,
  );
  const strategic = await h.configMaps.patch("patched", "strategic", { metadata: { labels: { tier: "web" } }, data: { d: "4" } });
  assert.deepEqual(strategic.data, { a: "10", c: "3", d: "4" });
  assert.equal(strategic.metadata?.labels?.["tier"], "web");
  await h.foos.create(foo("sp"));
  await assert.rejects(
    h.foos.patch("sp", "strategic", { spec: { replicas: 2 } }),
    (e: unknown) => e instanceof ApiError && e.code === 415,
    "custom resources refuse strategic merge",
  );
  await h.deployments.create(deploymentFor("patch-status"));
  const st = await h.deployments.patch("patch-status", "merge", { status: { replicas: 1, readyReplicas: 1 } }, { subresource: "status" });
  assert.equal(st.status?.readyReplicas, 1);
});

function deploymentFor(name: string): Parameters<typeof h.deployments.create>[0] {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "c", image: "nginx" }] } },
    },
  };
}

test("server-side apply: create, conflicts between managers, force, and a required fieldManager", async () => {
  const cfg = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "applied" }, data: { owner: "one" } };
  const created = await h.configMaps.apply(cfg, { fieldManager: "one" });
  assert.equal(created.data?.["owner"], "one");
  assert.ok(created.metadata?.managedFields?.some((m) => m.manager === "one" && m.operation === "Apply"));
  const conflict = await h.configMaps.apply({ ...cfg, data: { owner: "two" } }, { fieldManager: "two" }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(isConflict(conflict), "a second manager changing an owned field conflicts");
  assert.ok(
    conflict instanceof ApiError && conflict.causes.some((c) => c.field === ".data.owner"),
    JSON.stringify(conflict instanceof ApiError ? conflict.causes : conflict),
  );
  const forced = await h.configMaps.apply({ ...cfg, data: { owner: "two" } }, { fieldManager: "two", force: true });
  assert.equal(forced.data?.["owner"], "two");
  await assert.rejects(h.configMaps.apply(cfg, { fieldManager: "" }), /needs a fieldManager/);
  const dry = await h.configMaps.apply({ ...cfg, metadata: { name: "dry-applied" } }, { fieldManager: "one", dryRun: "All" });
  assert.equal(dry.metadata?.name, "dry-applied");
  await assert.rejects(h.configMaps.get("dry-applied"), isNotFound, "dryRun stores nothing");
});

test("applyStatus writes the status subresource only", async () => {
  await h.deployments.create(deploymentFor("apply-status"));
  const out = await h.deployments.applyStatus(
    { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "apply-status" }, status: { replicas: 1, readyReplicas: 1 } },
    { fieldManager: "status-writer" },
  );
  assert.equal(out.status?.readyReplicas, 1);
  assert.equal(out.spec?.replicas, 1);
});

test("delete: preconditions on uid and resourceVersion, dryRun, and deleteCollection by label", async () => {
  const cm = await h.configMaps.create(configMap("guarded"));
  await assert.rejects(h.configMaps.delete("guarded", { preconditions: { uid: "not-the-uid" } }), isConflict);
  await assert.rejects(h.configMaps.delete("guarded", { preconditions: { resourceVersion: "1" } }), isConflict);
  await h.configMaps.delete("guarded", { dryRun: "All" });
  assert.equal((await h.configMaps.get("guarded")).metadata?.uid, cm.metadata?.uid, "a dry-run delete keeps the object");
  await h.configMaps.delete("guarded", {
    preconditions: { uid: cm.metadata!.uid!, resourceVersion: cm.metadata!.resourceVersion! },
    propagationPolicy: "Background",
    gracePeriodSeconds: 0,
  });
  await assert.rejects(h.configMaps.get("guarded"), isNotFound);
  for (const n of ["c1", "c2", "c3"]) await h.configMaps.create(configMap(n, { k: "v" }, { batch: n === "c3" ? "keep" : "drop" }));
  await h.configMaps.deleteCollection({ labelSelector: { batch: "drop" } });
  const left = await h.configMaps.list({ labelSelector: { matchExpressions: [{ key: "batch", operator: "Exists" }] } });
  assert.deepEqual(
    left.items.map((c) => c.metadata?.name),
    ["c3"],
  );
});

test("write options reach the server: dryRun, fieldManager, fieldValidation", async () => {
  const dry = await h.configMaps.create(configMap("dry-create"), { dryRun: "All" });
  assert.equal(dry.metadata?.name, "dry-create");
  await assert.rejects(h.configMaps.get("dry-create"), isNotFound);
  const managed = await h.configMaps.create(configMap("managed"), { fieldManager: "my-controller" });
  assert.ok(managed.metadata?.managedFields?.some((m) => m.manager === "my-controller" && m.operation === "Update"));
  const withJunk = { ...foo("strict"), spec: { deploymentName: "d", replicas: 1, junk: true } } as unknown as Foo;
  await assert.rejects(
    h.foos.create(withJunk, { fieldValidation: "Strict" }),
    (e: unknown) => e instanceof ApiError && e.code === 400 && /unknown field "spec.junk"/.test(e.message),
  );
  const ignored = await h.foos.create(withJunk, { fieldValidation: "Ignore" });
  assert.equal((ignored.spec as unknown as Record<string, unknown>)["junk"], undefined, "the server prunes the unknown field");
});
