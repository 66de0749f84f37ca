// The event recorder writes core/v1 Events a person reads with kubectl describe: the involved
// object, reason, message, type and source; a repeat of the same event on the same object is counted
// on the Event already written, a different one is a new Event. Owner-reference helpers as metav1's.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startTestApiServer } from "../../../testing/src/index.js";
import type { TestApiServer } from "../../../testing/src/index.js";
import { BuiltinClientset, getControllerOf, isControlledBy, loadKubeConfig, newControllerRef, newEventRecorder } from "../../src/index.js";

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  await server.stop();
});

const owner = { apiVersion: "example.com/v1", kind: "Thing", metadata: { name: "t1", namespace: "default", uid: "u-1" } };

test("events are written with their source; a repeat is counted on the same Event", async () => {
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const recorder = newEventRecorder(config, { component: "my-controller", host: "node-a" });
  recorder.event(owner, "Normal", "Synced", "all good");
  recorder.event(owner, "Normal", "Synced", "all good");
  recorder.event(owner, "Warning", "Broken", "not good");
  await recorder.flush();
  const events = (await new BuiltinClientset(config).coreV1().events("default").list()).items;
  const summary = events.map((e) => `${e.type ?? ""} ${e.reason ?? ""} ${String(e.count)} ${e.message ?? ""}`).sort();
  assert.deepEqual(summary, ["Normal Synced 2 all good", "Warning Broken 1 not good"]);
  const synced = events.find((e) => e.reason === "Synced")!;
  assert.deepEqual(synced.source, { component: "my-controller", host: "node-a" });
  assert.deepEqual(synced.involvedObject, { apiVersion: "example.com/v1", kind: "Thing", name: "t1", namespace: "default", uid: "u-1" });
  assert.match(synced.metadata?.name ?? "", /^t1\.[0-9a-f]+$/);
});

test("a write that fails is reported to onError, never thrown at the caller", async () => {
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const errors: string[] = [];
  const recorder = newEventRecorder(config, { component: "c", onError: (err) => errors.push(String(err)) });
  recorder.event({ ...owner, metadata: { ...owner.metadata, namespace: "no-such-namespace" } }, "Normal", "R", "m");
  await recorder.flush();
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /no-such-namespace/);
});

test("controller references: made with controller and blockOwnerDeletion, found, compared by uid", () => {
  const ref = newControllerRef(owner, { apiVersion: owner.apiVersion, kind: owner.kind });
  assert.deepEqual(ref, {
    apiVersion: "example.com/v1",
    kind: "Thing",
    name: "t1",
    uid: "u-1",
    controller: true,
    blockOwnerDeletion: true,
  });
  const dependent = { metadata: { name: "d", ownerReferences: [{ ...ref, controller: false, uid: "u-0" }, ref] } };
  assert.equal(getControllerOf(dependent), ref);
  assert.ok(isControlledBy(dependent, owner));
  assert.ok(!isControlledBy(dependent, { metadata: { uid: "u-2" } }));
  assert.ok(!isControlledBy({ metadata: {} }, owner));
  assert.throws(() => newControllerRef({ metadata: { name: "x" } }, ref), /uid/);
});
