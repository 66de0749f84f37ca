// The informer's handler semantics on a fake lister-watcher and a fake clock: initial-list adds,
// old/new pairs, late handlers' synthetic adds, per-handler resync, the transform, a throwing or a
// slow handler, relists that report vanished objects as tombstones, and frozen cached objects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError, DeletedFinalStateUnknown, SharedIndexInformer } from "../../src/index.js";
import type { KubeObject, ResourceEventHandler, SharedIndexInformerOptions } from "../../src/index.js";
import { FakeClock, FakeListerWatcher, obj, until } from "./fakes.js";

type Seen = string[];

/** A handler that records what it sees as short strings. */
function recorder(seen: Seen): ResourceEventHandler<KubeObject> {
  const id = (o: KubeObject): string => `${o.metadata?.name}@${o.metadata?.resourceVersion}`;
  return {
    onAdd: (o, initial) => void seen.push(`add ${id(o)}${initial ? " initial" : ""}`),
    onUpdate: (a, b) => void seen.push(`update ${id(a)}->${id(b)}`),
    onDelete: (o) => void seen.push(o instanceof DeletedFinalStateUnknown ? `tombstone ${o.key} ${id(o.obj)}` : `delete ${id(o)}`),
  };
}

function setup(options: SharedIndexInformerOptions<KubeObject> = {}) {
  const lw = new FakeListerWatcher();
  const clock = new FakeClock();
  const errors: unknown[] = [];
  const informer = new SharedIndexInformer(lw, {
    onError: (e) => void errors.push(e),
    ...options,
    reflector: { clock, random: () => 0, ...options.reflector },
  });
  const ac = new AbortController();
  const run = () => informer.run(ac.signal);
  const stop = async (p: Promise<void>) => {
    ac.abort();
    await p;
  };
  return { lw, clock, informer, errors, run, stop };
}

const gone = () => new ApiError({ kind: "Status", apiVersion: "v1", status: "Failure", reason: "Expired", code: 410, message: "too old" });

test("initial list adds, then watch adds, old/new updates and deletes, in order; hasSynced", async () => {
  const { lw, informer, run, stop } = setup();
  lw.items = [obj("a", 1), obj("b", 2)];
  lw.rv = 2;
  const seen: Seen = [];
  const reg = informer.addEventHandler(recorder(seen));
  assert.equal(reg.hasSynced(), false);
  const p = run();
  await until(() => lw.watching, "watch opened");
  assert.equal(informer.hasSynced(), true);
  assert.equal(informer.lastSyncResourceVersion(), "2");
  const w = lw.watches[0]!;
  assert.equal(w.resourceVersion, "2");
  assert.equal(w.allowWatchBookmarks, true);
  assert.ok(w.timeoutSeconds! >= 300 && w.timeoutSeconds! <= 600, `timeout ${w.timeoutSeconds}`);
  lw.emit({ type: "ADDED", object: obj("c", 3) });
  lw.emit({ type: "MODIFIED", object: obj("a", 4) });
  lw.emit({ type: "DELETED", object: obj("b", 5) });
  // A deletion of something never cached is dropped, as client-go's DeltaFIFO drops it.
  lw.emit({ type: "DELETED", object: obj("never", 6) });
  lw.emit({ type: "BOOKMARK", object: { metadata: { resourceVersion: "9" } } });
  await until(() => informer.lastSyncResourceVersion() === "9", "bookmark moved the version");
  await informer.idle();
  assert.deepEqual(seen, ["add a@1 initial", "add b@2 initial", "add c@3", "update a@1->a@4", "delete b@5"]);
  assert.equal(reg.hasSynced(), true);
  assert.deepEqual(informer.getIndexer().listKeys().sort(), ["default/a", "default/c"]);
  await stop(p);
  assert.equal(informer.isStopped(), true);
});

