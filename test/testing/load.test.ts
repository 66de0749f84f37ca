// Bounded load: 5,000 objects are created (16 requests in flight) while 20 watchers follow and a lister
// pages through the collection; every watcher must see every ADDED event exactly once, in
// resourceVersion order, and every paginated listing must be a consistent snapshot.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../src/testing/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

const OBJECTS = 5000;
const WATCHERS = 20;
const IN_FLIGHT = 16;
const CMS = "/api/v1/namespaces/load/configmaps";

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("load")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

type List = { items: unknown[]; metadata: Record<string, unknown> };

async function listAllPages(): Promise<{ rv: number; names: string[] }> {
  const names: string[] = [];
  let token = "";
  let rv = 0;
  do {
    const res = await api.get(`${CMS}?limit=500${token ? `&continue=${token}` : ""}`);
    assert.equal(res.status, 200);
    const list = res.body as List;
    rv = Number(list.metadata["resourceVersion"]);
    for (const o of list.items) names.push(String(meta(o)["name"]));
    token = String(list.metadata["continue"] ?? "");
  } while (token);
  return { rv, names };
}

test(`${OBJECTS} creates with ${WATCHERS} watchers and paginated lists`, { timeout: 60_000 }, async () => {
  const start = server.currentResourceVersion();
  const watchers = await Promise.all(Array.from({ length: WATCHERS }, () => api.watch(`${CMS}?watch=1&resourceVersion=${start}`)));
  const createdAt = new Map<string, number>();
  let next = 0;
  let creating = true;
  const worker = async (): Promise<void> => {
    while (next < OBJECTS) {
      const name = `obj-${String(next++).padStart(5, "0")}`;
      const res = await api.request("POST", CMS, configMap(name));
      assert.equal(res.status, 201);
      createdAt.set(name, Number(meta(res.body)["resourceVersion"]));
    }
  };
  const snapshots: { rv: number; names: string[] }[] = [];
  const lister = async (): Promise<void> => {
    while (creating) {
      snapshots.push(await listAllPages());
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const listing = lister();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  creating = false;
  await listing;
  snapshots.push(await listAllPages());

  for (const s of snapshots) {
    const expected = [...createdAt].filter(([, rv]) => rv <= s.rv).map(([n]) => n).sort();
    assert.deepEqual(s.names, expected, `listing at resourceVersion ${s.rv} is not a consistent snapshot`);
  }
  assert.equal(snapshots[snapshots.length - 1]?.names.length, OBJECTS);

  for (const w of watchers) await w.waitFor(OBJECTS, 20_000);
  for (const w of watchers) w.close();
  const order = [...createdAt].sort((a, b) => a[1] - b[1]).map(([n]) => n);
  for (const [i, w] of watchers.entries()) {
    assert.equal(w.events.length, OBJECTS, `watcher ${i} saw ${w.events.length} events`);
    assert.ok(w.events.every((e) => e.type === "ADDED"));
    assert.deepEqual(w.events.map((e) => meta(e.object)["name"]), order, `watcher ${i} lost or reordered events`);
  }
  console.log(`load: ${OBJECTS} objects, ${WATCHERS} watchers, ${snapshots.length} paginated listings`);
});
