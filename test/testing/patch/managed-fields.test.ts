// managedFields bookkeeping for non-apply writes: who gains and who loses fields, entry merging and order.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  builtinResourceSchema,
  decodeManagedFields,
  managerFromUserAgent,
  prepareForUpdate,
  MAX_UPDATE_MANAGERS,
  updateManagedFields,
  type JsonObject,
} from "../../../testing/src/patch/index.js";
import { owners, T0, T1, T2, widget, widgetSchema } from "./fixtures.js";

const opts = (manager: string, time: string, subresource?: string) => ({
  manager,
  apiVersion: "example.com/v1",
  time,
  schema: widgetSchema,
  ...(subresource ? { subresource } : {}),
});

const created = updateManagedFields(
  undefined,
  widget({ replicas: 1, size: "s" }, { metadata: { name: "w", namespace: "ns", labels: { a: "1" } } }),
  opts("alice", T0),
);

test("a create gives the creator every field except name/namespace and other server-owned metadata", () => {
  assert.deepEqual(owners(created), [
    {
      manager: "alice",
      operation: "Update",
      apiVersion: "example.com/v1",
      fieldsType: "FieldsV1",
      fieldsV1: { "f:metadata": { "f:labels": { ".": {}, "f:a": {} } }, "f:spec": { ".": {}, "f:replicas": {}, "f:size": {} } },
    },
  ]);
});

test("an update moves changed fields to the writer; the other manager keeps the rest", () => {
  const next = structuredClone(created);
  (next["spec"] as JsonObject)["replicas"] = 2;
  const out = updateManagedFields(created, next, opts("bob", T1));
  const [alice, bob] = owners(out);
  assert.equal(alice!["manager"], "alice");
  assert.deepEqual(alice!["fieldsV1"], { "f:metadata": { "f:labels": { ".": {}, "f:a": {} } }, "f:spec": { ".": {}, "f:size": {} } });
  assert.deepEqual(bob, {
    manager: "bob",
    operation: "Update",
    apiVersion: "example.com/v1",
    fieldsType: "FieldsV1",
    fieldsV1: { "f:spec": { "f:replicas": {} } },
  });
  const bobTime = ((out["metadata"] as JsonObject)["managedFields"] as JsonObject[])[1]!["time"];
  assert.equal(bobTime, T1);
});

test("removed fields leave every owner; an entry with nothing left disappears", () => {
  const next = structuredClone(created);
  delete (next["metadata"] as JsonObject)["labels"];
  const out = updateManagedFields(created, next, opts("bob", T1));
  assert.deepEqual(
    owners(out).map((e) => e["manager"]),
    ["alice"],
  );
  assert.deepEqual(owners(out)[0]!["fieldsV1"], { "f:spec": { ".": {}, "f:replicas": {}, "f:size": {} } });
});

test("a write that changes nothing leaves managedFields (and their times) alone", () => {
  const out = updateManagedFields(created, structuredClone(created), opts("bob", T2));
  assert.deepEqual((out["metadata"] as JsonObject)["managedFields"], (created["metadata"] as JsonObject)["managedFields"]);
});

test("the same manager's later write merges into its entry and refreshes its time", () => {
  const next = structuredClone(created);
  (next["spec"] as JsonObject)["size"] = "m";
  const out = updateManagedFields(created, next, opts("alice", T1));
  const mf = (out["metadata"] as JsonObject)["managedFields"] as JsonObject[];
  assert.equal(mf.length, 1);
  assert.equal(mf[0]!["time"], T1);
});

test("status writes are a separate entry with subresource, and spec changes through /status are not owned", () => {
  const next = structuredClone(created);
  next["status"] = { replicas: 3 };
  (next["spec"] as JsonObject)["replicas"] = 9;
  const out = updateManagedFields(created, next, opts("ctrl", T1, "status"));
  assert.deepEqual(owners(out)[1], {
    manager: "ctrl",
    operation: "Update",
    apiVersion: "example.com/v1",
    fieldsType: "FieldsV1",
    fieldsV1: { "f:status": { ".": {}, "f:replicas": {} } },
    subresource: "status",
  });
  assert.deepEqual(owners(out)[0]!["fieldsV1"], owners(created)[0]!["fieldsV1"]);
});

test("managedFields sent in the request replace the stored ones; [{}] clears them", () => {
  const custom = structuredClone(created);
  (custom["metadata"] as JsonObject)["managedFields"] = [
    {
      manager: "me",
      operation: "Update",
      apiVersion: "example.com/v1",
      time: T0,
      fieldsType: "FieldsV1",
      fieldsV1: { "f:spec": { "f:size": {} } },
    },
  ];
  assert.deepEqual(
    owners(updateManagedFields(created, custom, opts("x", T1))).map((e) => e["manager"]),
    ["me"],
  );
  const reset = structuredClone(created);
  (reset["metadata"] as JsonObject)["managedFields"] = [{}];
  assert.equal("managedFields" in (updateManagedFields(created, reset, opts("x", T1))["metadata"] as JsonObject), false);
});

