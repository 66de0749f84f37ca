// The controller's queue on a fake clock: addRateLimited waits as the default controller limiter
// says, numRequeues counts, forget resets, and the worker loop of a controller retries with backoff.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClock, ItemFastSlowRateLimiter, RateLimitingQueue } from "../../src/index.js";
import { flush } from "./flush.js";
import { drain } from "./drain.js";

test("addRateLimited uses the default controller limiter: 5 ms, then 10 ms, ...; forget resets", async () => {
  const clock = new FakeClock();
  const q = new RateLimitingQueue({ clock });
  q.addRateLimited("ns/a");
  assert.equal(q.numRequeues("ns/a"), 1);
  clock.step(4);
  assert.equal(q.len(), 0);
  clock.step(1);
  assert.deepEqual(await drain(q), ["ns/a"]);
  q.addRateLimited("ns/a");
  clock.step(9);
  assert.equal(q.len(), 0);
  clock.step(1);
  assert.deepEqual(await drain(q), ["ns/a"]);
  assert.equal(q.numRequeues("ns/a"), 2);
  q.forget("ns/a");
  assert.equal(q.numRequeues("ns/a"), 0);
  q.addRateLimited("ns/a");
  clock.step(5);
  assert.deepEqual(await drain(q), ["ns/a"], "back to 5 ms after forget");
  q.shutDown();
});

test("the overall bucket: of 101 first failures at one instant, the 101st arrives 100 ms later", async () => {
  const clock = new FakeClock();
  const q = new RateLimitingQueue({ clock });
  for (let i = 0; i <= 100; i++) q.addRateLimited(`ns/k${i}`);
  clock.step(5);
  assert.equal((await drain(q)).length, 100);
  clock.step(94);
  assert.equal(q.len(), 0);
  clock.step(1);
  assert.deepEqual(await drain(q), ["ns/k100"]);
  q.shutDown();
});

test("a custom limiter is used as given", () => {
  const clock = new FakeClock();
  const q = new RateLimitingQueue({ clock, rateLimiter: new ItemFastSlowRateLimiter(1, 1000, 1) });
  q.addRateLimited("ns/a");
  clock.step(1);
  assert.equal(q.len(), 1);
  q.addRateLimited("ns/b");
  q.addRateLimited("ns/b");
  clock.step(999);
  assert.equal(q.len(), 2, "ns/b's second failure is slow (1000 ms), so it arrives once, at 1001 ms");
  assert.equal(q.numRequeues("ns/b"), 2);
  q.shutDown();
  assert.equal(clock.waiterCount(), 0);
});

test("a controller's worker loop: failures retried with backoff, success forgotten, give up after N", async () => {
  const clock = new FakeClock();
  const q = new RateLimitingQueue({ clock });
  const attempts: [string, number][] = [];
  const failuresLeft = new Map([
    ["ns/flaky", 2],
    ["ns/broken", Infinity],
  ]);
  const maxRetries = 3;
  const worker = (async () => {
    for await (const key of q) {
      attempts.push([key, clock.now()]);
      try {
        const left = failuresLeft.get(key) ?? 0;
        failuresLeft.set(key, left - 1);
        if (left > 0) throw new Error("conflict");
        q.forget(key);
      } catch {
        if (q.numRequeues(key) < maxRetries) q.addRateLimited(key);
        else q.forget(key);
      }
    }
  })();
  q.add("ns/flaky");
  q.add("ns/broken");
  q.add("ns/ok");
  for (let t = 0; t < 100; t++) {
    await flush();
    clock.step(1);
  }
  q.shutDown();
  await worker;
  const times = (k: string) => attempts.filter(([key]) => key === k).map(([, t]) => t);
  assert.deepEqual(times("ns/ok"), [0]);
  assert.deepEqual(times("ns/flaky"), [0, 5, 15], "retried after 5 ms, then 10 ms more");
  assert.deepEqual(times("ns/broken"), [0, 5, 15, 35], "three retries (5, 10, 20 ms), then given up");
  assert.equal(q.numRequeues("ns/flaky"), 0);
  assert.equal(q.numRequeues("ns/broken"), 0);
});
