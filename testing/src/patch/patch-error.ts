// The error a patch function returns, shaped so the server can answer with a Status as the real one does.

import type { JsonObject } from "./json.js";

/** A failed patch: HTTP code, Status reason and message, and the underlying cause for logs. */
export interface PatchError {
  readonly code: number;
  readonly reason: "BadRequest" | "Invalid" | "UnsupportedMediaType" | "InternalError";
  readonly message: string;
  /** What actually went wrong; the server omits it from the Status for failed JSON patch operations. */
  readonly cause: string;
}

/** The Status body for a PatchError. */
export function patchErrorStatus(err: PatchError): JsonObject {
  return {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: err.message,
    reason: err.reason,
    // A 422 from a patch that could not be applied carries an empty details object; others none.
    ...(err.code === 422 ? { details: {} } : {}),
    code: err.code,
  };
}

/** 400 BadRequest: the patch document itself is malformed. */
export function badRequest(message: string): PatchError {
  return { code: 400, reason: "BadRequest", message, cause: message };
}

/** 422 Invalid with the server's generic text: the patch was well formed but could not be applied. */
export function cannotApply(cause: string): PatchError {
  return { code: 422, reason: "Invalid", message: "the server rejected our request due to an error in our request", cause };
}

/** 500 InternalError: what 1.24 answers when an apply configuration cannot be typed. */
export function internalError(message: string): PatchError {
  return { code: 500, reason: "InternalError", message, cause: message };
}

/** Either a value or a PatchError. */
export type PatchResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PatchError };
