import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("p1"), namespace("p2")] });
  api = new ApiClient(server);
  for (const ns of ["p1", "p2"])
    for (const n of ["c", "a", "b"]) await api.request("POST", `/api/v1/namespaces/${ns}/configmaps`, configMap(n));
});
after(async () => {
  api.close();
  await server.stop();
});

type List = { items: unknown[]; metadata: Record<string, unknown> };

test("pages follow key order across namespaces and stay consistent with the first page's snapshot", async () => {
  const first = (await api.get("/api/v1/configmaps?limit=4")).body as List;
  assert.deepEqual(
    first.items.map((o) => `${String(meta(o)["namespace"])}/${String(meta(o)["name"])}`),
    ["p1/a", "p1/b", "p1/c", "p2/a"],
  );
  assert.equal(first.metadata["remainingItemCount"], 2);
  await api.request("DELETE", "/api/v1/namespaces/p2/configmaps/c");
  await api.request("POST", "/api/v1/namespaces/p2/configmaps", configMap("bb"));
  const second = (await api.get(`/api/v1/configmaps?limit=4&continue=${String(first.metadata["continue"])}`)).body as List;
  assert.deepEqual(
    second.items.map((o) => meta(o)["name"]),
    ["b", "c"],
  );
  assert.equal(second.metadata["continue"], undefined);
  assert.equal(second.metadata["resourceVersion"], first.metadata["resourceVersion"]);
});

test("expired continue tokens are 410, garbage tokens are 400", async () => {
  const first = (await api.get("/api/v1/namespaces/p1/configmaps?limit=1")).body as List;
  await api.request("POST", "/api/v1/namespaces/p1/configmaps", configMap("z"));
  server.faults.expireResourceVersions();
  const gone = await api.get(`/api/v1/namespaces/p1/configmaps?limit=1&continue=${String(first.metadata["continue"])}`);
  assert.equal(gone.status, 410);
  const garbage = await api.get("/api/v1/namespaces/p1/configmaps?limit=1&continue=garbage");
  assert.equal(garbage.status, 400);
  assert.match(String((garbage.body as Record<string, unknown>)["message"]), /^invalid continue token/);
});

test("field selectors on metadata.name and metadata.namespace; unsupported fields are 400", async () => {
  const byName = (await api.get("/api/v1/configmaps?fieldSelector=metadata.name%3Da")).body as List;
  assert.deepEqual(
    byName.items.map((o) => meta(o)["namespace"]),
    ["p1", "p2"],
  );
  const byNs = (await api.get("/api/v1/configmaps?fieldSelector=metadata.namespace%21%3Dp1")).body as List;
  assert.ok(byNs.items.every((o) => meta(o)["namespace"] !== "p1"));
  assert.equal((await api.get("/api/v1/configmaps?fieldSelector=data.k%3Dv")).status, 400);
});
