import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, configMapOwnerRef, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/gc/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("gc")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

async function owner(name: string): Promise<Record<string, unknown>> {
  const res = await api.request("POST", CMS, configMap(name));
  assert.equal(res.status, 201);
  return res.body as Record<string, unknown>;
}

async function exists(name: string): Promise<boolean> {
  return (await api.get(`${CMS}/${name}`)).status === 200;
}

test("background deletion: dependents go when their only owner goes", async () => {
  const o = await owner("bg-owner");
  await api.request("POST", CMS, configMap("bg-dep", { ownerReferences: [configMapOwnerRef(o)] }));
  await api.request("DELETE", `${CMS}/bg-owner`);
  await server.settle();
  assert.equal(await exists("bg-dep"), false);
});

test("a dependent with another live owner only loses the reference", async () => {
  const a = await owner("two-a");
  const b = await owner("two-b");
  await api.request("POST", CMS, configMap("two-dep", { ownerReferences: [configMapOwnerRef(a), configMapOwnerRef(b)] }));
  await api.request("DELETE", `${CMS}/two-a`);
  await server.settle();
  const dep = (await api.get(`${CMS}/two-dep`)).body;
  assert.deepEqual(
    (meta(dep)["ownerReferences"] as { name: string }[]).map((r) => r.name),
    ["two-b"],
  );
});

test("foreground deletion keeps the owner until blocking dependents are gone", async () => {
  const o = await owner("fg-owner");
  await api.request("POST", CMS, configMap("fg-dep", { ownerReferences: [configMapOwnerRef(o, true)] }));
  const res = await api.request("DELETE", `${CMS}/fg-owner?propagationPolicy=Foreground`);
  assert.equal(res.status, 200);
  assert.deepEqual(meta(res.body)["finalizers"], ["foregroundDeletion"]);
  assert.ok(meta(res.body)["deletionTimestamp"]);
  await server.settle();
  await server.settle();
  assert.equal(await exists("fg-dep"), false);
  assert.equal(await exists("fg-owner"), false);
});

test("orphan deletion releases dependents", async () => {
  const o = await owner("or-owner");
  await api.request("POST", CMS, configMap("or-dep", { ownerReferences: [configMapOwnerRef(o)] }));
  await api.request("DELETE", `${CMS}/or-owner`, { apiVersion: "v1", kind: "DeleteOptions", propagationPolicy: "Orphan" });
  await server.settle();
  await server.settle();
  assert.equal(await exists("or-owner"), false);
  assert.equal(meta((await api.get(`${CMS}/or-dep`)).body)["ownerReferences"], undefined);
});

test("finalizers hold deletion; removing the last one deletes; resourceVersion preconditions apply", async () => {
  const created = await api.request("POST", CMS, configMap("fin", { finalizers: ["example.com/hold"] }));
  const stale = await api.request("DELETE", `${CMS}/fin`, { preconditions: { resourceVersion: "1" } });
  assert.equal(stale.status, 409);
  const del = await api.request("DELETE", `${CMS}/fin`, { preconditions: { uid: meta(created.body)["uid"] } });
  assert.equal(del.status, 200);
  assert.ok(meta(del.body)["deletionTimestamp"]);
  assert.equal(await exists("fin"), true);
  const patched = await api.request("PATCH", `${CMS}/fin`, { metadata: { finalizers: null } }, "application/merge-patch+json");
  assert.equal(patched.status, 200);
  assert.equal(await exists("fin"), false);
});

test("deleting a namespace removes its contents, then the namespace; creates in it are refused meanwhile", async () => {
  await api.request("POST", "/api/v1/namespaces", namespace("doomed"));
  await api.request("POST", "/api/v1/namespaces/doomed/configmaps", configMap("x"));
  await api.request("POST", "/api/v1/namespaces/doomed/configmaps", configMap("held", { finalizers: ["example.com/hold"] }));
  const del = await api.request("DELETE", "/api/v1/namespaces/doomed");
  assert.equal(del.status, 200);
  assert.equal(((del.body as Record<string, unknown>)["status"] as Record<string, unknown>)["phase"], "Terminating");
  assert.equal((await api.request("POST", "/api/v1/namespaces/doomed/configmaps", configMap("late"))).status, 403);
  await server.settle();
  assert.equal((await api.get("/api/v1/namespaces/doomed/configmaps/x")).status, 404);
  assert.equal((await api.get("/api/v1/namespaces/doomed")).status, 200);
  await api.request(
    "PATCH",
    "/api/v1/namespaces/doomed/configmaps/held",
    [{ op: "remove", path: "/metadata/finalizers" }],
    "application/json-patch+json",
  );
  await server.settle();
  assert.equal((await api.get("/api/v1/namespaces/doomed")).status, 404);
});

test("no new finalizers may be added once deletion has started", async () => {
  await api.request("POST", CMS, configMap("nf", { finalizers: ["example.com/a"] }));
  await api.request("DELETE", `${CMS}/nf`);
  const res = await api.request(
    "PATCH",
    `${CMS}/nf`,
    { metadata: { finalizers: ["example.com/a", "example.com/b"] } },
    "application/merge-patch+json",
  );
  assert.equal(res.status, 422);
  const causes = ((res.body as Record<string, Record<string, unknown>>)["details"] ?? {})["causes"] as { field: string; reason: string }[];
  assert.deepEqual(
    causes.map((c) => [c.reason, c.field]),
    [["FieldValueForbidden", "metadata.finalizers"]],
  );
  await api.request("PATCH", `${CMS}/nf`, { metadata: { finalizers: null } }, "application/merge-patch+json");
  assert.equal(await exists("nf"), false);
});
