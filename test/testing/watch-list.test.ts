// Streaming lists (watch with sendInitialEvents) replayed from test/fixtures/apiserver-1.37/watch-list.json,
// recorded from a real kube-apiserver 1.37.2: the initial ADDED events, the bookmark annotated
// k8s.io/initial-events-end, the changes after it, and 1.37's validation answers, message for message.
// A server emulating 1.24 refuses streaming lists as 1.24 did.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { FIXTURES } from "../helpers/fixtures.js";
import { ApiClient, meta } from "./api-client.js";
import type { Exchange } from "./transcript-replay.js";

type Obj = Record<string, unknown>;
type Event = { type: string; object: Obj };

const recorded = JSON.parse(readFileSync(join(FIXTURES, "apiserver-1.37/watch-list.json"), "utf8")) as Exchange[];
function step(prefix: string): Exchange {
  const e = recorded.find((x) => x.step.startsWith(prefix));
  if (!e) throw new Error(`no recorded step ${prefix}`);
  return e;
}

/** An event without what varies between runs (uids, resourceVersions, times, managers' names). */
function normalise(ev: Event): Event {
  const object = structuredClone(ev.object);
  const m = (object["metadata"] ?? {}) as Obj;
  for (const k of ["uid", "resourceVersion", "creationTimestamp", "managedFields"]) delete m[k];
  return { type: ev.type, object };
}

/** The path a recorded watch asked, without its timeout: the replay ends each watch itself. */
function untimed(path: string): string {
  return path.replace(/&timeoutSeconds=\d+/, "");
}

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  server = await startTestApiServer({ crds: [] });
  api = new ApiClient(server);
  for (const e of recorded.filter((x) => x.step.startsWith("create "))) {
    const r = await api.request(e.request.method, e.request.path, e.request.body);
    assert.equal(r.status, e.response.status, e.step);
  }
});
after(async () => {
  api.close();
  await server.stop();
});

test("a streaming list sends the state as ADDED, the annotated bookmark at the list's resourceVersion, then changes", async () => {
  const e = step("streaming list: ADDED for each object");
  const want = e.response.events ?? [];
  const bookmarkAt = want.findIndex((x) => x.type === "BOOKMARK");
  const w = await api.watch(untimed(e.request.path));
  assert.equal(w.status, 200);
  await w.waitFor(bookmarkAt + 1, 10_000);
  const bookmark = w.events[bookmarkAt] as Event;
  // The bookmark's resourceVersion is the list's: the store's revision when the initial events were read.
  const list = await api.get("/api/v1/namespaces/default/configmaps");
  assert.equal(meta(bookmark.object)["resourceVersion"], meta(list.body)["resourceVersion"]);
  // The changes the recording made once the bookmark had arrived.
  await api.request("POST", "/api/v1/namespaces/default/configmaps", {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "cm-d" },
    data: { k: "d" },
  });
  await api.request("DELETE", "/api/v1/namespaces/default/configmaps/cm-a");
  // The recording's last event is the watch cache's pre-timeout bookmark, which an untimed watch has no reason to send.
  const changes = want.slice(bookmarkAt + 1).filter((x) => x.type !== "BOOKMARK");
  await w.waitFor(bookmarkAt + 1 + changes.length, 10_000);
  w.close();
  assert.deepEqual(w.events.map(normalise), [...want.slice(0, bookmarkAt + 1), ...changes].map(normalise));
});

for (const prefix of [
  "streaming list from resourceVersion 0",
  "streaming list with a label selector that matches nothing",
  "streaming list: limit is ignored",
  "streaming list from a resourceVersion the server has not reached",
]) {
  test(`as recorded: ${prefix}`, async () => {
    const e = step(prefix);
    const want = (e.response.events ?? []).map(normalise);
    const w = await api.watch(untimed(e.request.path));
    await w.waitFor(want.length, 10_000);
    w.close();
    // The 504's message names the server's current resourceVersion, which is run-specific.
    const strip = (ev: Event): Event =>
      ev.type === "ERROR"
        ? { type: ev.type, object: { ...ev.object, message: String(ev.object["message"]).replace(/current: \d+/, "current: N") } }
        : ev;
    assert.deepEqual(w.events.map(normalise).map(strip), want.map(strip));
  });
}

test("as recorded: a streaming list without allowWatchBookmarks sends the state and no bookmark", async () => {
  const e = step("streaming list without allowWatchBookmarks");
  const want = (e.response.events ?? []).map(normalise);
  const w = await api.watch(untimed(e.request.path));
  await w.waitFor(want.length, 10_000);
  // A change after the state arrives right behind it, with no bookmark between.
  await api.request("POST", "/api/v1/namespaces/default/configmaps", {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "cm-e" },
    data: { k: "e" },
  });
  await w.waitFor(want.length + 1, 10_000);
  w.close();
  assert.deepEqual(w.events.slice(0, want.length).map(normalise), want);
  assert.deepEqual([w.events[want.length]?.type, meta(w.events[want.length]?.object)["name"]], ["ADDED", "cm-e"]);
  await api.request("DELETE", "/api/v1/namespaces/default/configmaps/cm-e");
});

