// The work queue's contract, as client-go's queue_test.go pins it: dedup of queued items, one pass
// more for an item added while processing, never two workers on one item, FIFO order, shutdown
// and drain, and the async iterator that calls done for the worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { WorkQueue } from "../../src/index.js";
import { flush, settled } from "./flush.js";

async function next<T>(q: WorkQueue<T>): Promise<T> {
  const r = await q.get();
  assert.equal(r.shutdown, false);
  return r.item;
}

test("an item added again while queued is queued once; order is FIFO", async () => {
  const q = new WorkQueue();
  for (const k of ["ns/a", "ns/b", "ns/a", "ns/c", "ns/b"]) q.add(k);
  assert.equal(q.len(), 3);
  assert.deepEqual([await next(q), await next(q), await next(q)], ["ns/a", "ns/b", "ns/c"]);
  assert.equal(q.len(), 0);
});

test("string keys compare by value, object items by identity", async () => {
  const q = new WorkQueue<string>();
  q.add(["ns", "a"].join("/"));
  q.add("ns/a");
  assert.equal(q.len(), 1);
  const o = new WorkQueue<{ k: string }>();
  const a = { k: "x" };
  o.add(a);
  o.add(a);
  o.add({ k: "x" });
  assert.equal(o.len(), 2);
  assert.equal(await next(o), a);
});

test("an item added while processing is not handed out, and is processed once more after done", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  assert.equal(await next(q), "ns/a");
  q.add("ns/a");
  q.add("ns/a");
  assert.equal(q.len(), 0, "not queued while it is processing");
  const second = q.get();
  assert.equal(await settled(second), false, "a second worker does not get it");
  q.done("ns/a");
  assert.deepEqual(await second, { item: "ns/a", shutdown: false });
  q.done("ns/a");
  assert.equal(q.len(), 0, "processed once after done, not twice");
  q.shutDown();
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
});

test("done of an item not being processed changes nothing", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  q.done("ns/a");
  q.done("ns/zzz");
  assert.equal(q.len(), 1);
  assert.equal(await next(q), "ns/a");
  q.done("ns/a");
  q.done("ns/a");
  assert.equal(q.len(), 0);
});

test("a waiting get() resolves on the next add, waiters served in arrival order", async () => {
  const q = new WorkQueue();
  const g1 = q.get();
  const g2 = q.get();
  assert.equal(await settled(g1), false);
  q.add("ns/a");
  q.add("ns/b");
  assert.equal((await g1).item, "ns/a");
  assert.equal((await g2).item, "ns/b");
});

// A small deterministic PRNG, so a failure reproduces.
function prng(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

test("with 8 concurrent workers no item is ever processed by two at once, and no add is lost", { timeout: 20_000 }, async () => {
  const q = new WorkQueue();
  const rand = prng(42);
  const keys = Array.from({ length: 10 }, (_, i) => `ns/k${i}`);
  const active = new Set<string>();
  let maxConcurrent = 0;
  let budget = 2000;
  // An add must be followed by a processing that starts after it: its sequence number is cleared
  // when a worker picks the key up.
  const pendingSince = new Map<string, number>();
  let seq = 0;
  const addKey = (k: string) => {
    if (!pendingSince.has(k)) pendingSince.set(k, seq++);
    q.add(k);
  };
  const worker = async () => {
    for await (const k of q) {
      assert.ok(!active.has(k), `${k} handed to two workers at once`);
      active.add(k);
      pendingSince.delete(k);
      maxConcurrent = Math.max(maxConcurrent, active.size);
      for (let i = Math.floor(rand() * 3); i > 0; i--) await flush();
      while (budget > 0 && rand() < 0.6) {
        budget--;
        addKey(keys[Math.floor(rand() * keys.length)]!);
      }
      active.delete(k);
    }
  };
  for (const k of keys) addKey(k);
  const workers = Array.from({ length: 8 }, worker);
  // Workers add keys while they process (the interesting case); the test adds more between turns
  // so the queue never runs dry before the budget is spent.
  while (budget > 0) {
    budget--;
    addKey(keys[Math.floor(rand() * keys.length)]!);
    await flush();
  }
  await q.shutDownWithDrain();
  await Promise.all(workers);
  assert.ok(maxConcurrent > 1, `workers ran concurrently (max ${maxConcurrent})`);
  assert.deepEqual([...pendingSince.keys()], [], "every add was followed by a processing");
  assert.equal(active.size, 0);
});

test("shutDown wakes every waiting get() with shutdown: true", async () => {
  const q = new WorkQueue();
  const waiting = [q.get(), q.get(), q.get()];
  assert.equal(await settled(waiting[0]!), false);
  q.shutDown();
  for (const r of await Promise.all(waiting)) assert.deepEqual(r, { item: undefined, shutdown: true });
  assert.equal(q.shuttingDown(), true);
});

test("after shutDown queued items are still handed out, then get() says shutdown", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  q.add("ns/b");
  q.shutDown();
  assert.equal(await next(q), "ns/a");
  assert.equal(await next(q), "ns/b");
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
});

