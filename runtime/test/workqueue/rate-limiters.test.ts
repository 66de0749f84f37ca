// The rate limiters' delays, as client-go's default_rate_limiters_test.go checks them, with the
// token bucket on a fake clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BucketRateLimiter,
  FakeClock,
  ItemExponentialFailureRateLimiter,
  ItemFastSlowRateLimiter,
  MaxOfRateLimiter,
  WithMaxWaitRateLimiter,
  defaultControllerRateLimiter,
  defaultItemBasedRateLimiter,
} from "../../src/index.js";
import type { RateLimiter } from "../../src/index.js";

test("exponential: 5 ms, 10 ms, 20 ms, ... per item, capped at 1000 s", () => {
  const l = new ItemExponentialFailureRateLimiter(5, 1_000_000);
  const got = Array.from({ length: 20 }, () => l.when("ns/a"));
  const want = Array.from({ length: 20 }, (_, i) => Math.min(5 * 2 ** i, 1_000_000));
  assert.deepEqual(got, want);
  assert.deepEqual(got.slice(0, 4), [5, 10, 20, 40]);
  assert.equal(got[17], 655_360);
  assert.equal(got[18], 1_000_000, "5 ms · 2^18 = 1310.72 s is over the cap");
  assert.equal(l.when("ns/b"), 5, "each item has its own count");
  assert.equal(l.numRequeues("ns/a"), 20);
  assert.equal(l.numRequeues("ns/b"), 1);
  assert.equal(l.numRequeues("ns/never"), 0);
});

test("exponential: thousands of failures stay at the cap (no Infinity, no NaN)", () => {
  const l = new ItemExponentialFailureRateLimiter(5, 1_000_000);
  let last = 0;
  for (let i = 0; i < 5000; i++) last = l.when("ns/a");
  assert.equal(last, 1_000_000);
  const huge = new ItemExponentialFailureRateLimiter(1, Number.MAX_VALUE);
  for (let i = 0; i < 1100; i++) last = huge.when("ns/a");
  assert.equal(last, Number.MAX_VALUE, "2^1100 overflows to Infinity: the cap is returned");
});

test("forget resets an item's backoff and count, leaving others alone", () => {
  const l = new ItemExponentialFailureRateLimiter(5, 1_000_000);
  l.when("ns/a");
  l.when("ns/a");
  l.when("ns/b");
  l.forget("ns/a");
  assert.equal(l.numRequeues("ns/a"), 0);
  assert.equal(l.when("ns/a"), 5);
  assert.equal(l.when("ns/b"), 10);
});

test("fast/slow: fast for the first N failures, then slow; forget starts over", () => {
  const l = new ItemFastSlowRateLimiter(5, 10_000, 3);
  assert.deepEqual(
    Array.from({ length: 5 }, () => l.when("ns/a")),
    [5, 5, 5, 10_000, 10_000],
  );
  assert.equal(l.numRequeues("ns/a"), 5);
  l.forget("ns/a");
  assert.equal(l.when("ns/a"), 5);
});

test("bucket at 10 qps, burst 100: 100 immediate, the 101st waits 100 ms, the 102nd 200 ms", () => {
  const clock = new FakeClock();
  const l = new BucketRateLimiter({ qps: 10, burst: 100, clock });
  for (let i = 0; i < 100; i++) assert.equal(l.when(), 0);
  assert.equal(l.when(), 100);
  assert.equal(l.when(), 200);
  assert.equal(l.numRequeues(), 0, "the bucket does not count per item");
});

test("bucket: tokens come back at the rate, never beyond the burst", () => {
  const clock = new FakeClock();
  const l = new BucketRateLimiter({ qps: 10, burst: 100, clock });
  for (let i = 0; i < 100; i++) l.when();
  assert.equal(l.when(), 100, "in debt by one token");
  clock.step(100);
  assert.equal(l.when(), 100, "the 100 ms paid the debt; this one is in debt again");
  clock.step(1000);
  for (let i = 0; i < 9; i++) assert.equal(l.when(), 0);
  assert.equal(l.when(), 100);
  clock.step(3_600_000);
  for (let i = 0; i < 100; i++) assert.equal(l.when(), 0, "an hour idle refills to the burst only");
  assert.equal(l.when(), 100);
});

test("bucket edge cases: no burst is never allowed; an infinite rate never waits", () => {
  const clock = new FakeClock();
  assert.equal(new BucketRateLimiter({ qps: 10, burst: 0, clock }).when(), Infinity);
  const inf = new BucketRateLimiter({ qps: Infinity, burst: 0, clock });
  assert.equal(inf.when(), 0);
  const zero = new BucketRateLimiter({ qps: 0, burst: 2, clock });
  assert.deepEqual([zero.when(), zero.when(), zero.when()], [0, 0, Infinity]);
});

function scripted(delays: number[], requeues: number): RateLimiter & { forgotten: string[] } {
  let i = 0;
  const forgotten: string[] = [];
  return {
    forgotten,
    when: () => delays[i++] ?? 0,
    numRequeues: () => requeues,
    forget: (item) => void forgotten.push(item),
  };
}

test("max-of: the longest delay and the largest count of its limiters; forget reaches them all", () => {
  const a = scripted([10, 500, 3], 2);
  const b = scripted([20, 100, 1], 7);
  const l = new MaxOfRateLimiter(a, b);
  assert.deepEqual([l.when("ns/a"), l.when("ns/a"), l.when("ns/a")], [20, 500, 3]);
  assert.equal(l.numRequeues("ns/a"), 7);
  l.forget("ns/a");
  assert.deepEqual([a.forgotten, b.forgotten], [["ns/a"], ["ns/a"]]);
});

test("with-max-wait caps the wrapped limiter's delay", () => {
  const l = new WithMaxWaitRateLimiter(new ItemExponentialFailureRateLimiter(5, 1_000_000), 30);
  assert.deepEqual(
    Array.from({ length: 5 }, () => l.when("ns/a")),
    [5, 10, 20, 30, 30],
  );
  assert.equal(l.numRequeues("ns/a"), 5);
  l.forget("ns/a");
  assert.equal(l.numRequeues("ns/a"), 0);
});

test("the default controller limiter: exponential per item, and the bucket once 100 retries are spent", () => {
  const clock = new FakeClock();
  const l = defaultControllerRateLimiter(clock);
  assert.deepEqual([l.when("ns/a"), l.when("ns/a"), l.when("ns/a")], [5, 10, 20]);
  // 3 tokens gone; 97 more distinct first failures get the exponential 5 ms.
  for (let i = 0; i < 97; i++) assert.equal(l.when(`ns/k${i}`), 5);
  assert.equal(l.when("ns/fresh"), 100, "a first failure, but the bucket is empty: 100 ms");
  assert.equal(l.when("ns/a"), 200, "the bucket's 200 ms beats the item's 40 ms");
  assert.equal(l.numRequeues("ns/a"), 4);
  l.forget("ns/a");
  assert.equal(l.numRequeues("ns/a"), 0);
  clock.step(60_000);
  assert.equal(l.when("ns/a"), 5, "bucket refilled and item forgotten");
});

test("the default item-based limiter starts at 1 ms", () => {
  const l = defaultItemBasedRateLimiter();
  assert.deepEqual([l.when("x"), l.when("x"), l.when("x")], [1, 2, 4]);
});
