// Watches through ResourceClient against the test server: ADDED, MODIFIED and DELETED in order, a
// resourceVersion the server has compacted surfacing as a thrown isGone ApiError, an AbortSignal
// ending the iterator cleanly (and closing the server's stream), a server-side close ending it
// normally, and a dropped connection ending it with an error a caller can tell from that.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, ResourceClient, TransportError, anonymousAuth, createTransport, isGone } from "../src/index.js";
import type { WatchEvent } from "../src/index.js";
import type { ConfigMap, Harness } from "./api-server.js";
import { CONFIGMAPS, configMap, startHarness } from "./api-server.js";

let h: Harness;
before(async () => {
  h = await startHarness("watch", { bookmarkIntervalMs: 30 });
});
afterEach(() => h.server.faults.reset());
after(() => h.close());

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond(), what);
}

test("a watch from a list's resourceVersion sees ADDED, MODIFIED and DELETED", async () => {
  const rv = (await h.configMaps.list()).metadata!.resourceVersion!;
  const ac = new AbortController();
  const events: WatchEvent<ConfigMap>[] = [];
  const done = (async () => {
    for await (const ev of h.configMaps.watch({ resourceVersion: rv, signal: ac.signal })) {
      events.push(ev);
      if (ev.type === "DELETED") break;
    }
  })();
  const cm = await h.configMaps.create(configMap("watched", { v: "1" }));
  await h.configMaps.update({ ...cm, data: { v: "2" } });
  await h.configMaps.delete("watched");
  await done;
  assert.deepEqual(
    events.map((e) => e.type),
    ["ADDED", "MODIFIED", "DELETED"],
  );
  assert.equal(events[1]?.object.data?.["v"], "2");
  assert.ok(events.every((e) => e.object.metadata?.name === "watched"));
  await until(() => h.server.openWatches() === 0, "breaking out of the loop closes the stream");
});

test("a watch without a resourceVersion starts with the current objects; selectors filter it", async () => {
  await h.configMaps.create(configMap("sel-a", {}, { pick: "yes" }));
  await h.configMaps.create(configMap("sel-b", {}, { pick: "no" }));
  const ac = new AbortController();
  const it = h.configMaps.watch({ labelSelector: { pick: "yes" }, signal: ac.signal });
  const first = await it.next();
  assert.equal(first.done, false);
  assert.equal(first.value?.type, "ADDED");
  assert.equal(first.value?.object.metadata?.name, "sel-a");
  ac.abort();
  assert.deepEqual(await it.next(), { done: true, value: undefined });
});

test("a watch from an expired resourceVersion throws an ApiError that isGone", async () => {
  const old = (await h.configMaps.create(configMap("expiring"))).metadata!.resourceVersion!;
  await h.configMaps.patch("expiring", "merge", { data: { k: "2" } });
  h.server.faults.expireResourceVersions();
  const consume = async (): Promise<void> => {
    const seen: unknown[] = [];
    for await (const ev of h.configMaps.watch({ resourceVersion: old })) seen.push(ev);
  };
  await assert.rejects(consume(), (e: unknown) => e instanceof ApiError && isGone(e) && e.code === 410);
});

test("aborting ends the iterator cleanly and closes the server's stream", async () => {
  const ac = new AbortController();
  const seen: string[] = [];
  const done = (async () => {
    for await (const ev of h.configMaps.watch({ resourceVersion: h.server.currentResourceVersion(), signal: ac.signal }))
      seen.push(ev.type);
    return "ended";
  })();
  await until(() => h.server.openWatches() === 1, "the watch is open");
  ac.abort();
  assert.equal(await done, "ended");
  await until(() => h.server.openWatches() === 0, "the server saw the stream close");
  // Aborted before it opens: no events, a clean end.
  const pre = new AbortController();
  pre.abort();
  const none: unknown[] = [];
  for await (const ev of h.configMaps.watch({ signal: pre.signal })) none.push(ev);
  assert.deepEqual(none, []);
});

test("the server closing the stream ends the iterator normally; bookmarks come only when asked for", async () => {
  const watchTypes = (allowWatchBookmarks: boolean): { types: string[]; done: Promise<void> } => {
    const types: string[] = [];
    const done = (async () => {
      for await (const ev of h.configMaps.watch({ resourceVersion: h.server.currentResourceVersion(), allowWatchBookmarks })) {
        types.push(ev.type);
        if (ev.type === "BOOKMARK") assert.ok(ev.object.metadata?.resourceVersion, "a bookmark carries a resourceVersion");
      }
    })();
    return { types, done };
  };
  const withBookmarks = watchTypes(true);
  const without = watchTypes(false);
  await until(() => withBookmarks.types.length >= 2, "bookmarks arrive");
  h.server.faults.closeAllWatches();
  await withBookmarks.done;
  await without.done;
  assert.ok(
    withBookmarks.types.every((t) => t === "BOOKMARK"),
    JSON.stringify(withBookmarks.types),
  );
  assert.deepEqual(without.types, []);
});

test("a connection dropped mid-stream is a TransportError, not a normal end", async () => {
  const raw = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
    res.write(`${JSON.stringify({ type: "ADDED", object: configMap("x") })}\n{"type":"MODIF`);
    setTimeout(() => req.socket.destroy(), 20);
  });
  await new Promise<void>((r) => raw.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const t = createTransport(
      { server: url, tls: { insecureSkipTlsVerify: false }, auth: anonymousAuth, namespace: "default" },
      { retry: { maxRetries: 0 } },
    );
    const cms = new ResourceClient<ConfigMap>(t, CONFIGMAPS).namespace("default");
    const got: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const ev of cms.watch()) got.push(ev.type);
      })(),
      (e: unknown) => e instanceof TransportError && e.code === "ECONNRESET",
    );
    assert.deepEqual(got, ["ADDED"]);
  } finally {
    raw.closeAllConnections();
    await new Promise<void>((r) => raw.close(() => r()));
  }
});

test("watchBatches: each chunk's events as one batch, in order; a batch left mid-way comes round again, nothing lost", async () => {
  const line = (name: string, rv: number): string =>
    `${JSON.stringify({ type: "MODIFIED", object: { ...configMap(name), metadata: { name, resourceVersion: String(rv) } } })}\n`;
  let release!: () => void;
  const second = new Promise<void>((r) => (release = r));
  const raw = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
    // Three whole events and the start of a fourth in one write; the rest of it and a fifth later.
    const rest = line("d", 4);
    res.write(line("a", 1) + line("b", 2) + line("c", 3) + rest.slice(0, 10));
    void second.then(() => res.end(rest.slice(10) + line("e", 5)));
  });
  await new Promise<void>((r) => raw.listen(0, "127.0.0.1", r));
  try {
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    const t = createTransport({ server: url, tls: { insecureSkipTlsVerify: false }, auth: anonymousAuth, namespace: "default" });
    const cms = new ResourceClient<ConfigMap>(t, CONFIGMAPS).namespace("default");
    const batches: string[][] = [];
    for await (const batch of cms.watchBatches()) {
      const names: string[] = [];
      for (const ev of batch) {
        names.push(ev.object.metadata!.name!);
        // Leave the first batch after its first event: the rest must come next, not be dropped.
        if (batches.length === 0) break;
      }
      batches.push(names);
      if (batches.length === 1) release();
    }
    assert.deepEqual(batches, [["a"], ["b", "c"], ["d", "e"]]);
  } finally {
    raw.closeAllConnections();
    await new Promise<void>((r) => raw.close(() => r()));
  }
});