test("a handler added late gets the cache as initial adds, then live events", async () => {
  const { lw, informer, run, stop } = setup();
  lw.items = [obj("a", 1), obj("b", 2)];
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.emit({ type: "MODIFIED", object: obj("a", 3) });
  await until(() => informer.getIndexer().getByKey("default/a")?.metadata?.resourceVersion === "3", "update cached");
  const seen: Seen = [];
  const reg = informer.addEventHandler(recorder(seen));
  lw.emit({ type: "DELETED", object: obj("b", 4) });
  await until(() => seen.length === 3, "three notifications");
  assert.deepEqual(seen.slice(0, 2).sort(), ["add a@3 initial", "add b@2 initial"]);
  assert.equal(seen[2], "delete b@4");
  assert.equal(reg.hasSynced(), true);
  await stop(p);
});

test("resync redelivers every object as onUpdate(obj, obj) to the handler that asked, only", async () => {
  const { lw, clock, informer, run, stop } = setup();
  lw.items = [obj("a", 1), obj("b", 2)];
  const resyncing: Seen = [];
  const quiet: Seen = [];
  const slower: Seen = [];
  informer.addEventHandler(recorder(resyncing), { resyncPeriod: 1000 });
  informer.addEventHandler(recorder(quiet));
  informer.addEventHandler(recorder(slower), { resyncPeriod: 3000 });
  const p = run();
  await until(() => lw.watching, "watch opened");
  await informer.idle();
  clock.advance(1000);
  await informer.idle();
  assert.deepEqual(resyncing.slice(2).sort(), ["update a@1->a@1", "update b@2->b@2"]);
  assert.equal(quiet.length, 2);
  assert.equal(slower.length, 2);
  clock.advance(2000);
  await informer.idle();
  assert.equal(resyncing.length, 2 + 3 * 2);
  assert.equal(slower.length, 4);
  assert.equal(quiet.length, 2);
  await stop(p);
});

test("the transform runs before objects are stored; a throwing handler is reported and others go on", async () => {
  const errors: unknown[] = [];
  const { lw, informer, run, stop } = setup({
    transform: (o) => ({ ...o, metadata: { ...o.metadata, annotations: { transformed: "yes" } } }),
    onError: (e) => void errors.push(e),
  });
  lw.items = [obj("a", 1)];
  const seen: Seen = [];
  let calls = 0;
  informer.addEventHandler({
    onAdd: () => {
      calls++;
      throw new Error("handler bug");
    },
  });
  const transformed: boolean[] = [];
  informer.addEventHandler({ onAdd: (o) => void transformed.push(o.metadata?.annotations?.["transformed"] === "yes") });
  informer.addEventHandler(recorder(seen));
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.emit({ type: "ADDED", object: obj("b", 2) });
  await until(() => seen.length === 2, "both adds delivered");
  await informer.idle();
  assert.equal(calls, 2, "the throwing handler is called again after it threw");
  assert.equal(errors.length, 2);
  assert.match(String(errors[0]), /handler bug/);
  assert.deepEqual(transformed, [true, true]);
  assert.equal(informer.getIndexer().getByKey("default/b")?.metadata?.annotations?.["transformed"], "yes");
  await stop(p);
});

test("a slow handler does not hold back another", async () => {
  const { lw, informer, run, stop } = setup();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow: string[] = [];
  const fast: string[] = [];
  informer.addEventHandler({
    onAdd: async (o) => {
      await gate;
      slow.push(o.metadata!.name!);
    },
  });
  informer.addEventHandler({ onAdd: (o) => void fast.push(o.metadata!.name!) });
  const p = run();
  await until(() => lw.watching, "watch opened");
  for (let i = 0; i < 100; i++) lw.emit({ type: "ADDED", object: obj(`o${i}`, 10 + i) });
  await until(() => fast.length === 100, "the fast handler saw everything");
  assert.equal(slow.length, 0);
  release();
  await until(() => slow.length === 100, "the slow one catches up, in order");
  assert.deepEqual(slow, fast);
  await stop(p);
});

