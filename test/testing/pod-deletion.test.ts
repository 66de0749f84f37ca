// Pods delete gracefully, as the real pod strategy has it: a scheduled, unfinished pod gets a
// deletionTimestamp terminationGracePeriodSeconds ahead and stays (no kubelet will confirm), updates do
// not remove it, a repeated delete only shortens the period, and gracePeriodSeconds=0 removes it.
// Unscheduled or finished pods go at once.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const PODS = "/api/v1/namespaces/pd/pods";
type Obj = Record<string, unknown>;

function pod(name: string, spec: Obj = {}): Obj {
  return { apiVersion: "v1", kind: "Pod", metadata: { name }, spec: { containers: [{ name: "c", image: "busybox" }], ...spec } };
}

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("pd")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

test("a scheduled pod stays terminating for its grace period; gracePeriodSeconds=0 removes it", async () => {
  await api.request("POST", PODS, pod("sched", { nodeName: "node-1" }));
  const w = await api.watch(`${PODS}?watch=1&resourceVersion=${server.currentResourceVersion()}`);
  const before = Date.now();
  const first = await api.request("DELETE", `${PODS}/sched`);
  assert.equal(first.status, 200);
  assert.equal(meta(first.body)["deletionGracePeriodSeconds"], 30);
  const ts = Date.parse(String(meta(first.body)["deletionTimestamp"]));
  assert.ok(ts >= Math.floor(before / 1000) * 1000 + 29_000, "deletionTimestamp lies the grace period ahead");
  assert.equal((await api.get(`${PODS}/sched`)).status, 200);
  // A status update does not finish the deletion.
  const cur = (await api.get(`${PODS}/sched`)).body as Obj;
  assert.equal((await api.request("PUT", `${PODS}/sched/status`, { ...cur, status: { phase: "Running" } })).status, 200);
  assert.equal((await api.get(`${PODS}/sched`)).status, 200);
  // Repeating the delete without a shorter period changes nothing; a shorter one moves the timestamp.
  const again = await api.request("DELETE", `${PODS}/sched`);
  assert.equal(meta(again.body)["deletionGracePeriodSeconds"], 30);
  const shorter = await api.request("DELETE", `${PODS}/sched?gracePeriodSeconds=10`);
  assert.equal(meta(shorter.body)["deletionGracePeriodSeconds"], 10);
  assert.equal(Date.parse(String(meta(shorter.body)["deletionTimestamp"])), ts - 20_000);
  const forced = await api.request("DELETE", `${PODS}/sched`, { kind: "DeleteOptions", apiVersion: "v1", gracePeriodSeconds: 0 });
  assert.equal(forced.status, 200);
  assert.equal((await api.get(`${PODS}/sched`)).status, 404);
  await w.waitFor(4, 5000);
  w.close();
  assert.deepEqual(
    w.events.map((e) => e.type),
    ["MODIFIED", "MODIFIED", "MODIFIED", "DELETED"],
  );
});

test("unscheduled and finished pods are deleted at once", async () => {
  await api.request("POST", PODS, pod("pending"));
  assert.equal((await api.request("DELETE", `${PODS}/pending`)).status, 200);
  assert.equal((await api.get(`${PODS}/pending`)).status, 404);
  const done = (await api.request("POST", PODS, pod("done", { nodeName: "node-1" }))).body as Obj;
  await api.request("PUT", `${PODS}/done/status`, { ...done, status: { phase: "Succeeded" } });
  assert.equal((await api.request("DELETE", `${PODS}/done`)).status, 200);
  assert.equal((await api.get(`${PODS}/done`)).status, 404);
});
