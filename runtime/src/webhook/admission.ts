// admission.k8s.io/v1 AdmissionReview as the API server sends it to a webhook and reads the
// answer, and the responses controller-runtime's admission package builds (Allowed, Denied,
// Errored, a status from an API error, a patch response): the same codes, reasons and shapes, so a
// webhook written here answers as a Go one would.
import type { KubeObject } from "../client/object-types.js";
import type { Status } from "../core/status.js";
import type { JsonPatchOperation } from "../client/patch-type.js";
import { createJsonPatch } from "./json-patch.js";

/** The operation being admitted. */
export type AdmissionOperation = "CREATE" | "UPDATE" | "DELETE" | "CONNECT";

/** A group, version and kind (or resource). */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}
export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

/** AdmissionRequest: what is being admitted. */
export interface AdmissionRequest {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: AdmissionOperation;
  userInfo: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  /** The object as admitted (null for DELETE). */
  object?: KubeObject | null;
  /** The object before the operation (UPDATE, and DELETE: the object being deleted). */
  oldObject?: KubeObject | null;
  dryRun?: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions. */
  options?: Record<string, unknown> | null;
}

/** AdmissionResponse: the webhook's answer. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: Status;
  /** Base64 of the JSON Patch, with patchType "JSONPatch". */
  patch?: string;
  patchType?: "JSONPatch";
  auditAnnotations?: Record<string, string>;
  warnings?: string[];
}

/** AdmissionReview: the envelope both ways. */
export interface AdmissionReview {
  apiVersion: "admission.k8s.io/v1" | "admission.k8s.io/v1beta1";
  kind: "AdmissionReview";
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}

/** A handler's answer before the uid is filled in and the patch encoded (controller-runtime's admission.Response). */
export interface Response {
  readonly allowed: boolean;
  readonly status?: Status;
  readonly patches?: readonly JsonPatchOperation[];
  readonly warnings?: readonly string[];
  readonly auditAnnotations?: Readonly<Record<string, string>>;
}

/** admission.ValidationResponse: 200 when allowed, 403 Forbidden with the message when not. */
export function validationResponse(allowed: boolean, message = ""): Response {
  const status: Status = allowed ? { code: 200 } : { code: 403, reason: "Forbidden" };
  if (message) status.message = message;
  return { allowed, status };
}

/** admission.Allowed. */
export const allowed = (message = ""): Response => validationResponse(true, message);

/** admission.Denied: not allowed, 403 Forbidden, the message shown to the user. */
export const denied = (message: string): Response => validationResponse(false, message);

/** admission.Errored: the webhook could not judge the request (a bad body: 400; a failure of its own: 500). */
export function errored(code: number, err: unknown): Response {
  return { allowed: false, status: { code, message: err instanceof Error ? err.message : String(err) } };
}

/** A response carrying an API error's Status as it is (validationResponseFromStatus). */
export function responseFromStatus(allowedResult: boolean, status: Status): Response {
  return { allowed: allowedResult, status };
}

/** admission.PatchResponseFromRaw: allowed, with the JSON Patch from `original` to `current`. */
export function patchResponse(original: unknown, current: unknown): Response {
  const patches = createJsonPatch(original, current);
  return patches.length === 0 ? { allowed: true } : { allowed: true, patches };
}

/** The same response with warnings added (Response.WithWarnings). */
export function withWarnings(r: Response, warnings: readonly string[]): Response {
  return warnings.length === 0 ? r : { ...r, warnings: [...(r.warnings ?? []), ...warnings] };
}

/** Response.Complete: the request's uid, a status code (200 when none), the patch encoded. */
export function completeResponse(r: Response, uid: string): AdmissionResponse {
  const status = { metadata: {}, ...(r.status ?? {}), code: r.status?.code || 200 };
  const out: AdmissionResponse = { uid, allowed: r.allowed, status };
  if (r.patches && r.patches.length > 0) {
    out.patch = Buffer.from(JSON.stringify(r.patches)).toString("base64");
    out.patchType = "JSONPatch";
  }
  if (r.auditAnnotations) out.auditAnnotations = { ...r.auditAnnotations };
  if (r.warnings && r.warnings.length > 0) out.warnings = [...r.warnings];
  return out;
}
