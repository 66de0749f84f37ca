// The work queue proper (client-go's workqueue.Typed): a FIFO of items to process with a dirty set
// (queued or waiting to be queued again) and a processing set (handed to a worker, not yet done),
// so that an item is never processed by two workers at once and an item added while it is being
// processed is processed again, once, after `done`.
import { realClock } from "../core/clock.js";
import type { Clock, Timer } from "../core/clock.js";
import { QueueMetrics } from "./metrics.js";
import type { MetricsProvider } from "./metrics.js";

/** How a queue is built; every field is optional. */
export interface QueueOptions {
  /** The queue's name: the `name` label of its metrics. Required with `metricsProvider`. */
  name?: string;
  /** Receives depth, adds, latency, work duration (and unfinished work, retries) of this queue. */
  metricsProvider?: MetricsProvider;
  /** Time for delays, rate limits and metrics; the real clock unless a test passes a FakeClock. */
  clock?: Clock;
}

/** What `get()` resolves to: the next item, or `shutdown: true` once the queue is shut down and empty. */
export type GetResult<T> = { item: T; shutdown: false } | { item: undefined; shutdown: true };

const shutdownResult = Object.freeze({ item: undefined, shutdown: true as const });

// client-go refreshes the unfinished-work gauges twice a second.
const unfinishedWorkUpdatePeriodMs = 500;

/**
 * A work queue of items, usually `namespace/name` keys. Items are compared as Map keys are
 * (SameValueZero): strings and numbers by value, objects by identity, so give it string keys
 * unless the objects themselves are the identities you mean.
 *
 * A worker loops on `get()`, processes the item and calls `done(item)`; `for await (const item of
 * queue)` does the same with `done` called for it (see `[Symbol.asyncIterator]`).
 */
export class WorkQueue<T = string> implements AsyncIterable<T> {
  /** The clock the queue (and a subclass's delays and rate limits) measures time on. */
  readonly clock: Clock;
  // The FIFO: live items are #fifo[#head..]; popped slots are dropped in batches (see #pop).
  #fifo: T[] = [];
  #head = 0;
  // Every item of the FIFO is dirty and not processing; a dirty item that is processing is pushed
  // to the FIFO by `done`.
  readonly #dirty = new Set<T>();
  readonly #processing = new Set<T>();
  // Workers waiting in get(); only ever non-empty while the FIFO is empty.
  #getters: ((r: GetResult<T>) => void)[] = [];
  #shuttingDown = false;
  #drainers: (() => void)[] = [];
  readonly #metrics: QueueMetrics<T> | undefined;
  #ticker: Timer | undefined;

