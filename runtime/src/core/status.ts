// metav1.Status and its parts: the body the API server answers a failed request (and some deletes)
// with. Field names are the wire names; the reasons are those the server sends, kept open-ended
// because aggregated API servers may send others.
import type { ListMeta } from "./apimachinery.js";

/** Why a request failed, as metav1.StatusReason names it; "" is StatusReasonUnknown. */
export type StatusReason =
  | ""
  | "Unauthorized"
  | "Forbidden"
  | "NotFound"
  | "AlreadyExists"
  | "Conflict"
  | "Gone"
  | "Invalid"
  | "ServerTimeout"
  | "StoreReadError"
  | "Timeout"
  | "TooManyRequests"
  | "BadRequest"
  | "MethodNotAllowed"
  | "NotAcceptable"
  | "RequestEntityTooLarge"
  | "UnsupportedMediaType"
  | "InternalError"
  | "Expired"
  | "ServiceUnavailable"
  | (string & {});

/** One cause of a failure; for 422 Invalid, one per invalid field. `reason` is metav1.CauseType. */
export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

/** What the failure was about, and when to try again. */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** metav1.Status: the outcome of a request that did not return an object. */
export interface Status {
  kind?: "Status";
  apiVersion?: string;
  metadata?: ListMeta;
  status?: "Success" | "Failure";
  message?: string;
  reason?: StatusReason;
  details?: StatusDetails;
  code?: number;
}

/** The cause type client-go puts on a Status it synthesized from a non-Status response body. */
export const CAUSE_UNEXPECTED_SERVER_RESPONSE = "UnexpectedServerResponse";

/** Whether a decoded JSON value is a metav1.Status (kind "Status", apiVersion "v1" or absent). */
export function isStatus(value: unknown): value is Status {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { kind?: unknown; apiVersion?: unknown };
  return v.kind === "Status" && (v.apiVersion === undefined || v.apiVersion === "v1" || v.apiVersion === "meta.k8s.io/v1");
}