test("entries sort Apply first, then by time, then manager name", () => {
  const mf = [
    { manager: "z", operation: "Update", apiVersion: "v1", time: T0, fieldsType: "FieldsV1", fieldsV1: { "f:a": {} } },
    { manager: "b", operation: "Update", apiVersion: "v1", time: T1, fieldsType: "FieldsV1", fieldsV1: { "f:b": {} } },
    { manager: "a", operation: "Update", apiVersion: "v1", time: T1, fieldsType: "FieldsV1", fieldsV1: { "f:c": {} } },
    { manager: "y", operation: "Apply", apiVersion: "v1", time: T2, fieldsType: "FieldsV1", fieldsV1: { "f:d": {} } },
  ];
  const obj = { metadata: { managedFields: mf }, a: 1, b: 1, c: 1, d: 1 };
  const out = updateManagedFields(obj, structuredClone(obj), opts("n", T2));
  assert.deepEqual(
    owners(out).map((e) => e["manager"]),
    ["y", "z", "a", "b"],
  );
});

test("more than 10 update managers: the oldest merge into ancient-changes", () => {
  const mf = Array.from({ length: MAX_UPDATE_MANAGERS }, (_, i) => ({
    manager: `m${i}`,
    operation: "Update",
    apiVersion: "example.com/v1",
    time: `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`,
    fieldsType: "FieldsV1",
    fieldsV1: { "f:spec": { [`f:k${i}`]: {} } },
  }));
  const obj = widget(Object.fromEntries(mf.map((_, i) => [`k${i}`, i])), { metadata: { name: "w", managedFields: mf } });
  const next = structuredClone(obj);
  (next["spec"] as JsonObject)["extra"] = 1;
  const out = updateManagedFields(obj, next, opts("newcomer", T2));
  const names = owners(out).map((e) => e["manager"]);
  assert.equal(names.length, MAX_UPDATE_MANAGERS);
  assert.ok(names.includes("ancient-changes"));
  assert.ok(!names.includes("m0") && !names.includes("m1"));
  const ancient = decodeManagedFields((out["metadata"] as JsonObject)["managedFields"])!.find((e) => e.manager === "ancient-changes")!;
  assert.ok(ancient.set.has(["f:spec", "f:k0"]) && ancient.set.has(["f:spec", "f:k1"]));
});

test("built-in creates compare against the Go zero value: always-present structs are owned by nobody", () => {
  const schema = builtinResourceSchema("coordination.k8s.io/v1", "Lease")!;
  const out = updateManagedFields(
    undefined,
    { apiVersion: "coordination.k8s.io/v1", kind: "Lease", metadata: { name: "l" }, spec: { holderIdentity: "a" } },
    {
      manager: "m",
      apiVersion: "coordination.k8s.io/v1",
      time: T0,
      schema,
    },
  );
  assert.deepEqual(owners(out)[0]!["fieldsV1"], { "f:spec": { "f:holderIdentity": {} } });
});

test("the default manager is the user agent's program name", () => {
  assert.equal(managerFromUserAgent("kubectl/v1.24.0 (linux/amd64) kubernetes/abc"), "kubectl");
  assert.equal(managerFromUserAgent("node"), "node");
  assert.equal(managerFromUserAgent(undefined), "unknown");
  assert.equal(managerFromUserAgent("x".repeat(300)).length, 128);
});

test("prepareForUpdate: /status keeps only status for custom resources, reset fields for built-ins", () => {
  const live = widget({ replicas: 1 }, { status: { replicas: 0 } });
  const sent = widget({ replicas: 5 }, { status: { replicas: 2 }, metadata: { name: "w", namespace: "ns", labels: { l: "1" } } });
  assert.deepEqual(prepareForUpdate(live, sent, widgetSchema, "status"), widget({ replicas: 1 }, { status: { replicas: 2 } }));
  assert.deepEqual(prepareForUpdate(live, sent, widgetSchema, undefined)["status"], { replicas: 0 });
  const deploy = builtinResourceSchema("apps/v1", "Deployment")!;
  const dLive = { metadata: { name: "d", labels: { a: "1" }, annotations: { x: "1" } }, spec: { replicas: 1 }, status: {} };
  const dSent = { metadata: { name: "d", labels: { a: "2" }, annotations: { x: "2" } }, spec: { replicas: 9 }, status: { replicas: 1 } };
  assert.deepEqual(prepareForUpdate(dLive, dSent, deploy, "status"), {
    metadata: { name: "d", labels: { a: "1" }, annotations: { x: "2" } },
    spec: { replicas: 1 },
    status: { replicas: 1 },
  });
});