test("busy synchronous handlers yield to the event loop between slices, even when events arrive one at a time", async () => {
  const { lw, informer, run, stop } = setup();
  const busyMs = 4;
  let busyCalls = 0;
  informer.addEventHandler({
    onAdd: () => {
      const until = performance.now() + busyMs;
      while (performance.now() < until); // a handler that blocks the thread, as a heavy synchronous one does
      busyCalls++;
    },
  });
  const p = run();
  await until(() => lw.watching, "watch opened");
  // Queued in one go, but the watch hands them over one per microtask (as a burst does), so each
  // reaches the listener alone. An immediate set now runs at the first turn the event loop gets.
  for (let i = 0; i < 20; i++) lw.emit({ type: "ADDED", object: obj(`o${i}`, 10 + i) });
  const atFirstTurn = await new Promise<number>((r) => setImmediate(() => r(busyCalls)));
  // 20 calls of 4 ms are 80 ms: the loop gets a turn after each 10 ms slice.
  assert.ok(atFirstTurn < 20, `the busy handler had run ${atFirstTurn} times before the loop got a turn`);
  await until(() => busyCalls === 20, "the busy handler finishes");
  await stop(p);
});

test("a 410 relists: vanished objects are tombstones, changed ones updates, unchanged ones silent", async () => {
  const { lw, clock, informer, run, stop } = setup();
  lw.items = [obj("keep", 1), obj("change", 2), obj("vanish", 3)];
  lw.rv = 3;
  const seen: Seen = [];
  informer.addEventHandler(recorder(seen));
  const p = run();
  await until(() => lw.watching, "watch opened");
  const kept = informer.getIndexer().getByKey("default/keep");
  lw.items = [obj("keep", 1), obj("change", 7), obj("new", 8)];
  lw.rv = 8;
  lw.end(gone());
  // The relist waits for the backoff delay (800 ms with this jitter).
  await until(() => clock.hasTimerIn(800), "backing off");
  clock.advance(800);
  await until(() => lw.lists.length === 2 && lw.watching, "relisted and rewatching");
  await informer.idle();
  assert.deepEqual(seen.slice(3).sort(), ["add new@8", "tombstone default/vanish vanish@3", "update change@2->change@7"]);
  // The relist's copy of the unchanged object equals the cached one: the cached object stays.
  assert.equal(informer.getIndexer().getByKey("default/keep"), kept);
  // The relist asked for the last version seen first, unpaged (so a watch cache can answer).
  assert.deepEqual({ rv: lw.lists[1]!.resourceVersion, limit: lw.lists[1]!.limit }, { rv: "3", limit: undefined });
  assert.equal(lw.lists[0]!.resourceVersion, "0");
  assert.equal(lw.lists[0]!.limit, 500);
  assert.equal(lw.watches[1]!.resourceVersion, "8");
  await stop(p);
});

test("a relist's notifications reach a handler in list order: adds between updates stay where they were", async () => {
  const { lw, clock, informer, run, stop } = setup();
  lw.items = [obj("b", 1), obj("d", 2), obj("e", 3)];
  lw.rv = 3;
  const seen: Seen = [];
  informer.addEventHandler(recorder(seen));
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.items = [obj("a", 4), obj("b", 5), obj("c", 6), obj("d", 7), obj("f", 8)];
  lw.rv = 8;
  lw.end(gone());
  await until(() => clock.hasTimerIn(800), "backing off");
  clock.advance(800);
  await until(() => lw.lists.length === 2 && lw.watching, "relisted and rewatching");
  await informer.idle();
  assert.deepEqual(seen.slice(3), ["add a@4", "update b@1->b@5", "add c@6", "update d@2->d@7", "add f@8", "tombstone default/e e@3"]);
  await stop(p);
});

