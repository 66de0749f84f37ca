import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/f/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("f")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

test("failNextRequests answers 429 with Retry-After, then serves again", async () => {
  server.faults.failNextRequests(2, { code: 429, retryAfterSeconds: 3 });
  const a = await api.get(CMS);
  const b = await api.get(CMS);
  const c = await api.get(CMS);
  assert.deepEqual([a.status, b.status, c.status], [429, 429, 200]);
  assert.equal(a.headers["retry-after"], "3");
  assert.equal((a.body as Record<string, unknown>)["reason"], "TooManyRequests");
});

test("failNextRequests with 500 can target a path", async () => {
  server.faults.failNextRequests(1, { code: 500, pathContains: "/secrets" });
  assert.equal((await api.get(CMS)).status, 200);
  const s = await api.get("/api/v1/namespaces/f/secrets");
  assert.equal(s.status, 500);
  assert.equal((await api.get("/api/v1/namespaces/f/secrets")).status, 200);
});

test("closeWatchesAfter ends streams after N events", async () => {
  for (const n of ["w1", "w2", "w3"]) await api.request("POST", CMS, configMap(n));
  server.faults.closeWatchesAfter(2);
  const w = await api.watch(`${CMS}?watch=1`);
  await w.ended;
  assert.equal(w.events.length, 2);
  server.faults.reset();
});

test("closeAllWatches ends open streams; expireResourceVersions makes old versions 410", async () => {
  const rv = server.currentResourceVersion();
  await api.request("POST", CMS, configMap("later"));
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=${server.currentResourceVersion()}`);
  server.faults.closeAllWatches();
  await w.ended;
  server.faults.expireResourceVersions();
  const old = await api.watch(`${CMS}?watch=1&resourceVersion=${rv}`);
  await old.ended;
  assert.equal(old.events[0]?.type, "ERROR");
  assert.equal(old.events[0]?.object["code"], 410);
});

test("latency delays but still serves", async () => {
  server.faults.setLatency(20);
  const res = await api.get(`${CMS}/later`);
  server.faults.reset();
  assert.equal(res.status, 200);
  assert.equal(meta(res.body)["name"], "later");
});
