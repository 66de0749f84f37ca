// A work queue that can also add an item later (client-go's DelayingInterface): requeue after a
// failure without a hot loop. Waiting items sit in a heap by due time behind one timer, set for
// the earliest; shutting down drops them and stops the timer, so nothing keeps the process alive.
import type { Timer } from "../core/clock.js";
import { retriesMetric } from "./metrics.js";
import type { CounterMetric } from "./metrics.js";
import { WorkQueue } from "./queue.js";
import type { QueueOptions } from "./queue.js";
import { WaitingHeap } from "./waiting-heap.js";

/** A WorkQueue with `addAfter`. */
export class DelayingQueue<T = string> extends WorkQueue<T> {
  readonly #waiting = new WaitingHeap<T>();
  readonly #retries: CounterMetric;
  #timer: Timer | undefined;
  #timerAt = 0;

  constructor(options: QueueOptions = {}) {
    super(options);
    this.#retries = retriesMetric(options.metricsProvider, options.name ?? "");
  }

  /**
   * Adds `item` once `delayMs` has passed (at once if `delayMs` ≤ 0). An item already waiting is
   * kept once, at the earlier of its two times. Counts a retry; ignored once shutting down.
   */
  addAfter(item: T, delayMs: number): void {
    if (this.shuttingDown()) return;
    this.#retries.inc();
    if (!(delayMs > 0)) {
      this.add(item);
      return;
    }
    this.#waiting.insert(item, this.clock.now() + delayMs);
    this.#arm();
  }

  /** How many items are waiting for their delay to pass (not counted by `len()`). */
  waitingLen(): number {
    return this.#waiting.size;
  }

  override shutDown(): void {
    super.shutDown();
    this.#dropWaiting();
  }

  override shutDownWithDrain(): Promise<void> {
    const drained = super.shutDownWithDrain();
    this.#dropWaiting();
    return drained;
  }

  #dropWaiting(): void {
    this.#timer?.stop();
    this.#timer = undefined;
    this.#waiting.clear();
  }

  // Keeps exactly one timer, set for the earliest waiting item.
  #arm(): void {
    const next = this.#waiting.peekReadyAt();
    if (this.#timer && this.#timerAt === next) return;
    this.#timer?.stop();
    this.#timer = undefined;
    if (next === undefined) return;
    this.#timerAt = next;
    this.#timer = this.clock.setTimer(next - this.clock.now(), () => {
      this.#timer = undefined;
      for (const item of this.#waiting.popReady(this.clock.now())) this.add(item);
      // A real timer may fire a fraction of a millisecond before the heap's due time: re-arming
      // covers that as well as the items due later.
      this.#arm();
    });
  }
}
