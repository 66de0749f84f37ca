// The runtime's one time source: the workqueue, its rate limiters and metrics, the reflector's
// backoff and watch timeouts and the informers' resyncs all read it, so tests (ours and a
// controller's) drive time by hand with FakeClock instead of waiting for it. Real timers are not
// unref'd (a controller whose reflector is backing off must stay alive) unless asked to be.
import { performance } from "node:perf_hooks";

/** A scheduled callback; `stop()` cancels it if it has not fired (calling it again is harmless). */
export interface Timer {
  stop(): void;
}

/** Milliseconds and one-shot timers. `now()` is only meaningful as a difference between two calls. */
export interface Clock {
  now(): number;
  /**
   * Runs `callback` once after `delayMs` (≤ 0: on the next turn); `Infinity` never fires. With
   * `unref`, the timer does not keep the process alive by itself (bookkeeping, not work).
   */
  setTimer(delayMs: number, callback: () => void, options?: { unref?: boolean }): Timer;
}

// setTimeout fires at once for delays over 2^31-1 ms (about 24.8 days), with only a warning, so a
// longer delay (a rate limiter capped at hours, an item backed off for weeks) waits in steps.
const maxTimeoutMs = 2 ** 31 - 1;

/** The process's clock: a monotonic `performance.now()` and `setTimeout`. */
export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(delayMs, callback, options) {
    if (delayMs === Infinity) return { stop() {} };
    const due = performance.now() + delayMs;
    let handle: ReturnType<typeof setTimeout>;
    const arm = (ms: number) => {
      handle = setTimeout(
        () => {
          const left = due - performance.now();
          if (left > maxTimeoutMs) arm(left);
          else callback();
        },
        Math.max(0, Math.min(ms, maxTimeoutMs)),
      );
      if (options?.unref) handle.unref();
    };
    arm(delayMs);
    return { stop: () => clearTimeout(handle) };
  },
};

interface FakeWaiter {
  due: number;
  seq: number;
  callback: () => void;
  stopped: boolean;
}

/**
 * A clock that moves only when told (k8s.io/utils/clock/testing's FakeClock). `step` and `setTime`
 * fire the timers they pass synchronously, earliest first, with `now()` at each timer's due time,
 * so a timer set by a firing callback within the step fires in the same step. Promise continuations
 * of what they fire run afterwards, as microtasks: `await` something before asserting on them.
 */
export class FakeClock implements Clock {
  #now: number;
  #seq = 0;
  #waiters: FakeWaiter[] = [];

  constructor(startMs = 0) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(delayMs: number, callback: () => void): Timer {
    const w: FakeWaiter = { due: this.#now + Math.max(0, delayMs), seq: this.#seq++, callback, stopped: false };
    this.#waiters.push(w);
    return {
      stop: () => {
        w.stopped = true;
        this.#waiters = this.#waiters.filter((x) => x !== w);
      },
    };
  }

  /** Moves time forward by `ms`, firing every timer due by then. */
  step(ms: number): void {
    this.setTime(this.#now + ms);
  }

  /** Moves time to `ms` (never backwards), firing every timer due by then. */
  setTime(ms: number): void {
    if (ms < this.#now) throw new RangeError(`FakeClock: cannot move time back from ${this.#now} to ${ms}`);
    for (let w = this.#nextDue(ms); w; w = this.#nextDue(ms)) {
      this.#waiters = this.#waiters.filter((x) => x !== w);
      this.#now = w.due;
      w.callback();
    }
    this.#now = ms;
  }

  /** How many timers are set and not yet fired or stopped (0 after a queue's shutDown). */
  waiterCount(): number {
    return this.#waiters.length;
  }

  /** Whether any timer is pending (k8s FakeClock's HasWaiters). */
  hasWaiters(): boolean {
    return this.#waiters.length > 0;
  }

  #nextDue(limit: number): FakeWaiter | undefined {
    let best: FakeWaiter | undefined;
    for (const w of this.#waiters) {
      if (w.due > limit || w.stopped) continue;
      if (!best || w.due < best.due || (w.due === best.due && w.seq < best.seq)) best = w;
    }
    return best;
  }
}

/** Resolves after `ms` on `clock`, or at once when `signal` aborts (never rejects). */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      timer.stop();
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = clock.setTimer(ms, done);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** metav1.Time's wire form: RFC 3339 in UTC, whole seconds ("2026-12-05T07:12:00Z"). */
export function formatTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
