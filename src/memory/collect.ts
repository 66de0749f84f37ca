import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Below this much live heap, a collection between stages saves too little to be worth its time. */
const WORTH_COLLECTING = 64 << 20;

/** Whether this process asked to collect (allowCollectingGarbage). */
let allowed = false;
/** V8's collector, made on first use: the context it comes from costs a few megabytes. */
let gc: (() => void) | undefined;
/** The heap's used size at the start of the stage, or after the last collection asked for here since. */
let live = 0;

const used = (): number => getHeapStatistics().used_heap_size;

/**
 * Lets this process collect garbage on request: V8 exposes `gc` to contexts made after its
 * --expose-gc flag is set. Called at the start of a generate, before any library is compiled: the
 * flag is part of what V8 checks a code cache against (../cache/code-cache.ts), so it is set the
 * same way in every run, before the first compile, or every run would refuse the last one's cache.
 */
export function allowCollectingGarbage(): void {
  if (allowed) return;
  gc = (globalThis as { gc?: () => void }).gc;
  try {
    if (gc === undefined) setFlagsFromString("--expose-gc");
    allowed = true;
  } catch {
    // Without the flag there is no collector to ask: V8 collects as it would.
  }
}

/** Collects, when allowed, once the heap's used size is past `threshold`. */
function collectPast(threshold: number): void {
  if (!allowed || used() < threshold) return;
  try {
    gc ??= runInNewContext("gc") as () => void;
  } catch {
    allowed = false;
    return;
  }
  gc();
  live = used();
}

/**
 * Starts a stage that allocates much: first a full collection when `collectNow` (the stage before
 * has just dropped most of what it held, as the generators leave the model behind for the emit
 * stage to format 3,500 files at 1,000 kinds), then the heap's size now is the floor collectIfGrown
 * measures growth from. V8 sizes the heap by what was live at its last full collection, and left to
 * itself it makes few of those in a short run: the emit stage's heap grew over the dropped model
 * instead of reusing its space. A small heap is never collected, nor is a run with little to do
 * (one kind changed: the collection would cost more than the run then allocates).
 */
export function startStage(collectNow: boolean): void {
  if (collectNow) collectPast(WORTH_COLLECTING);
  live = used();
}

/**
 * A full collection within a stage's loop, once the heap has grown by half again over its floor
 * (and by at least WORTH_COLLECTING): the emit stage formats file after file, and what each leaves
 * behind outlives the young generation, so the heap grew by about a hundred megabytes before V8
 * marked it at all. Cheap to call often: it reads one counter.
 */
export function collectIfGrown(): void {
  collectPast(live + Math.max(WORTH_COLLECTING, live / 2));
}
