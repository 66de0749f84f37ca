// The time source of the cache: reflector backoff, watch timeouts and resync ticks read it, so tests
// can drive them with a fake one. Local to cache/ for now; the workqueue's Clock should become the
// one home for this interface when both land.

/** Time as the cache needs it: a monotonic-enough now() and one-shot timers. */
export interface CacheClock {
  /** Milliseconds since some fixed point. */
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it (a no-op once it has run). */
  after(ms: number, fn: () => void): () => void;
}

/** The real clock: Date.now and setTimeout; timers do not keep the process alive. */
export const realClock: CacheClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref();
    return () => clearTimeout(t);
  },
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts (never rejects). */
export function sleep(clock: CacheClock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      cancel();
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const cancel = clock.after(ms, done);
    signal?.addEventListener("abort", done, { once: true });
  });
}
