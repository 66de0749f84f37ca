// The reflector's retry delays, as client-go's wait.Backoff with DelayWithReset: exponential from
// an initial delay, each step jittered upward by up to `jitter` times itself, capped, and back at
// the start once no delay was asked for during a healthy period.
import type { Clock } from "../core/clock.js";

/** How delays grow. Defaults are client-go's reflector's: 800 ms ×2 to 30 s, jitter 1.0, reset after 2 min. */
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  factor?: number;
  /** Each delay d becomes d + random() * jitter * d. */
  jitter?: number;
  /** A delay asked for after this long without one starts again from initialMs. */
  resetMs?: number;
}

/** A stateful delay source: each next() is the delay to wait before the next attempt. */
export class Backoff {
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly resetMs: number;
  private current: number;
  private lastAsked: number | undefined;

  constructor(
    options: BackoffOptions,
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
  ) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 1;
    this.resetMs = options.resetMs ?? 120_000;
    this.current = this.initialMs;
  }

  /** The next delay in ms. */
  next(): number {
    const now = this.clock.now();
    if (this.lastAsked !== undefined && now - this.lastAsked >= this.resetMs) this.current = this.initialMs;
    this.lastAsked = now;
    const base = this.current;
    this.current = Math.min(this.current * this.factor, this.maxMs);
    return this.jitter > 0 ? base + this.random() * this.jitter * base : base;
  }
}
