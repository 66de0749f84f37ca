// Status bodies the real kube-apiserver answers with, built from one ApiError class so that every
// handler throws the same shape and the HTTP layer writes it once.

// The Status body's parts are the runtime's types (the client decodes what this server writes), so
// there is one definition of metav1.StatusCause and StatusDetails.
import type { StatusCause, StatusDetails } from "@kube-codegen/runtime";

export type { StatusCause, StatusDetails };

/** The resource a request addressed, as errors name it ("widgets" in group "conformance.example.com"). */
export interface GroupResource {
  group: string;
  resource: string;
}

/** A failed request: HTTP code plus the metav1.Status body the server sends. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: StatusDetails,
    /** ListMeta of the Status (an expired continue token's replacement travels here). */
    readonly listMeta?: { continue?: string },
  ) {
    super(message);
  }

  /** The Status object written to the wire. */
  toStatus(): Record<string, unknown> {
    const body: Record<string, unknown> = {
      kind: "Status",
      apiVersion: "v1",
      metadata: this.listMeta?.continue ? { continue: this.listMeta.continue } : {},
      status: "Failure",
      message: this.message,
    };
    // StatusReasonUnknown is the empty string, which the server omits.
    if (this.reason) body["reason"] = this.reason;
    const details = cleanDetails(this.details);
    if (details) body["details"] = details;
    body["code"] = this.code;
    return body;
  }
}

function cleanDetails(d: StatusDetails | undefined): StatusDetails | undefined {
  if (!d) return undefined;
  const out: StatusDetails = {};
  if (d.name) out.name = d.name;
  if (d.group) out.group = d.group;
  if (d.kind) out.kind = d.kind;
  if (d.uid) out.uid = d.uid;
  if (d.causes && d.causes.length > 0) out.causes = d.causes;
  if (d.retryAfterSeconds) out.retryAfterSeconds = d.retryAfterSeconds;
  return out;
}

/** "widgets.conformance.example.com", or "configmaps" for the core group. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

/** 404 NotFound for a named object. */
export function notFound(gr: GroupResource, name: string): ApiError {
  return new ApiError(404, "NotFound", `${qualifiedResource(gr)} "${name}" not found`, detailsFor(gr, name));
}

/** 409 AlreadyExists on create. */
export function alreadyExists(gr: GroupResource, name: string): ApiError {
  return new ApiError(409, "AlreadyExists", `${qualifiedResource(gr)} "${name}" already exists`, detailsFor(gr, name));
}

/** 409 Conflict for a stale resourceVersion. */
export function conflict(gr: GroupResource, name: string, why: string): ApiError {
  return new ApiError(409, "Conflict", `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${why}`, detailsFor(gr, name));
}

/** The wording of a stale-update conflict. */
export const OBJECT_MODIFIED = "the object has been modified; please apply your changes to the latest version and try again";

/** 400 BadRequest with no details. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, "BadRequest", message);
}

/** 410 Expired (Gone): an old resourceVersion is no longer available; `continueToken` resumes at the latest state. */
export function expired(message: string, continueToken?: string): ApiError {
  return new ApiError(410, "Expired", message, undefined, continueToken ? { continue: continueToken } : undefined);
}

/** 422 Invalid; `kindLabel` is how the message names the object ("Widget.conformance.example.com"). */
export function invalid(kindLabel: string, details: { group: string; kind: string }, name: string, causes: StatusCause[]): ApiError {
  const parts = causes.map((c) => (c.field ? `${c.field}: ${c.message ?? ""}` : (c.message ?? "")));
  const joined = parts.length === 1 ? parts[0] : `[${parts.join(", ")}]`;
  return new ApiError(422, "Invalid", `${kindLabel} "${name}" is invalid: ${joined}`, {
    group: details.group,
    kind: details.kind,
    name,
    causes,
  });
}

/** 405 MethodNotAllowed for a verb the resource does not support. */
export function methodNotAllowed(): ApiError {
  // With empty details, as both recorded servers write it (hostile-requests.json's 197 bytes, authentication-reviews.json).
  return new ApiError(405, "MethodNotAllowed", "the server does not allow this method on the requested resource", {});
}

/** 415 UnsupportedMediaType for a patch type the resource does not accept. */
export function unsupportedMediaType(accepted: string[]): ApiError {
  return new ApiError(
    415,
    "UnsupportedMediaType",
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(", ")}`,
  );
}

/** 500 InternalError. */
export function internalError(message: string): ApiError {
  return new ApiError(500, "InternalError", `Internal error occurred: ${message}`, {
    causes: [{ message }],
  });
}

/** 429 TooManyRequests with Retry-After, as the priority-and-fairness filter answers. */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, "TooManyRequests", "Too many requests, please try again later.", {
    retryAfterSeconds,
  });
}

function detailsFor(gr: GroupResource, name: string): StatusDetails {
  return { name, group: gr.group, kind: gr.resource };
}
