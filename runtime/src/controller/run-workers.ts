import type { RateLimitingQueue } from "../workqueue/index.js";
import { isTerminalError } from "./reconcile.js";
import type { ReconcileResult } from "./reconcile.js";

/** How `runWorkers` drives a queue. */
export interface RunWorkersOptions<T> {
  /** How many keys are reconciled at once (sample-controller runs 2); the queue never gives one key to two workers. */
  readonly workers: number;
  /** Stops the loop: the queue shuts down (no key is added after it), and workers return once what was queued and in flight is done, as client-go's Get hands out the rest after ShutDown. */
  readonly signal: AbortSignal;
  /**
   * One pass for `key` by worker `worker` (1-based), with controller-runtime's outcomes: a return
   * of nothing (or an empty result) forgets the key's failures; `requeueAfterMs` forgets them and
   * adds the key after that delay; `requeue` adds it rate-limited; a throw adds it rate-limited,
   * unless the error is a TerminalError, which only is reported.
   */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a pass that returns nothing (`async () => {}`) is success; `| undefined` would refuse it
  readonly reconcile: (key: T, worker: number) => Promise<ReconcileResult | void>;
  /** Told of each failed pass, after the key was requeued, if it was (read `queue.numRequeues(key)` for the count). */
  readonly onError?: (key: T, err: unknown, worker: number) => void;
}

/**
 * client-go's controller worker loop (sample-controller's runWorker / processNextWorkItem): `workers`
 * loops take keys from `queue`, reconcile them, `forget` a key on success and `addRateLimited` it on
 * failure (or as the pass's ReconcileResult asks, as controller-runtime), and `done` it either way. On abort the queue shuts down, as sample-controller's deferred
 * `ShutDown`; the promise resolves once every worker has returned.
 */
export async function runWorkers<T>(queue: RateLimitingQueue<T>, options: RunWorkersOptions<T>): Promise<void> {
  const { signal, reconcile, onError } = options;
  if (signal.aborted) {
    queue.shutDown();
    return;
  }
  const stop = (): void => {
    queue.shutDown();
  };
  signal.addEventListener("abort", stop, { once: true });
  const worker = async (n: number): Promise<void> => {
    for (;;) {
      const next = await queue.get();
      if (next.shutdown) return;
      const key = next.item;
      try {
        const result = await reconcile(key, n);
        if (result?.requeueAfterMs !== undefined && result.requeueAfterMs > 0) {
          queue.forget(key);
          queue.addAfter(key, result.requeueAfterMs);
        } else if (result?.requeue) queue.addRateLimited(key);
        else queue.forget(key);
      } catch (err) {
        // As controller-runtime: a terminal error is not retried, and not forgotten either.
        if (!isTerminalError(err)) queue.addRateLimited(key);
        onError?.(key, err, n);
      } finally {
        queue.done(key);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i + 1)));
  } finally {
    signal.removeEventListener("abort", stop);
  }
}
