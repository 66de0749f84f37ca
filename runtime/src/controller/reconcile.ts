// What one pass of a controller returns, as controller-runtime's reconcile package: a result that
// asks for the key again (at once but rate-limited, or after a delay), or an error, retried with
// backoff unless it is terminal (a state no retry can mend; reported and dropped).

/** controller-runtime's reconcile.Result. An empty result (or none) is success: the key's failures are forgotten. */
export interface ReconcileResult {
  /** Queue the key again, rate-limited (as an error would, without reporting one). */
  readonly requeue?: boolean;
  /** Queue the key again after this many ms (its failures forgotten); wins over `requeue`. */
  readonly requeueAfterMs?: number;
}

/** reconcile.TerminalError: an error a retry cannot mend. It is reported; the key is not requeued. */
export class TerminalError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TerminalError";
  }
}

/** Whether `err` is, or wraps (through `cause`), a TerminalError, as errors.Is(err, TerminalError(nil)). */
export function isTerminalError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 32; e = e.cause, depth++) {
    if (e instanceof TerminalError) return true;
  }
  return false;
}
