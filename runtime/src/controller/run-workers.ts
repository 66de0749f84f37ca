import type { RateLimitingQueue } from "../workqueue/index.js";

/** How `runWorkers` drives a queue. */
export interface RunWorkersOptions<T> {
  /** How many keys are reconciled at once (sample-controller runs 2); the queue never gives one key to two workers. */
  readonly workers: number;
  /** Stops the loop: the queue shuts down (no key is added after it), and workers return once what was queued and in flight is done, as client-go's Get hands out the rest after ShutDown. */
  readonly signal: AbortSignal;
  /** One pass for `key` by worker `worker` (1-based). A return forgets the key's failures; a throw requeues it rate-limited. */
  readonly reconcile: (key: T, worker: number) => Promise<void>;
  /** Told of each failed pass, after the key was requeued (read `queue.numRequeues(key)` for the count). */
  readonly onError?: (key: T, err: unknown, worker: number) => void;
}

/**
 * client-go's controller worker loop (sample-controller's runWorker / processNextWorkItem): `workers`
 * loops take keys from `queue`, reconcile them, `forget` a key on success and `addRateLimited` it on
 * failure, and `done` it either way. On abort the queue shuts down, as sample-controller's deferred
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
      try {
        await reconcile(next.item, n);
        queue.forget(next.item);
      } catch (err) {
        queue.addRateLimited(next.item);
        onError?.(next.item, err, n);
      } finally {
        queue.done(next.item);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i + 1)));
  } finally {
    signal.removeEventListener("abort", stop);
  }
}
