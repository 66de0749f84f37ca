// How long an item waits before it is retried (client-go's default_rate_limiters.go): per-item
// exponential and fast/slow backoff, an overall token bucket, the maximum of several, and a cap.
// Delays are milliseconds.
import { realClock } from "../core/clock.js";
import type { Clock } from "../core/clock.js";

/** Decides each retry's delay and keeps the per-item failure counts behind it. */
export interface RateLimiter<T = string> {
  /** The delay before `item`'s next retry; counts a failure of it. */
  when(item: T): number;
  /** Stops tracking `item` (it succeeded, or was given up on): its next delay starts over. */
  forget(item: T): void;
  /** How many failures of `item` are counted. */
  numRequeues(item: T): number;
}

/** `baseDelayMs · 2^failures`, capped at `maxDelayMs`; giving up after N tries is the caller's call. */
export class ItemExponentialFailureRateLimiter<T = string> implements RateLimiter<T> {
  readonly #failures = new Map<T, number>();

  constructor(
    readonly baseDelayMs: number,
    readonly maxDelayMs: number,
  ) {}

  when(item: T): number {
    const exp = this.#failures.get(item) ?? 0;
    this.#failures.set(item, exp + 1);
    const backoff = this.baseDelayMs * 2 ** exp;
    // 2^exp overflows to Infinity after ~1024 failures (client-go guards int64 nanoseconds instead).
    if (!Number.isFinite(backoff) || backoff > this.maxDelayMs) return this.maxDelayMs;
    return backoff;
  }

  numRequeues(item: T): number {
    return this.#failures.get(item) ?? 0;
  }

  forget(item: T): void {
    this.#failures.delete(item);
  }
}

/** `fastDelayMs` for the first `maxFastAttempts` failures of an item, then `slowDelayMs`. */
export class ItemFastSlowRateLimiter<T = string> implements RateLimiter<T> {
  readonly #failures = new Map<T, number>();

  constructor(
    readonly fastDelayMs: number,
    readonly slowDelayMs: number,
    readonly maxFastAttempts: number,
  ) {}

  when(item: T): number {
    const n = (this.#failures.get(item) ?? 0) + 1;
    this.#failures.set(item, n);
    return n <= this.maxFastAttempts ? this.fastDelayMs : this.slowDelayMs;
  }

  numRequeues(item: T): number {
    return this.#failures.get(item) ?? 0;
  }

  forget(item: T): void {
    this.#failures.delete(item);
  }
}

/**
 * An overall token bucket (golang.org/x/time/rate's Limiter, as client-go's BucketRateLimiter
 * uses it): `burst` tokens, refilled at `qps` per second; each `when` takes one, going into debt
 * when the bucket is empty, and returns how long until that debt is paid. Items are not told
 * apart, so `forget` does nothing and `numRequeues` is 0.
 */
export class BucketRateLimiter<T = string> implements RateLimiter<T> {
  readonly qps: number;
  readonly burst: number;
  readonly #clock: Clock;
  #tokens: number;
  #last: number;

  constructor(options: { qps: number; burst: number; clock?: Clock }) {
    this.qps = options.qps;
    this.burst = options.burst;
    this.#clock = options.clock ?? realClock;
    this.#tokens = options.burst;
    this.#last = this.#clock.now();
  }

  // Items are not told apart: the methods take none.
  when(): number {
    if (this.qps === Infinity) return 0;
    // x/time/rate refuses a reservation it can never fill (burst < 1, or a zero rate once the burst
    // is spent) without taking a token; its Delay is then infinite.
    if (this.burst < 1) return Infinity;
    if (this.qps <= 0) {
      if (this.#tokens < 1) return Infinity;
      this.#tokens--;
      return 0;
    }
    const now = this.#clock.now();
    const elapsed = Math.max(0, now - this.#last);
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed * this.qps) / 1000) - 1;
    this.#last = now;
    return this.#tokens < 0 ? (-this.#tokens * 1000) / this.qps : 0;
  }

  numRequeues(): number {
    return 0;
  }

  forget(): void {}
}

/**
 * The longest delay any of `limiters` gives (each one counts the failure). With a bucket among
 * them the burst can appear exceeded, since items delayed longer by another limiter still took
 * their token early.
 */
export class MaxOfRateLimiter<T = string> implements RateLimiter<T> {
  readonly #limiters: readonly RateLimiter<T>[];

  constructor(...limiters: RateLimiter<T>[]) {
    this.#limiters = limiters;
  }

  when(item: T): number {
    let max = 0;
    for (const l of this.#limiters) max = Math.max(max, l.when(item));
    return max;
  }

  numRequeues(item: T): number {
    let max = 0;
    for (const l of this.#limiters) max = Math.max(max, l.numRequeues(item));
    return max;
  }

  forget(item: T): void {
    for (const l of this.#limiters) l.forget(item);
  }
}

/** `limiter`'s delay, never more than `maxDelayMs`. */
export class WithMaxWaitRateLimiter<T = string> implements RateLimiter<T> {
  constructor(
    readonly limiter: RateLimiter<T>,
    readonly maxDelayMs: number,
  ) {}

  when(item: T): number {
    return Math.min(this.limiter.when(item), this.maxDelayMs);
  }

  numRequeues(item: T): number {
    return this.limiter.numRequeues(item);
  }

  forget(item: T): void {
    this.limiter.forget(item);
  }
}

/**
 * client-go's DefaultControllerRateLimiter: per item 5 ms doubling to 1000 s, and overall 10 qps
 * with a burst of 100 (only retries pay it), whichever is longer. The bucket reads `clock`.
 */
export function defaultControllerRateLimiter<T = string>(clock: Clock = realClock): RateLimiter<T> {
  return new MaxOfRateLimiter<T>(
    new ItemExponentialFailureRateLimiter<T>(5, 1_000_000),
    new BucketRateLimiter<T>({ qps: 10, burst: 100, clock }),
  );
}

/** client-go's DefaultItemBasedRateLimiter: per item 1 ms doubling to 1000 s, no overall limit. */
export function defaultItemBasedRateLimiter<T = string>(): RateLimiter<T> {
  return new ItemExponentialFailureRateLimiter<T>(1, 1_000_000);
}
