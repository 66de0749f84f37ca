// Batched watches in the cache: a reflector takes a lister-watcher's watchBatches when it has one
// (one await per chunk) and applies every event of a batch in order; tweakedListerWatcher keeps
// the batched verb, tweaked like the others; a lister-watcher without one is watched event by event.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SharedIndexInformer, tweakedListerWatcher, watchInBatches } from "../../src/index.js";
import type { KubeObject, ListerWatcher, ObjectList, WatchEvent, WatchOptions } from "../../src/index.js";
import { obj, until } from "./fakes.js";

const modified = (name: string, rv: number): WatchEvent<KubeObject> => ({ type: "MODIFIED", object: obj(name, rv) });

/** A lister-watcher whose watchBatches yields `batches` and then waits for the abort; its watch must not be used. */
function batchedLW(batches: WatchEvent<KubeObject>[][]): ListerWatcher<KubeObject> & { watchOptions: WatchOptions[] } {
  const watchOptions: WatchOptions[] = [];
  return {
    watchOptions,
    list: (): Promise<ObjectList<KubeObject>> => Promise.resolve({ items: [obj("a", 1), obj("b", 1)], metadata: { resourceVersion: "1" } }),
    watch: () => {
      throw new Error("watch() used although watchBatches() is there");
    },
    async *watchBatches(options: WatchOptions) {
      watchOptions.push(options);
      for (const b of watchOptions.length === 1 ? batches : []) yield b;
      await new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve(), { once: true }));
    },
    // A list then a watch: the batches are a plain watch's, not a streaming list's.
    isWatchListSemanticsUnsupported: () => true,
  };
}

test("a reflector watches in batches when it can, applying each batch's events in order", async () => {
  const lw = batchedLW([[modified("a", 2), modified("b", 3), modified("a", 4)], [modified("b", 5)]]);
  const errors: unknown[] = [];
  const informer = new SharedIndexInformer(lw, { onError: (e) => void errors.push(e) });
  const seen: string[] = [];
  informer.addEventHandler({
    onUpdate: (o, n) => void seen.push(`${n.metadata?.name} ${o.metadata?.resourceVersion}->${n.metadata?.resourceVersion}`),
  });
  const ac = new AbortController();
  const running = informer.run(ac.signal);
  try {
    await until(() => seen.length === 4 || errors.length > 0, "four updates");
    assert.deepEqual(errors, []);
    assert.deepEqual(seen, ["a 1->2", "b 1->3", "a 2->4", "b 3->5"]);
    assert.equal(informer.lastSyncResourceVersion(), "5", "the last event's version is the reflector's");
    assert.equal(lw.watchOptions[0]?.resourceVersion, "1", "watched from the list's version");
  } finally {
    ac.abort();
    await running;
  }
});

test("tweakedListerWatcher tweaks and keeps watchBatches; without one, a watch is batches of one event", async () => {
  const lw = batchedLW([[modified("a", 2)]]);
  const tweaked = tweakedListerWatcher(lw, (o) => (o.labelSelector = "app=x"));
  assert.equal(typeof tweaked.watchBatches, "function", "the batched verb survives the tweak");
  const ac = new AbortController();
  const it = watchInBatches(tweaked, { resourceVersion: "1", signal: ac.signal })[Symbol.asyncIterator]();
  assert.deepEqual((await it.next()).value, [modified("a", 2)]);
  assert.equal(lw.watchOptions[0]?.labelSelector, "app=x");
  ac.abort();
  await it.return?.();

  const plain: ListerWatcher<KubeObject> = {
    list: () => Promise.resolve({ items: [] }),
    watch: () =>
      (async function* () {
        await Promise.resolve();
        yield* [modified("a", 2), modified("b", 3)];
      })(),
  };
  assert.ok(!("watchBatches" in tweakedListerWatcher(plain, () => {})), "no batched verb is made up");
  const batches: WatchEvent<KubeObject>[][] = [];
  for await (const b of watchInBatches(plain, {})) batches.push([...b]);
  assert.deepEqual(batches, [[modified("a", 2)], [modified("b", 3)]]);
});