  constructor(options: QueueOptions = {}) {
    this.clock = options.clock ?? realClock;
    if (options.metricsProvider) {
      // client-go silently records nothing for an unnamed queue; a missing label is a mistake here.
      if (!options.name) throw new TypeError("workqueue: a queue with a metricsProvider needs a name (its metrics' name label)");
      this.#metrics = new QueueMetrics<T>(options.metricsProvider, options.name, this.clock);
      if (this.#metrics.tracksUnfinishedWork) this.#tick();
    }
  }

  /**
   * Marks `item` as needing processing. An item already queued is not queued twice; one being
   * processed is queued again when its worker calls `done`. Ignored once the queue is shutting down.
   */
  add(item: T): void {
    if (this.#shuttingDown || this.#dirty.has(item)) return;
    this.#metrics?.add(item);
    this.#dirty.add(item);
    if (this.#processing.has(item)) return;
    this.#push(item);
  }

  /** How many items are queued (not those being processed); for information, never for decisions. */
  len(): number {
    return this.#fifo.length - this.#head;
  }

  /**
   * The next item to process, waiting for one if the queue is empty; `shutdown: true` once the
   * queue is shut down and every queued item has been handed out (the worker should then stop).
   * Call `done(item)` when finished with it.
   */
  get(): Promise<GetResult<T>> {
    if (this.len() > 0) return Promise.resolve(this.#take(this.#pop()));
    if (this.#shuttingDown) return Promise.resolve(shutdownResult);
    return new Promise((resolve) => this.#getters.push(resolve));
  }

  /**
   * Marks `item` as processed; if it was added again meanwhile it is queued again. An item that is
   * not being processed is ignored (client-go would queue a second copy of it).
   */
  done(item: T): void {
    if (!this.#processing.has(item)) return;
    this.#metrics?.done(item);
    this.#processing.delete(item);
    if (this.#dirty.has(item)) this.#push(item);
    else if (this.#processing.size === 0 && this.len() === 0) this.#wakeDrainers();
  }

  /**
   * Stops accepting items. Queued items are still handed out; workers waiting on an empty queue
   * get `shutdown: true` at once. Also ends the wait of a `shutDownWithDrain`. Idempotent.
   */
  shutDown(): void {
    this.#stop();
    this.#wakeDrainers();
  }

  /**
   * `shutDown`, then waits until every queued item has been handed out and every item in flight is
   * done. Workers must keep calling `get`/`done` (or iterating) for it to end; a `shutDown()` ends
   * the wait early.
   */
  shutDownWithDrain(): Promise<void> {
    this.#stop();
    if (this.#processing.size === 0 && this.len() === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drainers.push(resolve));
  }

  /** Whether `shutDown` or `shutDownWithDrain` has been called. */
  shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /**
   * Iterates the queue as a worker: each step hands out the next item and, when the loop asks for
   * the one after (or leaves by `break`, `return` or a throw), calls `done` for the previous one.
   * The loop ends when the queue is shut down and empty. An exception thrown by the loop body ends
   * that worker, so catch per item, as client-go's processNextWorkItem does:
   *
   *     for await (const key of queue) {
   *       try { await reconcile(key); queue.forget(key); }
   *       catch (err) { queue.addRateLimited(key); }
   *     }
   *
   * Each `for await` (each call of this method) is its own worker; run several for concurrency.
   */
  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    let current: { item: T } | undefined;
    let closed = false;
    const finish = () => {
      if (current) this.done(current.item);
      current = undefined;
    };
    const end: IteratorReturnResult<undefined> = { done: true, value: undefined };
    return {
      next: () => {
        finish();
        if (closed) return Promise.resolve(end);
        return this.get().then((r) => {
          if (r.shutdown) return end;
          current = { item: r.item };
          return { done: false, value: r.item };
        });
      },
      return: () => {
        finish();
        closed = true;
        return Promise.resolve(end);
      },
    };
  }

  #stop(): void {
    this.#shuttingDown = true;
    this.#ticker?.stop();
    this.#ticker = undefined;
    // Getters wait only on an empty FIFO, so each of them is owed `shutdown` now.
    const getters = this.#getters;
    this.#getters = [];
    for (const resolve of getters) resolve(shutdownResult);
  }

  #wakeDrainers(): void {
    const drainers = this.#drainers;
    this.#drainers = [];
    for (const resolve of drainers) resolve();
  }

  // Hands a newly queueable item to the longest-waiting worker, or queues it.
  #push(item: T): void {
    const getter = this.#getters.shift();
    if (getter) getter(this.#take(item));
    else this.#fifo.push(item);
  }

  #pop(): T {
    const item = this.#fifo[this.#head]!;
    this.#head++;
    // Array.shift is linear in the array's length; drop popped slots once they are half of it.
    if (this.#head === this.#fifo.length) {
      this.#fifo = [];
      this.#head = 0;
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#fifo.length) {
      this.#fifo = this.#fifo.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  #take(item: T): GetResult<T> {
    this.#metrics?.get(item);
    this.#processing.add(item);
    this.#dirty.delete(item);
    return { item, shutdown: false };
  }

  // Unref'd: a queue nobody shuts down (a standby replica's, whose controller never ran) must not
  // keep its process alive for its metrics' sake.
  #tick(): void {
    this.#ticker = this.clock.setTimer(
      unfinishedWorkUpdatePeriodMs,
      () => {
        this.#metrics?.updateUnfinishedWork();
        this.#tick();
      },
      { unref: true },
    );
  }
}