test("when the relist's version is gone too, the consistent list it falls back to is paged", async () => {
  const { lw, clock, run, stop } = setup();
  lw.items = [obj("a", 1)];
  lw.rv = 3;
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.listFailures = [gone()];
  lw.end(gone());
  await until(() => clock.hasTimerIn(800), "backing off");
  clock.advance(800);
  await until(() => lw.lists.length === 3 && lw.watching, "relisted twice and rewatching");
  assert.deepEqual(
    lw.lists.map((l) => [l.resourceVersion, l.limit]),
    [
      ["0", 500],
      ["3", undefined],
      ["", 500],
    ],
    "the unpaged list at a version, then the consistent list paged, not the whole collection at once",
  );
  await stop(p);
});

test("after a clean end or a dropped connection the watch resumes from the last version, without a relist", async () => {
  const { lw, informer, run, stop } = setup();
  lw.items = [obj("a", 1)];
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.emit({ type: "MODIFIED", object: obj("a", 5) });
  lw.end();
  await until(() => lw.watches.length === 2 && lw.watching, "rewatch");
  assert.equal(lw.watches[1]!.resourceVersion, "5");
  lw.emit({ type: "BOOKMARK", object: { metadata: { resourceVersion: "12" } } });
  const { TransportError } = await import("../../src/index.js");
  lw.end(new TransportError("reset", "ECONNRESET"));
  await until(() => lw.watches.length === 3 && lw.watching, "rewatch after reset");
  assert.equal(lw.watches[2]!.resourceVersion, "12");
  assert.equal(lw.lists.length, 1);
  assert.equal(informer.hasSynced(), true);
  await stop(p);
});

test("a watch that goes silent past its idle timeout is abandoned and reopened", async () => {
  const { lw, clock, run, stop } = setup({ reflector: { idleTimeoutMs: 60_000 } });
  const p = run();
  await until(() => lw.watching, "watch opened");
  lw.emit({ type: "BOOKMARK", object: { metadata: { resourceVersion: "4" } } });
  await new Promise((r) => setTimeout(r, 20));
  clock.advance(59_000);
  assert.equal(lw.watches.length, 1);
  clock.advance(1_000);
  await until(() => lw.watches.length === 2, "reopened");
  assert.equal(lw.watches[1]!.resourceVersion, "4");
  assert.equal(lw.lists.length, 1);
  await stop(p);
});

test("frozen objects: a handler that mutates a cached object throws, and the cache is unchanged", async () => {
  const { lw, informer, errors, run, stop } = setup({ freezeObjects: true });
  lw.items = [obj("a", 1)];
  informer.addEventHandler({
    onAdd: (o) => {
      (o.metadata as { name: string }).name = "changed";
    },
  });
  const p = run();
  await until(() => lw.watching, "watch opened");
  await informer.idle();
  assert.equal(informer.getIndexer().getByKey("default/a")?.metadata?.name, "a");
  assert.ok(Object.isFrozen(informer.getIndexer().getByKey("default/a")?.metadata));
  assert.equal(errors.length, 1);
  assert.ok(errors[0] instanceof TypeError, String(errors[0]));
  await stop(p);
});

test("an object the store cannot take is reported and skipped: the relist still syncs the others", async () => {
  const { lw, informer, errors, run, stop } = setup({
    transform: (o) => {
      if (o.metadata?.name === "bad") throw new Error("cannot transform bad");
      return o;
    },
  });
  lw.items = [obj("a", 1), obj("bad", 2), obj("c", 3)];
  lw.rv = 3;
  const p = run();
  await until(() => lw.watching, "watch opened");
  assert.equal(informer.hasSynced(), true);
  assert.deepEqual(informer.getIndexer().listKeys().sort(), ["default/a", "default/c"]);
  assert.ok(errors.some((e) => e instanceof Error && e.message === "cannot transform bad"));
  assert.equal(lw.lists.length, 1, "no relist loop");
  await stop(p);
});
