// DeleteOptions details the transcripts do not show: the deprecated orphanDependents=false turns the
// answer for an object left in place (finalizers) into 202 Accepted, as the real DELETE handler does.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/do/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("do")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

test("orphanDependents=false answers 202 while finalizers keep the object; 200 without it", async () => {
  await api.request("POST", CMS, configMap("held", { finalizers: ["example.com/hold"] }));
  const accepted = await api.request("DELETE", `${CMS}/held`, { kind: "DeleteOptions", apiVersion: "v1", orphanDependents: false });
  assert.equal(accepted.status, 202);
  assert.ok(meta(accepted.body)["deletionTimestamp"]);
  // No orphan finalizer: orphanDependents=false means "do not orphan".
  assert.deepEqual(meta(accepted.body)["finalizers"], ["example.com/hold"]);
  assert.equal((await api.request("DELETE", `${CMS}/held`)).status, 200);
  assert.equal((await api.request("DELETE", `${CMS}/held?orphanDependents=false`)).status, 202);
});

test("orphanDependents=false on an object deleted at once is 200 with the Status", async () => {
  await api.request("POST", CMS, configMap("free"));
  const r = await api.request("DELETE", `${CMS}/free`, { orphanDependents: false });
  assert.equal(r.status, 200);
  assert.equal((r.body as Record<string, unknown>)["status"], "Success");
});

test("orphanDependents=true still adds the orphan finalizer", async () => {
  await api.request("POST", CMS, configMap("orph", { finalizers: ["example.com/hold"] }));
  const r = await api.request("DELETE", `${CMS}/orph`, { orphanDependents: true });
  assert.equal(r.status, 200);
  assert.deepEqual(meta(r.body)["finalizers"], ["example.com/hold", "orphan"]);
});

test("default, kube-system and kube-public may not be deleted (403); kube-node-lease may", async () => {
  for (const ns of ["default", "kube-system", "kube-public"]) {
    const r = await api.request("DELETE", `/api/v1/namespaces/${ns}`);
    assert.equal(r.status, 403, ns);
    assert.deepEqual(r.body, {
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: `namespaces "${ns}" is forbidden: this namespace may not be deleted`,
      reason: "Forbidden",
      details: { name: ns, kind: "namespaces" },
      code: 403,
    });
    assert.equal(meta((await api.get(`/api/v1/namespaces/${ns}`)).body)["deletionTimestamp"], undefined);
  }
  assert.equal((await api.request("DELETE", "/api/v1/namespaces/kube-node-lease")).status, 200);
});

test("a JSON null body is no options, as Go decodes it, not a 500", async () => {
  await api.request("POST", CMS, configMap("null-body"));
  const r = await api.request("DELETE", `${CMS}/null-body`, "null");
  assert.equal(r.status, 200);
  assert.equal((r.body as Record<string, unknown>)["status"], "Success");
  assert.equal((await api.request("GET", `${CMS}/null-body`)).status, 404);
});
