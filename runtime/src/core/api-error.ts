// ApiError: a request the API server answered with a failure, carrying its metav1.Status. The
// is* predicates take any thrown value and follow client-go's apierrors rules: a known reason
// decides; the HTTP code decides only when the reason is not one the server defines (so a proxy's
// bare 404 still reads as NotFound, but a 404 with reason "Gone"-style mismatches does not).
import type { Status, StatusCause, StatusDetails, StatusReason } from "./status.js";
import { CAUSE_UNEXPECTED_SERVER_RESPONSE } from "./status.js";

// Reasons metav1 defines; a code is consulted only when the reason is not among them.
const KNOWN_REASONS: ReadonlySet<string> = new Set([
  "Unauthorized",
  "Forbidden",
  "NotFound",
  "AlreadyExists",
  "Conflict",
  "Gone",
  "Invalid",
  "ServerTimeout",
  "StoreReadError",
  "Timeout",
  "TooManyRequests",
  "BadRequest",
  "MethodNotAllowed",
  "NotAcceptable",
  "RequestEntityTooLarge",
  "UnsupportedMediaType",
  "InternalError",
  "Expired",
  "ServiceUnavailable",
]);

/** The request an error or warning is reported against: no query string (a continue token can look like a secret), no headers. */
export interface RequestSummary {
  method: string;
  path: string;
}

// A brand rather than instanceof alone, so two copies of the runtime in one program agree.
const BRAND = Symbol.for("@kube-codegen/runtime.ApiError");

/** A failed API request: the HTTP code and the server's Status (or one synthesized from the body). */
export class ApiError extends Error {
  /** The full Status as decoded. */
  readonly status: Status;
  /** HTTP status code (Status.code, else the response's code). */
  readonly code: number;
  /** Status.reason; "" when the server gave none. */
  readonly reason: StatusReason;
  /** The request's method and path, without the query string (no credentials are ever included). */
  readonly request: RequestSummary | undefined;

  constructor(status: Status, request?: RequestSummary) {
    super(status.message || `the server responded with status ${status.code ?? "unknown"}`);
    this.name = "ApiError";
    this.status = status;
    this.code = status.code ?? 0;
    this.reason = status.reason ?? "";
    this.request = request;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** Status.details, or an empty object. */
  get details(): StatusDetails {
    return this.status.details ?? {};
  }

  /** details.causes, or an empty list (for 422 Invalid: one per rejected field). */
  get causes(): StatusCause[] {
    return this.status.details?.causes ?? [];
  }

  /** details.retryAfterSeconds when the server suggested a delay. */
  get retryAfterSeconds(): number | undefined {
    const s = this.status.details?.retryAfterSeconds;
    return s !== undefined && s > 0 ? s : undefined;
  }
}

/** The ApiError in `err` or along its `cause` chain (errors.As), if any. */
export function asApiError(err: unknown): ApiError | undefined {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === "object" && depth < 16; depth++) {
    if ((e as Record<symbol, unknown>)[BRAND] === true) return e as ApiError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function reasonAndCode(err: unknown): [string, number] {
  const e = asApiError(err);
  return e ? [e.reason, e.code] : ["", 0];
}

function byReasonOrCode(err: unknown, reason: string, code: number): boolean {
  const [r, c] = reasonAndCode(err);
  return r === reason || (!KNOWN_REASONS.has(r) && c === code);
}

/** The Status reason of `err`, or "" when it carries none. */
export function reasonForError(err: unknown): StatusReason {
  return reasonAndCode(err)[0];
}

/** 404: the object (or the resource) does not exist. */
export function isNotFound(err: unknown): boolean {
  return byReasonOrCode(err, "NotFound", 404);
}

/** 409 AlreadyExists: a create named an object that exists (by reason only, as client-go). */
export function isAlreadyExists(err: unknown): boolean {
  return reasonForError(err) === "AlreadyExists";
}

/** 409 Conflict: usually a stale resourceVersion on update; re-read and retry. */
export function isConflict(err: unknown): boolean {
  return byReasonOrCode(err, "Conflict", 409);
}

/** 422 Invalid: the object failed validation; `causes` lists the fields. */
export function isInvalid(err: unknown): boolean {
  return byReasonOrCode(err, "Invalid", 422);
}

/**
 * 410: the requested resourceVersion is too old (reason Gone, or Expired for a stale continue
 * token); a watcher or pager must relist. Wider than client-go's IsGone, which leaves Expired to
 * IsResourceExpired, because every caller of either has to do the same thing.
 */
export function isGone(err: unknown): boolean {
  return byReasonOrCode(err, "Gone", 410) || reasonForError(err) === "Expired";
}

/** 410 Expired: a list's continue token has expired. */
export function isResourceExpired(err: unknown): boolean {
  return reasonForError(err) === "Expired";
}

/** 403: authenticated, but not allowed. */
export function isForbidden(err: unknown): boolean {
  return byReasonOrCode(err, "Forbidden", 403);
}

/** 401: the credentials were missing, wrong or expired. */
export function isUnauthorized(err: unknown): boolean {
  return byReasonOrCode(err, "Unauthorized", 401);
}

/** 429: throttled; by reason or by code whatever the reason, as client-go (for compatibility). */
export function isTooManyRequests(err: unknown): boolean {
  const [r, c] = reasonAndCode(err);
  return r === "TooManyRequests" || c === 429;
}

/** Reason ServerTimeout (sent with 500 or 504): the server could not finish in time; retry later. */
export function isServerTimeout(err: unknown): boolean {
  return reasonForError(err) === "ServerTimeout";
}

/** 504 / reason Timeout: the request timed out but may still complete on the server. */
export function isTimeout(err: unknown): boolean {
  return byReasonOrCode(err, "Timeout", 504);
}

/** 500 InternalError. */
export function isInternalError(err: unknown): boolean {
  return byReasonOrCode(err, "InternalError", 500);
}

/** 503 ServiceUnavailable. */
export function isServiceUnavailable(err: unknown): boolean {
  return byReasonOrCode(err, "ServiceUnavailable", 503);
}

/** 400 BadRequest. */
export function isBadRequest(err: unknown): boolean {
  return byReasonOrCode(err, "BadRequest", 400);
}

/** 405 MethodNotAllowed. */
export function isMethodNotSupported(err: unknown): boolean {
  return byReasonOrCode(err, "MethodNotAllowed", 405);
}

/** The response was not a Status (a proxy or load balancer answered); the Status was synthesized. */
export function isUnexpectedServerError(err: unknown): boolean {
  return asApiError(err)?.causes.some((c) => c.reason === CAUSE_UNEXPECTED_SERVER_RESPONSE) ?? false;
}

/** Seconds the server asked the caller to wait (ServerTimeout always suggests a delay), if any. */
export function suggestsClientDelay(err: unknown): number | undefined {
  const e = asApiError(err);
  if (!e || !e.status.details) return undefined;
  if (e.reason === "ServerTimeout") return e.status.details.retryAfterSeconds ?? 0;
  return e.retryAfterSeconds;
}
