// client-go's retry.RetryOnConflict: a read-modify-write that met a 409 Conflict (someone wrote the
// object since it was read) is run again from a fresh read, a few times with a short backoff. Any
// other error, and the last conflict, is the caller's.
import { isConflict } from "../core/api-error.js";
import { realClock, sleep, type Clock } from "../core/clock.js";

/** A backoff as wait.Backoff: `steps` attempts in all, the first delay `durationMs`, each next multiplied by `factor`, each jittered up to `jitter` × itself. */
export interface RetryBackoff {
  readonly steps: number;
  readonly durationMs: number;
  readonly factor: number;
  readonly jitter: number;
}

/** retry.DefaultRetry: five attempts 10 ms apart (plus up to 10% jitter), for conflicts between a controller and its peers. */
export const DEFAULT_RETRY: RetryBackoff = { steps: 5, durationMs: 10, factor: 1, jitter: 0.1 };

export interface RetryOptions {
  readonly backoff?: RetryBackoff;
  readonly clock?: Clock;
  /** Stops retrying (the last error is thrown) when it aborts. */
  readonly signal?: AbortSignal;
}

/** Runs `fn` until it does not fail with a Conflict, at most `backoff.steps` times; `attempt` counts from 1. */
export async function retryOnConflict<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const backoff = options.backoff ?? DEFAULT_RETRY;
  const clock = options.clock ?? realClock;
  let delay = backoff.durationMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (!isConflict(err) || attempt >= backoff.steps || options.signal?.aborted) throw err;
    }
    await sleep(clock, delay + (backoff.jitter > 0 ? Math.random() * backoff.jitter * delay : 0), options.signal);
    delay *= backoff.factor;
  }
}
