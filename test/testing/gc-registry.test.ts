// The garbage collector deletes dependents the way any client's DELETE does: through the dependent's
// registry strategy. A finalizer on the dependent holds it with a deletionTimestamp (and, for a kind with
// metadata.generation, the generation bump every deletion makes) until the finalizer is removed; a
// scheduled pod gets its graceful deletion rather than vanishing; a foreground owner waits for it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, configMapOwnerRef, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
type Obj = Record<string, unknown>;
const CMS = "/api/v1/namespaces/gcr/configmaps";
const DEPLOYS = "/apis/apps/v1/namespaces/gcr/deployments";
const PODS = "/api/v1/namespaces/gcr/pods";
const MERGE = "application/merge-patch+json";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("gcr")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

async function owner(name: string): Promise<Obj> {
  const res = await api.request("POST", CMS, configMap(name));
  assert.equal(res.status, 201);
  return res.body as Obj;
}

function deployment(name: string, metadata: Obj): Obj {
  const labels = { app: name };
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, ...metadata },
    spec: {
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: "c", image: "busybox" }] } },
    },
  };
}

test("a finalizer on a dependent holds the collector's delete until it is removed", async () => {
  const o = await owner("fin-owner");
  const created = await api.request(
    "POST",
    DEPLOYS,
    deployment("fin-dep", { ownerReferences: [configMapOwnerRef(o)], finalizers: ["example.com/hold"] }),
  );
  assert.equal(created.status, 201);
  assert.equal(meta(created.body)["generation"], 1);
  assert.equal((await api.request("DELETE", `${CMS}/fin-owner`)).status, 200);
  await server.settle();
  const held = await api.get(`${DEPLOYS}/fin-dep`);
  assert.equal(held.status, 200, "the finalizer holds the dependent");
  assert.ok(meta(held.body)["deletionTimestamp"]);
  assert.equal(meta(held.body)["deletionGracePeriodSeconds"], 0);
  // The Deployment registry's delete bumps generation, as a client's DELETE of it would.
  assert.equal(meta(held.body)["generation"], 2);
  assert.equal((await api.request("PATCH", `${DEPLOYS}/fin-dep`, { metadata: { finalizers: null } }, MERGE)).status, 200);
  await server.settle();
  assert.equal((await api.get(`${DEPLOYS}/fin-dep`)).status, 404);
});

test("a scheduled pod owned by a deleted owner deletes gracefully, per the pod strategy", async () => {
  const o = await owner("pod-owner");
  const pod = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "owned-pod", ownerReferences: [configMapOwnerRef(o)] },
    spec: { nodeName: "node-1", terminationGracePeriodSeconds: 45, containers: [{ name: "c", image: "busybox" }] },
  };
  assert.equal((await api.request("POST", PODS, pod)).status, 201);
  await api.request("DELETE", `${CMS}/pod-owner`);
  await server.settle();
  const terminating = await api.get(`${PODS}/owned-pod`);
  assert.equal(terminating.status, 200, "no kubelet confirms, so the pod stays terminating");
  assert.equal(meta(terminating.body)["deletionGracePeriodSeconds"], 45);
  const forced = await api.request("DELETE", `${PODS}/owned-pod`, { kind: "DeleteOptions", apiVersion: "v1", gracePeriodSeconds: 0 });
  assert.equal(forced.status, 200);
  assert.equal((await api.get(`${PODS}/owned-pod`)).status, 404);
});

test("a foreground owner stays while a blocking dependent's finalizer holds it", async () => {
  const o = await owner("fg-owner");
  await api.request("POST", CMS, configMap("fg-held", { ownerReferences: [configMapOwnerRef(o, true)], finalizers: ["example.com/hold"] }));
  await api.request("DELETE", `${CMS}/fg-owner?propagationPolicy=Foreground`);
  await server.settle();
  await server.settle();
  assert.ok(meta((await api.get(`${CMS}/fg-held`)).body)["deletionTimestamp"]);
  assert.equal((await api.get(`${CMS}/fg-owner`)).status, 200, "the owner waits for its blocking dependent");
  await api.request("PATCH", `${CMS}/fg-held`, { metadata: { finalizers: null } }, MERGE);
  await server.settle();
  await server.settle();
  assert.equal((await api.get(`${CMS}/fg-held`)).status, 404);
  assert.equal((await api.get(`${CMS}/fg-owner`)).status, 404);
});
