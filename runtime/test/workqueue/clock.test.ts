// The FakeClock tests (ours and controllers') rely on: timers fire in due order within a step,
// at their due time, timers set while firing fire in the same step, stop cancels, time never
// goes back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClock, realClock } from "../../src/index.js";

test("step fires due timers earliest first, each with now() at its due time", () => {
  const c = new FakeClock(1000);
  const fired: [string, number][] = [];
  c.setTimer(30, () => fired.push(["b", c.now()]));
  c.setTimer(10, () => fired.push(["a", c.now()]));
  c.setTimer(30, () => fired.push(["c", c.now()]));
  c.setTimer(31, () => fired.push(["late", c.now()]));
  c.step(30);
  assert.deepEqual(fired, [
    ["a", 1010],
    ["b", 1030],
    ["c", 1030],
  ]);
  assert.equal(c.now(), 1030);
  assert.equal(c.waiterCount(), 1);
  assert.equal(c.hasWaiters(), true);
});

test("a timer set while firing fires in the same step when it falls inside it", () => {
  const c = new FakeClock();
  const ticks: number[] = [];
  const tick = () =>
    c.setTimer(100, () => {
      ticks.push(c.now());
      tick();
    });
  tick();
  c.step(350);
  assert.deepEqual(ticks, [100, 200, 300]);
  assert.equal(c.now(), 350);
});

test("stop cancels; a delay ≤ 0 fires on the next step; time cannot go back", () => {
  const c = new FakeClock();
  let n = 0;
  const t = c.setTimer(10, () => n++);
  t.stop();
  t.stop();
  c.setTimer(-5, () => (n += 10));
  c.step(0);
  assert.equal(n, 10);
  assert.equal(c.hasWaiters(), false);
  c.setTime(50);
  assert.throws(() => c.setTime(49), RangeError);
});

test("the real clock: a timer fires, a stopped one does not, Infinity is never set", async () => {
  const start = realClock.now();
  let stopped = false;
  realClock.setTimer(1, () => (stopped = true)).stop();
  realClock.setTimer(Infinity, () => assert.fail("fired")).stop();
  await new Promise<void>((resolve) => realClock.setTimer(5, resolve));
  assert.ok(realClock.now() - start >= 4);
  assert.equal(stopped, false);
});
