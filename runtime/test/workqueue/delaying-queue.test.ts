// addAfter on a fake clock: items arrive when their delay has passed, in due order; an item
// waiting twice keeps the earlier time; no delay means now; shutting down leaves no timer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DelayingQueue, FakeClock } from "../../src/index.js";
import { drain } from "./drain.js";

test("addAfter adds once the delay has passed, in order of due time", async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/c", 300);
  q.addAfter("ns/a", 100);
  q.addAfter("ns/b", 200);
  assert.equal(q.len(), 0);
  assert.equal(q.waitingLen(), 3);
  clock.step(99);
  assert.equal(q.len(), 0);
  clock.step(1);
  assert.deepEqual(await drain(q), ["ns/a"]);
  clock.step(250);
  assert.deepEqual(await drain(q), ["ns/b", "ns/c"]);
  assert.equal(clock.waiterCount(), 0, "no timer once nothing waits");
});

test("a waiting item added again keeps the earlier due time, and is added once", async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/a", 1000);
  q.addAfter("ns/a", 50);
  q.addAfter("ns/a", 500);
  assert.equal(q.waitingLen(), 1);
  clock.step(50);
  assert.deepEqual(await drain(q), ["ns/a"]);
  clock.step(2000);
  assert.equal(q.len(), 0, "the later times were dropped, not kept as extra entries");
});

test("an earlier addAfter moves the item ahead of others", async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/a", 100);
  q.addAfter("ns/b", 200);
  q.addAfter("ns/b", 10);
  clock.step(100);
  assert.deepEqual(await drain(q), ["ns/b", "ns/a"]);
});

test("addAfter with a delay ≤ 0 adds at once; a waiting item is deduplicated with the queue", async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/a", 0);
  q.addAfter("ns/b", -5);
  assert.deepEqual(await drain(q), ["ns/a", "ns/b"]);
  assert.equal(clock.waiterCount(), 0);
  q.add("ns/c");
  q.addAfter("ns/c", 10);
  clock.step(10);
  assert.equal(q.len(), 1, "ns/c was already queued: the delayed add is a no-op");
});

test("shutDown drops waiting items and stops the timer; addAfter after it is ignored", () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/a", 100);
  assert.equal(clock.waiterCount(), 1);
  q.shutDown();
  assert.equal(clock.waiterCount(), 0);
  q.addAfter("ns/b", 10);
  q.addAfter("ns/c", 0);
  clock.step(1000);
  assert.equal(q.len(), 0);
  assert.equal(q.waitingLen(), 0);
});

test("shutDownWithDrain also stops the timer at once", async () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  q.addAfter("ns/a", 100);
  await q.shutDownWithDrain();
  assert.equal(clock.waiterCount(), 0);
});

test("one timer at a time, for the earliest waiting item", () => {
  const clock = new FakeClock();
  const q = new DelayingQueue({ clock });
  for (let i = 0; i < 50; i++) q.addAfter(`ns/k${i}`, 1000 - i);
  assert.equal(clock.waiterCount(), 1);
  clock.step(960);
  assert.equal(q.len(), 10);
  assert.equal(clock.waiterCount(), 1);
});

test("the real clock: a short addAfter arrives, and shutDown leaves the process free to exit", async () => {
  const q = new DelayingQueue();
  q.addAfter("ns/a", 5);
  const r = await q.get();
  assert.equal(r.item, "ns/a");
  q.addAfter("ns/b", 60_000);
  q.shutDown(); // were the 60 s timer left running, this test file would not end
});
