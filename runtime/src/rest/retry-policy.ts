// When a request is sent again, and after how long. 429 is retried for every verb: the server
// (API Priority and Fairness, max-in-flight) rejects it before doing anything. 5xx and dropped
// connections are retried only for verbs whose repetition is harmless (GET, HEAD, OPTIONS, PUT,
// DELETE); a POST or PATCH may already have taken effect. client-go retries up to 10 times, but
// only when the server sends Retry-After; here a 5xx without one is retried on backoff too.
// Delays grow exponentially with jitter, are at least Retry-After, and are capped.

/** The retry settings of a transport. */
export interface RetryPolicy {
  /** Retries after the first attempt (client-go's default is 10). */
  maxRetries: number;
  /** First backoff delay. */
  initialDelayMs: number;
  /** Upper bound of any one delay, Retry-After included. */
  maxDelayMs: number;
}

/** 10 retries, 250 ms doubling to at most 30 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 10, initialDelayMs: 250, maxDelayMs: 30_000 };

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether repeating `method` cannot do anything twice. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether a response status is worth another attempt for `method`. */
export function isRetryableStatus(code: number, method: string): boolean {
  if (code === 429) return true;
  return (code === 500 || code === 502 || code === 503 || code === 504) && isIdempotent(method);
}

// Errors Node raises when a connection is reset or closed under a request (a kept-alive socket
// the server closed, an API server restarting): the request may not have been processed.
const CONNECTION_ERRORS = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "ERR_STREAM_PREMATURE_CLOSE", "UND_ERR_SOCKET"]);

/** Whether a transport-level error is a dropped connection worth retrying for `method`. */
export function isRetryableConnectionError(err: unknown, method: string): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONNECTION_ERRORS.has(code) && isIdempotent(method);
}

/**
 * The delay before retry number `retry` (0-based): `initialDelayMs·2^retry` with jitter between
 * half and all of it, raised to Retry-After, then capped at `maxDelayMs`.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterSeconds: number | undefined, random: () => number): number {
  const exp = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.min(retry, 30));
  const jittered = exp / 2 + (exp / 2) * random();
  const floor = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : 0;
  return Math.min(policy.maxDelayMs, Math.max(jittered, floor));
}
