import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/w/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("w")], bookmarkIntervalMs: 50, historySize: 50 });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

test("watch from a list's resourceVersion sees later changes in order", async () => {
  await api.request("POST", CMS, configMap("before"));
  const list = await api.get(CMS);
  const rv = String(meta(list.body)["resourceVersion"]);
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=${rv}`);
  await api.request("POST", CMS, configMap("a"));
  const got = (await api.get(`${CMS}/a`)).body as Record<string, unknown>;
  await api.request("PUT", `${CMS}/a`, { ...got, data: { k: "2" } });
  await api.request("DELETE", `${CMS}/a`);
  await w.waitFor(3, 5000);
  w.close();
  assert.deepEqual(
    w.events.map((e) => [e.type, meta(e.object)["name"]]),
    [
      ["ADDED", "a"],
      ["MODIFIED", "a"],
      ["DELETED", "a"],
    ],
  );
  const rvs = w.events.map((e) => Number(meta(e.object)["resourceVersion"]));
  assert.deepEqual(
    [...rvs].sort((x, y) => x - y),
    rvs,
  );
});

test("resourceVersion unset starts with synthetic ADDED events; selectors turn leaving into DELETED", async () => {
  await api.request("POST", CMS, configMap("sel", { labels: { tier: "front" } }));
  const w = await api.watch(`${CMS}?watch=true&labelSelector=tier%3Dfront`);
  await w.waitFor(1, 5000);
  const cur = (await api.get(`${CMS}/sel`)).body as Record<string, unknown>;
  await api.request("PUT", `${CMS}/sel`, { ...cur, metadata: { ...meta(cur), labels: { tier: "back" } } });
  await api.request("PUT", `${CMS}/sel`, { ...cur, metadata: { ...meta(cur), resourceVersion: undefined, labels: { tier: "front" } } });
  await w.waitFor(3, 5000);
  w.close();
  assert.deepEqual(
    w.events.map((e) => e.type),
    ["ADDED", "DELETED", "ADDED"],
  );
  // The DELETED event carries the object as it was while it still matched.
  assert.deepEqual(meta(w.events[1]?.object)["labels"], { tier: "front" });
});

test("allowWatchBookmarks sends BOOKMARK events; timeoutSeconds ends the stream", async () => {
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=${server.currentResourceVersion()}&allowWatchBookmarks=true&timeoutSeconds=1`);
  await w.ended;
  assert.ok(w.events.length > 0);
  assert.ok(w.events.every((e) => e.type === "BOOKMARK"));
  assert.equal(meta(w.events[0]?.object)["resourceVersion"], server.currentResourceVersion());
});

test("a resourceVersion older than the history gets an ERROR event with a 410 Status", async () => {
  for (let i = 0; i < 60; i++) await api.request("POST", CMS, configMap(`churn-${i}`));
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=2`);
  await w.ended;
  assert.equal(w.events.length, 1);
  assert.equal(w.events[0]?.type, "ERROR");
  assert.equal(w.events[0]?.object["code"], 410);
  assert.equal(w.events[0]?.object["reason"], "Expired");
  const list = await api.get(`${CMS}?resourceVersion=2&resourceVersionMatch=Exact`);
  assert.equal(list.status, 410);
});

test("watching one object through the legacy /watch/ path follows only that object", async () => {
  await api.request("POST", CMS, configMap("single"));
  await api.request("POST", CMS, configMap("other"));
  const w = await api.watch(`/api/v1/watch/namespaces/w/configmaps/single?timeoutSeconds=1`);
  await w.ended;
  assert.deepEqual(
    w.events.map((e) => [e.type, meta(e.object)["name"]]),
    [["ADDED", "single"]],
  );
});

test("removing the last finalizer of a terminating object produces one DELETED event", async () => {
  await api.request("POST", CMS, configMap("fin-w", { finalizers: ["example.com/x"] }));
  await api.request("DELETE", `${CMS}/fin-w`);
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=${server.currentResourceVersion()}&fieldSelector=metadata.name%3Dfin-w`);
  const res = await api.request("PATCH", `${CMS}/fin-w`, { metadata: { finalizers: null } }, "application/merge-patch+json");
  assert.equal(res.status, 200);
  await w.waitFor(1, 5000);
  await new Promise((r) => setTimeout(r, 100));
  w.close();
  assert.deepEqual(
    w.events.map((e) => e.type),
    ["DELETED"],
  );
});

test("a watch closed by the client is unregistered", async () => {
  const settle = async (n: number): Promise<void> => {
    for (let i = 0; i < 200 && server.openWatches() !== n; i++) await new Promise((r) => setTimeout(r, 10));
  };
  await settle(0);
  assert.equal(server.openWatches(), 0, "earlier tests' watches were not released");
  const w = await api.watch(`${CMS}?watch=1`);
  assert.equal(server.openWatches(), 1);
  w.close();
  await settle(0);
  assert.equal(server.openWatches(), 0);
});

test("a watch from a resourceVersion the server has not reached skips changes up to it", async () => {
  const cur = Number(server.currentResourceVersion());
  const w = await api.watch(`${CMS}?watch=1&resourceVersion=${cur + 2}`);
  await api.request("POST", CMS, configMap("future-1"));
  await api.request("POST", CMS, configMap("future-2"));
  await api.request("POST", CMS, configMap("future-3"));
  await w.waitFor(1, 5000);
  w.close();
  assert.deepEqual(
    w.events.map((e) => [e.type, meta(e.object)["name"]]),
    [["ADDED", "future-3"]],
  );
});

test("parallel writes get distinct increasing resourceVersions and every watcher sees them in that order", async () => {
  const from = server.currentResourceVersion();
  const watchers = await Promise.all([1, 2, 3].map(() => api.watch(`${CMS}?watch=1&resourceVersion=${from}`)));
  const created = await Promise.all(Array.from({ length: 30 }, (_, i) => api.request("POST", CMS, configMap(`par-${i}`))));
  const updated = await Promise.all(
    created.map((c) =>
      api.request("PUT", `${CMS}/${String(meta(c.body)["name"])}`, { ...(c.body as Record<string, unknown>), data: { k: "2" } }),
    ),
  );
  const written = [...created, ...updated].map((r) => Number(meta(r.body)["resourceVersion"]));
  assert.equal(new Set(written).size, 60);
  for (const w of watchers) await w.waitFor(60, 10_000);
  for (const w of watchers) w.close();
  for (const w of watchers) {
    const rvs = w.events.map((e) => Number(meta(e.object)["resourceVersion"]));
    assert.equal(rvs.length, 60);
    assert.deepEqual(
      rvs,
      [...written].sort((a, b) => a - b),
    );
  }
});
