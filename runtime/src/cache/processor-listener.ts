// One handler's delivery line, as client-go's processorListener: an unbounded buffer the informer
// appends to without waiting, drained in order by this listener alone, so a slow handler delays
// only itself. A handler that throws (or rejects) is reported and the line goes on.
import type { HandlerOptions, Notification, ResourceEventHandler } from "./event-handler.js";

// Handlers may run for this long in one turn of the event loop before their listeners yield to it,
// so busy synchronous handlers cannot starve I/O, timers and the watch itself. The budget is by
// time, not by count (quick handlers, the common case, then clear a backlog such as a 10,000-object
// initial list in one turn instead of a slice per turn, each of which a busy watch may fill with
// more notifications that hold the objects they replaced alive), and shared by every listener:
// they all block the same thread. It is per turn, not per drain: a watch delivering a burst feeds
// each listener one notification per microtask, so each drain may handle only one.
const SLICE_MS = 10;
let turnStart: number | undefined;

/** How long handlers have run in this turn of the event loop (the first call starts the count). */
function turnElapsed(): number {
  const now = performance.now();
  if (turnStart === undefined) {
    turnStart = now;
    setImmediate(() => (turnStart = undefined));
  }
  return now - turnStart;
}

/** A handler with its buffer and its resync schedule. */
export class ProcessorListener<T> {
  private buffer: (Notification<T> | undefined)[] = [];
  private head = 0;
  private draining: Promise<void> | undefined;
  private stopped = false;
  private pendingInitial = 0;
  /** When this listener's next resync is due (clock ms). */
  nextResync = 0;
  readonly resyncPeriod: number;

  constructor(
    private readonly handler: ResourceEventHandler<T>,
    options: HandlerOptions,
    private readonly onError: (err: unknown) => void,
  ) {
    this.resyncPeriod = options.resyncPeriod ?? 0;
  }

  /** Queues `n`; never waits. */
  add(n: Notification<T>): void {
    if (this.stopped) return;
    if (n.type === "add" && n.initial) this.pendingInitial++;
    this.buffer.push(n);
    this.draining ??= this.drain();
  }

  /** Queues an add of each of `objs`, in order, as one entry (`objs` must not change after); never waits. */
  addAll(objs: readonly T[], initial: boolean): void {
    if (this.stopped || objs.length === 0) return;
    if (initial) this.pendingInitial += objs.length;
    this.buffer.push({ type: "adds", objs, initial, next: 0 });
    this.draining ??= this.drain();
  }

  /** Whether every initial-list add queued so far has been handled. */
  initialDelivered(): boolean {
    return this.pendingInitial === 0;
  }

  /** Notifications waiting. */
  get pending(): number {
    return this.buffer.length - this.head;
  }

  /** Resolves when the buffer is empty and no handler call is running. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Drops what is buffered; resolves once a handler call in progress has returned. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.buffer = [];
    this.head = 0;
    await this.idle();
  }

  private async drain(): Promise<void> {
    // Start after the informer's add() has returned (it must never run a handler itself), but in the
    // same turn: a watch delivering a burst then has each notification handled as it is applied,
    // so the replaced objects die young instead of waiting in the buffer for the stream to pause.
    await Promise.resolve();
    while (!this.stopped && this.head < this.buffer.length) {
      const n = this.buffer[this.head]!;
      let pending: Promise<void> | undefined;
      let initialAdd: boolean;
      if (n.type === "adds") {
        // One object of a list's adds; the entry stays at the head until its last one.
        const obj = n.objs[n.next++]!;
        if (n.next >= n.objs.length) this.take();
        initialAdd = n.initial;
        pending = this.deliverAdd(obj, n.initial);
      } else {
        this.take();
        initialAdd = n.type === "add" && n.initial;
        pending = this.deliver(n);
      }
      if (pending) await pending;
      if (initialAdd) this.pendingInitial--;
      // The clock is read after every handler call: a few tens of nanoseconds, against a slow
      // handler's milliseconds that must not pile up past the budget.
      if (turnElapsed() >= SLICE_MS) await new Promise<void>((r) => setImmediate(r));
    }
    this.draining = undefined;
  }

  // Drops the head entry (the buffer is compacted once most of it is spent).
  private take(): void {
    this.buffer[this.head++] = undefined;
    if (this.head >= 1024 && this.head * 2 >= this.buffer.length) {
      this.buffer = this.buffer.slice(this.head);
      this.head = 0;
    }
  }

  // Synchronous for a synchronous handler (the hot path: no promise per notification); a promise
  // only when the handler returned one, settled once the handler's promise has.
  private deliver(n: Exclude<Notification<T>, { type: "adds" }>): Promise<void> | undefined {
    if (n.type === "add") return this.deliverAdd(n.obj, n.initial);
    let r: void | Promise<void>;
    try {
      r = n.type === "update" ? this.handler.onUpdate?.(n.oldObj, n.obj) : this.handler.onDelete?.(n.obj);
    } catch (err) {
      this.onError(err);
      return undefined;
    }
    return r === undefined ? undefined : this.settled(r);
  }

  private deliverAdd(obj: T, initial: boolean): Promise<void> | undefined {
    let r: void | Promise<void>;
    try {
      r = this.handler.onAdd?.(obj, initial);
    } catch (err) {
      this.onError(err);
      return undefined;
    }
    return r === undefined ? undefined : this.settled(r);
  }

  private settled(r: Promise<void>): Promise<void> {
    return Promise.resolve(r).then(undefined, (err: unknown) => this.onError(err));
  }
}
