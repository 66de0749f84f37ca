// The reflector syncs by streaming list against a server that serves them (the test server as 1.37)
// and falls back to a list and a watch against one that refuses them (the test server as 1.24), as
// client-go does. Each records the requests it sent through a lister-watcher that notes their options.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Reflector } from "../../src/index.js";
import type { ListerWatcher, ListOptions, ObjectList, ReflectorStore, WatchEvent, WatchOptions } from "../../src/index.js";
import { configMap, startHarness } from "../api-server.js";
import type { ConfigMap, Harness } from "../api-server.js";
import { until } from "./fakes.js";

/** A store that keeps the reflector's calls and the objects they leave. */
class RecordingStore implements ReflectorStore<ConfigMap> {
  readonly objects = new Map<string, ConfigMap>();
  readonly calls: string[] = [];
  replace(items: ConfigMap[], resourceVersion: string): void {
    this.calls.push(`replace ${items.length} @${resourceVersion}`);
    this.objects.clear();
    for (const o of items) this.objects.set(o.metadata?.name ?? "", o);
  }
  add(obj: ConfigMap): void {
    this.calls.push(`add ${obj.metadata?.name ?? ""}`);
    this.objects.set(obj.metadata?.name ?? "", obj);
  }
  update(obj: ConfigMap): void {
    this.calls.push(`update ${obj.metadata?.name ?? ""}`);
    this.objects.set(obj.metadata?.name ?? "", obj);
  }
  delete(obj: ConfigMap): void {
    this.calls.push(`delete ${obj.metadata?.name ?? ""}`);
    this.objects.delete(obj.metadata?.name ?? "");
  }
}

/** The harness's ConfigMap client, noting the options of each list and watch. */
function noting(h: Harness): { lw: ListerWatcher<ConfigMap>; lists: ListOptions[]; watches: WatchOptions[] } {
  const lists: ListOptions[] = [];
  const watches: WatchOptions[] = [];
  const lw: ListerWatcher<ConfigMap> = {
    list: (o): Promise<ObjectList<ConfigMap>> => {
      lists.push(o);
      return h.configMaps.list(o);
    },
    watch: (o) => {
      watches.push(o);
      return h.configMaps.watch(o);
    },
  };
  return { lw, lists, watches };
}

async function syncAndFollow(
  emulate: "1.37" | "1.24",
): Promise<{ lists: ListOptions[]; watches: WatchOptions[]; store: RecordingStore; errors: unknown[] }> {
  const h = await startHarness(`watch-list-${emulate.replace(".", "-")}`, { emulate });
  const ac = new AbortController();
  try {
    for (const n of ["a", "b", "c"]) await h.configMaps.create(configMap(n));
    const { lw, lists, watches } = noting(h);
    const store = new RecordingStore();
    const errors: unknown[] = [];
    const reflector = new Reflector<ConfigMap>(lw, store, {
      onError: (e) => void errors.push(e),
    });
    const running = reflector.run(ac.signal);
    await until(() => reflector.hasSynced(), "synced");
    assert.deepEqual([...store.objects.keys()].sort(), ["a", "b", "c"]);
    // A change after the sync reaches the store through the watch that follows.
    await h.configMaps.create(configMap("d"));
    await until(() => store.objects.has("d"), "the change after the sync");
    ac.abort();
    await running;
    return { lists, watches, store, errors };
  } finally {
    ac.abort();
    await h.close();
  }
}

test("the reflector syncs by streaming list where the server serves them: no list request, one watch", async () => {
  const { lists, watches, store, errors } = await syncAndFollow("1.37");
  assert.deepEqual(lists, [], "no list was sent");
  assert.equal(watches.length, 1, "the streaming list's watch went on as the watch");
  const w = watches[0];
  assert.deepEqual(
    [w?.sendInitialEvents, w?.resourceVersionMatch, w?.allowWatchBookmarks, w?.resourceVersion],
    [true, "NotOlderThan", true, ""],
    "a consistent streaming list, as client-go's first one",
  );
  // The initial events reach the store as one replace, at the bookmark's version; only then changes.
  assert.match(store.calls[0] ?? "", /^replace 3 @\d+$/);
  assert.deepEqual(store.calls.slice(1), ["add d"]);
  assert.deepEqual(errors, []);
});

test("the reflector falls back to a list and a watch where the server refuses streaming lists (1.24)", async () => {
  const { lists, watches, store, errors } = await syncAndFollow("1.24");
  assert.equal(watches[0]?.sendInitialEvents, true, "it asked for a streaming list first");
  assert.equal(lists.length, 1, "then listed");
  assert.equal(watches.length, 2, "and watched");
  assert.equal(watches[1]?.sendInitialEvents, undefined, "a plain watch");
  assert.equal(watches[1]?.resourceVersion, lists.length ? store.calls[0]?.split("@")[1] : undefined, "from the list's version");
  assert.match(store.calls[0] ?? "", /^replace 3 @\d+$/);
  assert.deepEqual(store.calls.slice(1), ["add d"]);
  // The refusal is reported once, as client-go logs it, and nothing else went wrong.
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /falling back to a list and a watch/);
});

test("a streaming list's events before its bookmark leave the state they describe, whatever their types", async () => {
  // A server sends the state as ADDED events only; the reflector still applies a MODIFIED or DELETED
  // before the bookmark (and a repeated ADDED) as client-go's temporary store would.
  const cm = (name: string, rv: number, v: string): ConfigMap => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace: "default", resourceVersion: String(rv) },
    data: { v },
  });
  const bookmark = { type: "BOOKMARK" as const, object: cm("", 9, "") };
  bookmark.object.metadata = { resourceVersion: "9", annotations: { "k8s.io/initial-events-end": "true" } };
  const scripts: WatchEvent<ConfigMap>[][] = [
    [
      { type: "ADDED", object: cm("a", 1, "1") },
      { type: "ADDED", object: cm("b", 2, "1") },
      { type: "ADDED", object: cm("c", 3, "1") },
      bookmark,
    ],
    [
      { type: "ADDED", object: cm("a", 1, "1") },
      { type: "ADDED", object: cm("b", 2, "1") },
      { type: "DELETED", object: cm("b", 4, "1") },
      { type: "ADDED", object: cm("c", 3, "1") },
      { type: "MODIFIED", object: cm("a", 5, "2") },
      { type: "ADDED", object: cm("c", 6, "2") },
      bookmark,
    ],
  ];
  const want = [
    ["a 1", "b 1", "c 1"],
    ["a 2", "c 2"],
  ];
  for (const [i, script] of scripts.entries()) {
    const ac = new AbortController();
    const store = new RecordingStore();
    const lw: ListerWatcher<ConfigMap> = {
      list: () => Promise.reject(new Error("no list: the streaming list is served")),
      watch: async function* () {
        for (const ev of script) yield ev;
        await new Promise<void>((resolve) => ac.signal.addEventListener("abort", () => resolve()));
      },
    };
    const reflector = new Reflector<ConfigMap>(lw, store, { onError: () => {} });
    const running = reflector.run(ac.signal);
    await until(() => reflector.hasSynced(), "synced");
    ac.abort();
    await running;
    assert.deepEqual(store.calls, [`replace ${want[i]!.length} @9`]);
    assert.deepEqual(
      [...store.objects.values()].map((o) => `${o.metadata?.name ?? ""} ${o.data?.["v"] ?? ""}`),
      want[i],
    );
  }
});
