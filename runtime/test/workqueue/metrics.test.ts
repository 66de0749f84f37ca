// The metric hooks on a fake clock: depth goes up on add and down on get, adds count, queue
// latency and work duration are measured in seconds on the queue's clock, retries count addAfter,
// and the unfinished-work gauges follow the items in flight.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeClock, RateLimitingQueue, WorkQueue, workqueueMetricNames } from "../../src/index.js";
import type { MetricsProvider } from "../../src/index.js";

interface Recorded {
  depth: number;
  depthHistory: number[];
  adds: number;
  latency: number[];
  workDuration: number[];
  retries: number;
  unfinished: number[];
  longest: number[];
  names: string[];
}

function recorder(): { provider: MetricsProvider; m: Recorded } {
  const m: Recorded = {
    depth: 0,
    depthHistory: [],
    adds: 0,
    latency: [],
    workDuration: [],
    retries: 0,
    unfinished: [],
    longest: [],
    names: [],
  };
  const provider: MetricsProvider = {
    newDepthMetric: (name) => {
      m.names.push(name);
      return {
        inc: () => m.depthHistory.push(++m.depth),
        dec: () => m.depthHistory.push(--m.depth),
      };
    },
    newAddsMetric: () => ({
      inc: () => {
        m.adds++;
      },
    }),
    newLatencyMetric: () => ({ observe: (v) => void m.latency.push(v) }),
    newWorkDurationMetric: () => ({ observe: (v) => void m.workDuration.push(v) }),
    newRetriesMetric: () => ({
      inc: () => {
        m.retries++;
      },
    }),
    newUnfinishedWorkSecondsMetric: () => ({ set: (v) => void m.unfinished.push(v) }),
    newLongestRunningProcessorSecondsMetric: () => ({ set: (v) => void m.longest.push(v) }),
  };
  return { provider, m };
}

test("depth, adds, queue latency and work duration, on the fake clock", async () => {
  const clock = new FakeClock();
  const { provider, m } = recorder();
  const q = new WorkQueue({ name: "widgets", metricsProvider: provider, clock });
  assert.deepEqual(m.names, ["widgets"]);
  q.add("ns/a");
  clock.step(100);
  q.add("ns/b");
  q.add("ns/a"); // already queued: not an add
  assert.equal(m.adds, 2);
  assert.equal(m.depth, 2);
  clock.step(150);
  const a = await q.get();
  assert.equal(m.depth, 1);
  assert.deepEqual(m.latency, [0.25], "ns/a waited 250 ms");
  clock.step(2000);
  q.done(a.item!);
  assert.deepEqual(m.workDuration, [2]);
  const b = await q.get();
  assert.deepEqual(m.latency, [0.25, 2.15]);
  q.done(b.item!);
  assert.deepEqual(m.workDuration, [2, 0]);
  assert.deepEqual(m.depthHistory, [1, 2, 1, 0]);
  q.shutDown();
});

test("an item added while processing counts as an add and as depth until it is handed out again", async () => {
  const clock = new FakeClock();
  const { provider, m } = recorder();
  const q = new WorkQueue({ name: "q", metricsProvider: provider, clock });
  q.add("ns/a");
  await q.get();
  q.add("ns/a");
  assert.equal(m.adds, 2);
  assert.equal(m.depth, 1, "dirty, though not in the FIFO (as client-go counts it)");
  clock.step(40);
  q.done("ns/a");
  await q.get();
  assert.equal(m.depth, 0);
  assert.deepEqual(m.latency, [0, 0.04], "latency of the second pass runs from its add");
  q.shutDown();
});

test("retries count every addAfter and addRateLimited, not those after shutdown", () => {
  const clock = new FakeClock();
  const { provider, m } = recorder();
  const q = new RateLimitingQueue({ name: "q", metricsProvider: provider, clock });
  q.addAfter("ns/a", 10);
  q.addAfter("ns/b", 0);
  q.addRateLimited("ns/c");
  q.add("ns/d");
  assert.equal(m.retries, 3);
  q.shutDown();
  q.addRateLimited("ns/c");
  assert.equal(m.retries, 3);
});

test("unfinished work is reported every 500 ms while the queue runs, and stops with it", async () => {
  const clock = new FakeClock();
  const { provider, m } = recorder();
  const q = new WorkQueue({ name: "q", metricsProvider: provider, clock });
  q.add("ns/a");
  q.add("ns/b");
  await q.get();
  clock.step(500);
  await q.get();
  clock.step(500);
  assert.deepEqual(m.unfinished, [0.5, 1.5]);
  assert.deepEqual(m.longest, [0.5, 1]);
  q.shutDown();
  assert.equal(clock.waiterCount(), 0);
  clock.step(5000);
  assert.equal(m.unfinished.length, 2);
});

test("no timer without the unfinished-work metrics; a provider needs a name", () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ name: "q", metricsProvider: { newAddsMetric: () => ({ inc() {} }) }, clock });
  assert.equal(clock.waiterCount(), 0);
  q.shutDown();
  assert.throws(() => new WorkQueue({ metricsProvider: {} }), /needs a name/);
});

test("the Prometheus names are client-go's", () => {
  assert.deepEqual(Object.values(workqueueMetricNames), [
    "workqueue_depth",
    "workqueue_adds_total",
    "workqueue_queue_duration_seconds",
    "workqueue_work_duration_seconds",
    "workqueue_unfinished_work_seconds",
    "workqueue_longest_running_processor_seconds",
    "workqueue_retries_total",
  ]);
});
