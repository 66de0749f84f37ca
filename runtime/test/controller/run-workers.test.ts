// runWorkers: client-go's worker loop over a rate-limited queue. A failing pass is requeued with
// backoff and retried, a passing one forgets the key's failures, one key never runs on two workers
// at once, and an abort shuts the queue down: what was queued still runs, nothing new is taken.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ItemExponentialFailureRateLimiter, RateLimitingQueue, runWorkers } from "../../src/index.js";

const fastQueue = (): RateLimitingQueue => new RateLimitingQueue({ rateLimiter: new ItemExponentialFailureRateLimiter(1, 10) });

test("a failing pass is requeued rate-limited and retried; success forgets the failures", async () => {
  const queue = fastQueue();
  const stop = new AbortController();
  const passes: string[] = [];
  const errors: [string, string, number][] = [];
  let failuresLeft = 2;
  queue.add("ns/a");
  const run = runWorkers(queue, {
    workers: 2,
    signal: stop.signal,
    reconcile: async (key) => {
      await Promise.resolve();
      passes.push(key);
      if (failuresLeft-- > 0) throw new Error(`boom ${String(failuresLeft)}`);
      stop.abort();
    },
    onError: (key, err) => errors.push([key, (err as Error).message, queue.numRequeues(key)]),
  });
  await run;
  assert.deepEqual(passes, ["ns/a", "ns/a", "ns/a"]);
  assert.deepEqual(errors, [
    ["ns/a", "boom 1", 1],
    ["ns/a", "boom 0", 2],
  ]);
  assert.equal(queue.numRequeues("ns/a"), 0, "the passing pass forgot the failures");
  assert.equal(queue.shuttingDown(), true);
});

test("one key is never reconciled by two workers at once; re-added while in flight, it runs again after", async () => {
  const queue = fastQueue();
  const stop = new AbortController();
  const running = new Set<string>();
  const seen: [string, number][] = [];
  let overlap = false;
  for (const k of ["a", "b", "c"]) queue.add(k);
  let readded = false;
  await runWorkers(queue, {
    workers: 3,
    signal: stop.signal,
    reconcile: async (key, worker) => {
      if (running.has(key)) overlap = true;
      running.add(key);
      seen.push([key, worker]);
      if (key === "a" && !readded) {
        readded = true;
        queue.add("a"); // while "a" is in flight: dirty, handed out again only after done
      }
      await new Promise((r) => setTimeout(r, 5));
      running.delete(key);
      if (seen.length === 4) stop.abort();
    },
  });
  assert.equal(overlap, false);
  assert.deepEqual(seen.map(([k]) => k).sort(), ["a", "a", "b", "c"]);
  assert.deepEqual([...new Set(seen.slice(0, 3).map(([, w]) => w))].sort(), [1, 2, 3], "all three workers took a key");
});

test("an abort shuts the queue down: the pass in flight and what was queued finish, later adds are refused", async () => {
  const queue = fastQueue();
  const stop = new AbortController();
  const finished: string[] = [];
  queue.add("first");
  const run = runWorkers(queue, {
    workers: 1,
    signal: stop.signal,
    reconcile: async (key) => {
      if (key === "first") {
        queue.add("queued");
        stop.abort();
        queue.add("after-abort");
      }
      await new Promise((r) => setTimeout(r, 10));
      finished.push(key);
    },
  });
  await run;
  assert.deepEqual(finished, ["first", "queued"]);
  assert.equal(queue.shuttingDown(), true);
});

test("an already aborted signal runs nothing", async () => {
  const queue = fastQueue();
  queue.add("x");
  let calls = 0;
  await runWorkers(queue, {
    workers: 2,
    signal: AbortSignal.abort(),
    reconcile: () => {
      calls++;
      return Promise.resolve();
    },
  });
  assert.equal(calls, 0);
  assert.equal(queue.shuttingDown(), true);
});
