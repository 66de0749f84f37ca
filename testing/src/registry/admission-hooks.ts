// What the generic write paths ask of admission, as kube-apiserver's registry receives it from the handler:
// a mutating step before the strategy's PrepareForCreate/Update and validation, and a validating step
// after validation and before storage (rest.ValidateObjectFunc). The registry only defines the contract;
// the admission layer (testing/src/admission) implements it with webhooks, and the endpoints hand it in
// per request, so the registry never imports admission. Each step answers undefined when nothing applies
// to the request, so a write nobody admits stays synchronous (no await, no tick) as it was before.
import type { KubeObject } from "../storage/store.js";
import type { ResourceInfo } from "./resource-info.js";

/** admission.Operation, as AdmissionReview spells it. */
export type AdmissionOperation = "CREATE" | "UPDATE" | "DELETE";

/** admission.Attributes: one write as admission sees it. */
export interface AdmissionAttributes {
  operation: AdmissionOperation;
  /** The resource and version the request addressed. */
  info: ResourceInfo;
  /** "status", "scale", or "" for the main resource. */
  subresource: string;
  name: string;
  namespace: string | undefined;
  /** The object to be written (CREATE, UPDATE); undefined for DELETE. */
  object: KubeObject | undefined;
  /** The stored object (UPDATE, DELETE). */
  oldObject: KubeObject | undefined;
  dryRun: boolean;
  /** Where a webhook's warnings go (the response's Warning headers). */
  warnings: string[];
}

/** The admission of one request. */
export interface Admission {
  /** Mutating admission: the object as the mutating webhooks left it, or undefined when none applies. */
  mutate(attrs: AdmissionAttributes): Promise<KubeObject> | undefined;
  /** Validating admission: rejects with an ApiError to refuse; undefined when none applies. */
  validate(attrs: AdmissionAttributes): Promise<void> | undefined;
}