test("adds after shutdown are ignored, including an item re-added while processing", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  assert.equal(await next(q), "ns/a");
  q.shutDown();
  q.add("ns/b");
  q.add("ns/a");
  assert.equal(q.len(), 0);
  q.done("ns/a");
  assert.equal(q.len(), 0, "ns/a was not marked dirty after shutdown");
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
});

test("an item marked dirty before shutdown is still processed again after done", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  await next(q);
  q.add("ns/a");
  q.shutDown();
  q.done("ns/a");
  assert.equal(await next(q), "ns/a");
});

test("shutDownWithDrain waits until the items in flight (and those queued) are done", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  q.add("ns/b");
  q.add("ns/c");
  await next(q);
  await next(q);
  const drained = q.shutDownWithDrain();
  q.add("ns/d");
  assert.equal(q.len(), 1, "ns/d ignored: draining is shutting down");
  q.done("ns/a");
  assert.equal(await settled(drained), false, "ns/b in flight, ns/c queued");
  q.done("ns/b");
  assert.equal(await settled(drained), false, "ns/c still queued");
  assert.equal(await next(q), "ns/c");
  assert.equal(await settled(drained), false, "ns/c in flight");
  q.done("ns/c");
  assert.equal(await settled(drained), true);
  assert.deepEqual(await q.get(), { item: undefined, shutdown: true });
});

test("shutDownWithDrain on an idle queue resolves at once; shutDown ends a drain early", async () => {
  assert.equal(await settled(new WorkQueue().shutDownWithDrain()), true);
  const q = new WorkQueue();
  q.add("ns/a");
  await next(q);
  const drained = q.shutDownWithDrain();
  assert.equal(await settled(drained), false);
  q.shutDown();
  assert.equal(await settled(drained), true);
});

test("for await calls done when the loop continues, and on break", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  q.add("ns/b");
  const seen: string[] = [];
  for await (const k of q) {
    seen.push(k);
    if (k === "ns/a") {
      q.add("ns/a"); // dirty while processing: requeued by the done the next step calls
    }
    if (seen.length === 3) break;
  }
  assert.deepEqual(seen, ["ns/a", "ns/b", "ns/a"]);
  // The break called done("ns/a"): adding it again queues it at once.
  q.add("ns/a");
  assert.equal(q.len(), 1);
});

test("a throw in the loop body calls done, ends that worker, and propagates", async () => {
  const q = new WorkQueue();
  q.add("ns/a");
  await assert.rejects(async () => {
    for await (const k of q) throw new Error(`boom ${k}`);
  }, /boom ns\/a/);
  q.add("ns/a");
  assert.equal(q.len(), 1, "done was called: the item is queued again, not held as processing");
});

test("for await ends when the queue shuts down and is empty", async () => {
  const q = new WorkQueue();
  const seen: string[] = [];
  const worker = (async () => {
    for await (const k of q) seen.push(k);
  })();
  q.add("ns/a");
  await flush();
  q.add("ns/b");
  q.shutDown();
  await worker;
  assert.deepEqual(seen, ["ns/a", "ns/b"]);
});

test("client-go's processNextWorkItem pattern over get/done", async () => {
  const q = new WorkQueue();
  const processed: string[] = [];
  const processNextWorkItem = async (): Promise<boolean> => {
    const { item, shutdown } = await q.get();
    if (shutdown) return false;
    try {
      processed.push(item);
    } finally {
      q.done(item);
    }
    return true;
  };
  q.add("ns/a");
  q.add("ns/b");
  q.shutDown();
  while (await processNextWorkItem());
  assert.deepEqual(processed, ["ns/a", "ns/b"]);
});
