// Workqueue throughput: add then get/done of distinct `namespace/name` keys through the runtime's
// WorkQueue (dirty and processing sets, awaited get), against a plain array FIFO in the same run,
// both synchronous and with the same await per get, so the cost of the sets and of the promise
// are told apart. Reported as items per ms and ratios; no goal is set by the issue.
import { performance } from "node:perf_hooks";
import { WorkQueue } from "../runtime/src/index.js";
import { recordBenchResults } from "./results.js";

const n = 100_000;
const keys = Array.from({ length: n }, (_, i) => `ns-${i % 50}/object-${i}`);

function arrayFifo(): number {
  const fifo: string[] = [];
  let head = 0;
  let sink = 0;
  for (const k of keys) fifo.push(k);
  while (head < fifo.length) sink += fifo[head++]!.length;
  return sink;
}

async function arrayFifoAwaited(): Promise<number> {
  const fifo: string[] = [];
  let head = 0;
  let sink = 0;
  for (const k of keys) fifo.push(k);
  while (head < fifo.length) sink += (await Promise.resolve(fifo[head++]!)).length;
  return sink;
}

async function workQueue(): Promise<number> {
  const q = new WorkQueue();
  let sink = 0;
  for (const k of keys) q.add(k);
  while (q.len() > 0) {
    const r = await q.get();
    if (r.shutdown) break;
    sink += r.item.length;
    q.done(r.item);
  }
  q.shutDown();
  return sink;
}

// Items per ms of the best of `runs` passes (the least disturbed by GC and the other engineers'
// processes sharing the machine).
async function itemsPerMs(pass: () => number | Promise<number>, runs = 7): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await pass();
    best = Math.min(best, performance.now() - start);
  }
  return n / best;
}

/** Runs the workqueue benchmark and returns items per ms of each contender. */
export async function runWorkqueueBench(): Promise<{ queue: number; array: number; arrayAwaited: number }> {
  // Warm up every contender so each is compiled before it is measured.
  for (let i = 0; i < 3; i++) {
    arrayFifo();
    await arrayFifoAwaited();
    await workQueue();
  }
  const array = await itemsPerMs(arrayFifo);
  const arrayAwaited = await itemsPerMs(arrayFifoAwaited);
  const queue = await itemsPerMs(workQueue);
  return { queue, array, arrayAwaited };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runWorkqueueBench();
  console.log(
    `workqueue: ${n} keys add+get+done; WorkQueue ${r.queue.toFixed(0)} items/ms, array FIFO ${r.array.toFixed(0)} items/ms, array FIFO with an await per get ${r.arrayAwaited.toFixed(0)} items/ms`,
  );
  console.log(
    `workqueue: WorkQueue is ${(r.array / r.queue).toFixed(1)}× slower than a bare array FIFO, ${(r.arrayAwaited / r.queue).toFixed(1)}× slower than one awaited per get`,
  );
  recordBenchResults("workqueue", [
    { name: "WorkQueue vs array FIFO", ours: r.queue, baseline: r.array, unit: "items/ms", better: "higher" },
    { name: "WorkQueue vs array FIFO, await per get", ours: r.queue, baseline: r.arrayAwaited, unit: "items/ms", better: "higher" },
  ]);
}