test("sendInitialEvents=false from a resourceVersion is a plain watch from there", async () => {
  const list = await api.get("/api/v1/namespaces/default/configmaps");
  const rv = String(meta(list.body)["resourceVersion"]);
  const w = await api.watch(
    `/api/v1/namespaces/default/configmaps?watch=true&sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=${rv}`,
  );
  await api.request("POST", "/api/v1/namespaces/default/configmaps", {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "cm-f" },
    data: { k: "f" },
  });
  await w.waitFor(1, 10_000);
  w.close();
  assert.deepEqual(
    w.events.map((x) => [x.type, meta(x.object)["name"]]),
    [["ADDED", "cm-f"]],
  );
  await api.request("DELETE", "/api/v1/namespaces/default/configmaps/cm-f");
});

test("changes made while a long streaming list is still being sent follow its bookmark, which is at the state it sent", async () => {
  // 20 MB of ConfigMaps: far more than the socket buffers hold, so with the client not reading, the
  // server is still writing the initial events (it waits for the client) when the changes are made.
  const n = 2500;
  const data = { blob: "x".repeat(8000) };
  const big = await startTestApiServer({
    crds: [],
    objects: [
      { apiVersion: "v1", kind: "Namespace", metadata: { name: "long" } },
      ...Array.from({ length: n }, (_, i) => ({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: `cm-${String(i).padStart(5, "0")}`, namespace: "long" },
        data,
      })),
    ],
  });
  const client = new ApiClient(big);
  try {
    const w = await client.watch(
      "/api/v1/namespaces/long/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true",
    );
    await w.waitFor(1, 10_000);
    w.pause();
    const sent = big.currentResourceVersion();
    assert.equal(
      (
        await client.request("POST", "/api/v1/namespaces/long/configmaps", {
          apiVersion: "v1",
          kind: "ConfigMap",
          metadata: { name: "late" },
        })
      ).status,
      201,
    );
    assert.equal((await client.request("DELETE", "/api/v1/namespaces/long/configmaps/cm-00000")).status, 200);
    w.resume();
    await w.waitFor(n + 3, 30_000);
    w.close();
    const names = w.events.map((x) => `${x.type} ${String(meta(x.object)["name"] ?? "")}`);
    assert.deepEqual(
      names.slice(0, n),
      Array.from({ length: n }, (_, i) => `ADDED cm-${String(i).padStart(5, "0")}`),
    );
    const bookmark = w.events[n]!;
    assert.equal(bookmark.type, "BOOKMARK");
    assert.equal(meta(bookmark.object)["resourceVersion"], sent);
    assert.deepEqual((meta(bookmark.object)["annotations"] as Obj | undefined)?.["k8s.io/initial-events-end"], "true");
    assert.deepEqual(names.slice(n + 1), ["ADDED late", "DELETED cm-00000"]);
    // A fault that ends watches reaches one still sending its initial events: what was encoded
    // arrives, then the 410, and the stream ends.
    const w2 = await client.watch(
      "/api/v1/namespaces/long/configmaps?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true",
    );
    await w2.waitFor(1, 10_000);
    w2.pause();
    big.faults.sendGoneToWatches();
    w2.resume();
    await w2.ended;
    const last = w2.events[w2.events.length - 1]!;
    assert.equal(last.type, "ERROR");
    assert.equal(last.object["code"], 410);
    assert.ok(w2.events.length < n, `the watch ended before its ${n} initial events (${w2.events.length})`);
    assert.ok(w2.events.slice(0, -1).every((e) => e.type === "ADDED"));
    assert.equal(big.openWatches(), 0);
  } finally {
    client.close();
    await big.stop();
  }
});

for (const e of recorded.filter((x) => x.response.status === 422)) {
  test(`as recorded: ${e.step} is 422 with 1.37's message`, async () => {
    const r = await api.get(e.request.path);
    assert.equal(r.status, 422);
    assert.deepEqual(r.body, e.response.body);
  });
}

test("a server emulating 1.24 refuses a streaming list as 1.24 did, and ignores sendInitialEvents on a list", async () => {
  const old = await startTestApiServer({ crds: [], emulate: "1.24" });
  const client = new ApiClient(old);
  try {
    const r = await client.get(untimed(step("streaming list: ADDED for each object").request.path));
    assert.equal(r.status, 422);
    assert.equal(
      (r.body as Obj)["message"],
      'ListOptions.meta.k8s.io "" is invalid: [resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch, ' +
        "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided]",
    );
    assert.equal((await client.get("/api/v1/namespaces/default/configmaps?sendInitialEvents=true")).status, 200);
  } finally {
    client.close();
    await old.stop();
  }
});
