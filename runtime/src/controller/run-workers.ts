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
  /** Told of each pass, as controller-runtime's controller metrics (a Manager with metrics passes them to its controllers). */
  readonly metrics?: ReconcileMetrics;
}

/** How a pass ended, as the `result` label of controller_runtime_reconcile_total. */
export type ReconcileOutcome = "success" | "error" | "requeue" | "requeue_after";

/** The hooks of controller-runtime's per-controller metrics; runWorkers calls them. */
export interface ReconcileMetrics {
  /** Once, before the workers start: how many there are (and every series at zero, as initMetrics). */
  start(workers: number): void;
  /** A worker took a key (+1) or finished with it (-1): controller_runtime_active_workers. */
  activeWorkers(delta: 1 | -1): void;
  /** A pass ended: its outcome, its duration in seconds, and whether its error was terminal. */
  reconciled(outcome: ReconcileOutcome, seconds: number, terminal: boolean): void;
}

/**
 * client-go's controller worker loop (sample-controller's runWorker / processNextWorkItem): `workers`
 * loops take keys from `queue`, reconcile them, `forget` a key on success and `addRateLimited` it on
 * failure (or as the pass's ReconcileResult asks, as controller-runtime), and `done` it either way. On abort the queue shuts down, as sample-controller's deferred
 * `ShutDown`; the promise resolves once every worker has returned.
 */
export async function runWorkers<T>(queue: RateLimitingQueue<T>, options: RunWorkersOptions<T>): Promise<void> {
  const { signal, reconcile, onError, metrics } = options;
  if (signal.aborted) {
    queue.shutDown();
    return;
  }
  const stop = (): void => {
    queue.shutDown();
  };
  signal.addEventListener("abort", stop, { once: true });
  metrics?.start(options.workers);
  const worker = async (n: number): Promise<void> => {
    for (;;) {
      const next = await queue.get();
      if (next.shutdown) return;
      const key = next.item;
      metrics?.activeWorkers(1);
      // No clock read per pass without metrics.
      const started = metrics ? performance.now() : 0;
      const reconciled = (outcome: ReconcileOutcome, terminal = false): void => {
        if (metrics) metrics.reconciled(outcome, (performance.now() - started) / 1000, terminal);
      };
      try {
        const result = await reconcile(key, n);
        if (result?.requeueAfterMs !== undefined && result.requeueAfterMs > 0) {
          queue.forget(key);
          queue.addAfter(key, result.requeueAfterMs);
          reconciled("requeue_after");
        } else if (result?.requeue) {
          queue.addRateLimited(key);
          reconciled("requeue");
        } else {
          queue.forget(key);
          reconciled("success");
        }
      } catch (err) {
        // As controller-runtime: a terminal error is not retried, and not forgotten either.
        const terminal = isTerminalError(err);
        if (!terminal) queue.addRateLimited(key);
        reconciled("error", terminal);
        onError?.(key, err, n);
      } finally {
        queue.done(key);
        metrics?.activeWorkers(-1);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i + 1)));
  } finally {
    signal.removeEventListener("abort", stop);
  }
}
