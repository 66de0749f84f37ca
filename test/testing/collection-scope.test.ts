// What collection paths allow. Built-ins (routed by go-restful on the real server) have only list and
// watch on the all-namespaces path and no PUT/PATCH without a name: 405, and above all no cluster-wide
// delete. Custom resources (the CRD handler) answer 400: "name must be provided", and a delete-collection
// without a namespace fails on its first item without deleting anything.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, namespace } from "./api-client.js";
import { conformanceCrds } from "./transcript-fixtures.js";

let server: TestApiServer;
let api: ApiClient;
type Obj = Record<string, unknown>;
const WIDGETS = "/apis/conformance.example.com/v1";
const widget = { apiVersion: "conformance.example.com/v1", kind: "Widget", metadata: { name: "w" }, spec: { size: "small" } };

before(async () => {
  server = await startTestApiServer({ crds: conformanceCrds(), objects: [namespace("cs")] });
  await server.settle();
  api = new ApiClient(server);
  await api.request("POST", "/api/v1/namespaces/cs/configmaps", configMap("keep"));
  await api.request("POST", `${WIDGETS}/namespaces/cs/widgets`, widget);
});
after(async () => {
  api.close();
  await server.stop();
});

test("built-in collections: writes on the all-namespaces path and PUT/PATCH without a name are 405", async () => {
  const attempts: [string, string, unknown, string?][] = [
    ["POST", "/api/v1/configmaps", { ...configMap("x"), metadata: { name: "x", namespace: "cs" } }],
    ["DELETE", "/api/v1/configmaps", undefined],
    ["PUT", "/api/v1/namespaces/cs/configmaps", configMap("keep")],
    ["PATCH", "/api/v1/namespaces/cs/configmaps", {}, "application/merge-patch+json"],
  ];
  for (const [method, path, body, type] of attempts) {
    const r = await api.request(method, path, body, type);
    assert.equal(r.status, 405, `${method} ${path}`);
    assert.equal((r.body as Obj)["reason"], "MethodNotAllowed");
  }
  assert.equal((await api.get("/api/v1/namespaces/cs/configmaps/keep")).status, 200);
  assert.equal((await api.get("/api/v1/configmaps")).status, 200);
});

test("custom resource collections: no name is 400, a namespace-less delete-collection deletes nothing", async () => {
  const put = await api.request("PUT", `${WIDGETS}/namespaces/cs/widgets`, widget);
  assert.equal(put.status, 400);
  assert.equal((put.body as Obj)["message"], "name must be provided");
  const del = await api.request("DELETE", `${WIDGETS}/widgets`);
  assert.equal(del.status, 400);
  assert.equal((del.body as Obj)["message"], "Namespace parameter required.");
  assert.equal((await api.get(`${WIDGETS}/namespaces/cs/widgets/w`)).status, 200);
});
