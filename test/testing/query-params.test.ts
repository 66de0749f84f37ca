// Boolean query parameters as the server's parameter codec reads them: anything but "0"/"false" (any
// case) is true, so watch=True (sent by clients that print booleans capitalised) opens a watch.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { queryBool } from "../../testing/src/endpoints/query-params.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/qb/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("qb")], bookmarkIntervalMs: 50 });
  api = new ApiClient(server);
  await api.request("POST", CMS, configMap("a"));
});
after(async () => {
  api.close();
  await server.stop();
});

test("queryBool follows the codec", () => {
  const q = new URLSearchParams("a=True&b=FALSE&c=0&d=&e=yes");
  assert.deepEqual(
    ["a", "b", "c", "d", "e", "missing"].map((k) => queryBool(q, k)),
    [true, false, false, true, true, undefined],
  );
});

test("watch=True opens a watch and allowWatchBookmarks=True sends bookmarks; watch=False lists", async () => {
  const w = await api.watch(`${CMS}?watch=True&allowWatchBookmarks=True&timeoutSeconds=1`);
  await w.ended;
  assert.equal(w.events[0]?.type, "ADDED");
  assert.ok(w.events.some((e) => e.type === "BOOKMARK"));
  const list = await api.get(`${CMS}?watch=False`);
  assert.equal((list.body as Record<string, unknown>)["kind"], "ConfigMapList");
});

test("orphanDependents=True in the query orphans", async () => {
  await api.request("POST", CMS, configMap("held", { finalizers: ["example.com/hold"] }));
  const r = await api.request("DELETE", `${CMS}/held?orphanDependents=True`);
  assert.deepEqual(meta(r.body)["finalizers"], ["example.com/hold", "orphan"]);
});

test("malformed integer parameters are the codec's 400, before any other check", async () => {
  const cases: [string, string][] = [
    [`${CMS}?limit=abc`, 'strconv.ParseInt: parsing "abc": invalid syntax'],
    [`${CMS}?watch=1&timeoutSeconds=1.5`, 'strconv.ParseInt: parsing "1.5": invalid syntax'],
    [
      `${CMS}?limit=99999999999999999999&resourceVersionMatch=Bogus`,
      'strconv.ParseInt: parsing "99999999999999999999": value out of range',
    ],
  ];
  for (const [path, message] of cases) {
    const r = await api.get(path);
    assert.equal(r.status, 400, path);
    assert.equal((r.body as Record<string, unknown>)["message"], message);
  }
  const del = await api.request("DELETE", `${CMS}/a?gracePeriodSeconds=soon`);
  assert.equal(del.status, 400);
  assert.equal((await api.get(`${CMS}/a`)).status, 200);
  // A negative limit means no limit, as on the server.
  assert.equal((await api.get(`${CMS}?limit=-1`)).status, 200);
});
