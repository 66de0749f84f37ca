// Validators and defaulters per kind, as controller-runtime's CustomValidator and CustomDefaulter:
// the user writes what to check or fill in on a typed object, and the handlers here decode the
// AdmissionRequest, call them by operation, and answer as controller-runtime's do (a thrown
// ApiError's Status as it is, any other error a 403 denial with its message, warnings kept; a
// defaulter's answer is the JSON Patch from the object as sent to the object as defaulted).
import type { KubeObject } from "../client/object-types.js";
import { asApiError } from "../core/api-error.js";
import {
  allowed,
  denied,
  errored,
  patchResponse,
  responseFromStatus,
  withWarnings,
  type AdmissionRequest,
  type Response,
} from "./admission.js";

/** Warnings shown to the client (kubectl prints them) even when the request is allowed. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a check that returns nothing (`validateCreate(o) { if (...) throw ... }`) has no warnings; `| undefined` would refuse it
export type Warnings = readonly string[] | void;

/** Checks objects of one kind on create, update and delete (controller-runtime's CustomValidator). Throw to deny. */
export interface CustomValidator<T extends KubeObject> {
  validateCreate?(obj: T, request: AdmissionRequest): Warnings | Promise<Warnings>;
  validateUpdate?(oldObj: T, newObj: T, request: AdmissionRequest): Warnings | Promise<Warnings>;
  validateDelete?(obj: T, request: AdmissionRequest): Warnings | Promise<Warnings>;
}

/** Fills in defaults on objects of one kind, in place (controller-runtime's CustomDefaulter). Throw to deny. */
export interface CustomDefaulter<T extends KubeObject> {
  default(obj: T, request: AdmissionRequest): void | Promise<void>;
}

/** A handler of one AdmissionRequest. */
export type AdmissionHandler = (request: AdmissionRequest) => Promise<Response>;

// The request's object, copied (the handler may change it). Typed by the caller's kind: the API
// server sends only objects of the kinds the webhook is registered for.
function objectOf(raw: unknown, what: string): KubeObject {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new Error(`there is no ${what} in the request`);
  return structuredClone(raw);
}

function fromError(err: unknown, warnings: readonly string[]): Response {
  const api = asApiError(err);
  if (api) return withWarnings(responseFromStatus(false, api.status), warnings);
  return withWarnings(denied(err instanceof Error ? err.message : String(err)), warnings);
}

/** The validating handler of a CustomValidator (admission.WithCustomValidator). */
export function validatingHandler<T extends KubeObject>(validator: CustomValidator<T>): AdmissionHandler {
  return async (req) => {
    let warnings: readonly string[] = [];
    try {
      switch (req.operation) {
        case "CONNECT":
          break; // no validation for connect requests, as controller-runtime
        case "CREATE": {
          let obj: T;
          try {
            obj = objectOf(req.object, "object") as T;
          } catch (err) {
            return errored(400, err);
          }
          warnings = (await validator.validateCreate?.(obj, req)) ?? [];
          break;
        }
        case "UPDATE": {
          let obj: T;
          let old: T;
          try {
            obj = objectOf(req.object, "object") as T;
            old = objectOf(req.oldObject, "oldObject") as T;
          } catch (err) {
            return errored(400, err);
          }
          warnings = (await validator.validateUpdate?.(old, obj, req)) ?? [];
          break;
        }
        case "DELETE": {
          // The object being deleted is the request's oldObject (kubernetes/kubernetes#76346).
          let old: T;
          try {
            old = objectOf(req.oldObject, "oldObject") as T;
          } catch (err) {
            return errored(400, err);
          }
          warnings = (await validator.validateDelete?.(old, req)) ?? [];
          break;
        }
        default:
          return errored(400, new Error(`unknown operation "${String(req.operation)}"`));
      }
    } catch (err) {
      return fromError(err, warnings);
    }
    return withWarnings(allowed(), warnings);
  };
}

/** The mutating handler of a CustomDefaulter (admission.WithCustomDefaulter). */
export function defaultingHandler<T extends KubeObject>(defaulter: CustomDefaulter<T>): AdmissionHandler {
  return async (req) => {
    // A DELETE is never defaulted: allowed at once, as controller-runtime.
    if (req.operation === "DELETE") return { allowed: true, status: { code: 200 } };
    let obj: T;
    try {
      obj = objectOf(req.object, "object") as T;
    } catch (err) {
      return errored(400, err);
    }
    const original = structuredClone(obj);
    try {
      await defaulter.default(obj, req);
    } catch (err) {
      return fromError(err, []);
    }
    // Through JSON both, so what the patch compares is what goes over the wire (undefined dropped).
    return patchResponse(JSON.parse(JSON.stringify(original)), JSON.parse(JSON.stringify(obj)));
  };
}
