// Fault switches for reliability tests: dropped watch streams, forced 410s, 429/500 answers and latency.
// Every switch is explicit and stays on until reset, so a test states exactly what it injects.
import type { Store } from "./storage/store.js";

/** How the next requests should fail. */
interface PendingFailures {
  remaining: number;
  code: 429 | 500;
  retryAfterSeconds: number;
  /** Only requests whose path contains this string fail (all when absent). */
  pathContains?: string;
}

/** Options of failNextRequests. */
export interface FailureOptions {
  /** 429 (TooManyRequests, with Retry-After) or 500 (InternalError). */
  code: 429 | 500;
  /** Retry-After seconds for 429s (default 1). */
  retryAfterSeconds?: number;
  /** Restrict the failures to requests whose path contains this text. */
  pathContains?: string;
}

/** The fault switches of one server, exposed on the handle as `faults`. */
export class Faults {
  private failures: PendingFailures | undefined;
  private latency = 0;
  private watchEventLimit: number | undefined;
  private watchCloseProbability = 0;
  private readonly closers = new Set<() => void>();
  private readonly goneSenders = new Map<() => void, () => void>();
  private served = 0;

  constructor(private readonly store: Store) {}

  /** Answers the next `n` requests with a 429 (with Retry-After) or a 500 instead of serving them. */
  failNextRequests(n: number, opts: FailureOptions): void {
    this.failures = { remaining: n, code: opts.code, retryAfterSeconds: opts.retryAfterSeconds ?? 1 };
    if (opts.pathContains !== undefined) this.failures.pathContains = opts.pathContains;
  }

  /** Delays every request by `ms` before it is served. */
  setLatency(ms: number): void {
    this.latency = Math.max(0, ms);
  }

  /** Ends every watch stream after it has sent `n` events (undefined: never). */
  closeWatchesAfter(n: number | undefined): void {
    this.watchEventLimit = n;
  }

  /** Ends a watch stream after any event with this probability (0 disables). */
  closeWatchesRandomly(probability: number): void {
    this.watchCloseProbability = probability;
  }

  /** Ends all open watch streams now. */
  closeAllWatches(): void {
    for (const c of [...this.closers]) c();
  }

  /** Sends every open watch stream an ERROR event with a 410 Expired Status, then ends it (a watch cache that fell behind). */
  sendGoneToWatches(): void {
    for (const send of [...this.goneSenders.values()]) send();
  }

  /** Forgets all history: every resourceVersion older than now answers 410 Gone (lists) or an ERROR event (watches). */
  expireResourceVersions(): void {
    this.store.compactAll();
  }

  /** How many requests were answered with an injected 429 or 500 since the server started (reset keeps it). */
  get injectedFailures(): number {
    return this.served;
  }

  /** Turns every switch off. */
  reset(): void {
    this.failures = undefined;
    this.latency = 0;
    this.watchEventLimit = undefined;
    this.watchCloseProbability = 0;
  }

  /** @internal The failure to inject for a request on `path`, consuming one. */
  takeFailure(path: string): { code: 429 | 500; retryAfterSeconds: number } | undefined {
    const f = this.failures;
    if (!f || f.remaining <= 0) return undefined;
    if (f.pathContains !== undefined && !path.includes(f.pathContains)) return undefined;
    f.remaining--;
    this.served++;
    return { code: f.code, retryAfterSeconds: f.retryAfterSeconds };
  }

  /** @internal Current injected latency. */
  get latencyMs(): number {
    return this.latency;
  }

  /** @internal Whether a watch that has sent `sent` events should now be cut. */
  shouldCloseWatch(sent: number): boolean {
    if (this.watchEventLimit !== undefined && sent >= this.watchEventLimit) return true;
    return this.watchCloseProbability > 0 && Math.random() < this.watchCloseProbability;
  }

  /** @internal Registers an open watch's closer for closeAllWatches, and its 410 sender for sendGoneToWatches. */
  trackWatch(close: () => void, sendGone?: () => void): () => void {
    this.closers.add(close);
    if (sendGone) this.goneSenders.set(close, sendGone);
    return () => {
      this.closers.delete(close);
      this.goneSenders.delete(close);
    };
  }
}
