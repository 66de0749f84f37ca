// The shapes the policy library reads and answers. Policies, bindings and params are plain JSON as
// stored (admissionregistration.k8s.io/v1), read defensively: a file given to the CLI may be anything.

export type Obj = Record<string, unknown>;

export type Operation = "CREATE" | "UPDATE" | "DELETE" | "CONNECT";

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** Another served version of the requested resource, for matchPolicy Equivalent. */
export interface EquivalentResource {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  /** The object at this version (conversion None relabels apiVersion). */
  convert: (o: Obj) => Obj;
}

export interface UserInfo {
  username: string;
  uid?: string;
  groups: readonly string[];
  extra?: Record<string, readonly string[]>;
}

/** admission.Attributes: one request as the policies see it. */
export interface RequestAttributes {
  /** The request's uid; policies do not see it (the server's `request` has no uid). */
  uid?: string;
  operation: Operation;
  /** The resource and kind the request addressed. */
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  subresource: string;
  /** Whether the resource is namespaced (a rule's scope). */
  namespaced: boolean;
  name: string;
  /** "" for a cluster-scoped resource. */
  namespace: string;
  object: Obj | null;
  oldObject: Obj | null;
  userInfo: UserInfo;
  dryRun: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions, as AdmissionReview carries them. */
  options?: Obj | undefined;
}

/** A SubjectAccessReview-like question the CEL authorizer library asks. */
export interface AuthorizationCheck {
  user: string;
  groups: readonly string[];
  verb: string;
  group: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  /** A non-resource request's path, when the check is for one. */
  path?: string;
  /** The check's fieldSelector() and labelSelector(), as written, when it has them. */
  fieldSelector?: string;
  labelSelector?: string;
}

export interface AuthorizationDecision {
  allowed: boolean;
  reason: string;
  error?: string;
}

export type Authorizer = (check: AuthorizationCheck) => AuthorizationDecision;

/** The objects of a paramKind and whether it is namespaced. */
export interface ParamObjects {
  namespaced: boolean;
  objects: readonly Obj[];
}

/** What admit() needs besides the policies and bindings. */
export interface AdmitOptions {
  attributes: RequestAttributes;
  /** The request's namespace (namespaceObject; its labels for namespaceSelector); null when cluster-scoped or unknown. */
  namespaceObject?: Obj | null;
  /** The other served versions of the requested resource (matchPolicy Equivalent). */
  equivalents?: readonly EquivalentResource[];
  /**
   * Objects that may be params, filtered here by paramKind, namespace, name and selector; a paramKind
   * is taken as namespaced when one of its objects has a namespace. `paramLookup` instead answers for
   * a paramKind (undefined when no such resource is served).
   */
  params?: readonly Obj[];
  paramLookup?: (apiVersion: string, kind: string) => ParamObjects | undefined;
  /** The CEL authorizer's answers; by default everything is allowed (a test server without RBAC). */
  authorizer?: Authorizer;
}

export type ValidationAction = "Deny" | "Warn" | "Audit";

/** The outcome of one validation (or match condition, or param lookup) under one binding and param. */
export interface Verdict {
  policy: string;
  binding: string;
  /** The param's namespace/name, when the policy has params. */
  param?: string;
  /** "deny" when it failed or errored under failurePolicy Fail; "admit" otherwise. */
  action: "deny" | "admit";
  /** "error" for an evaluation or configuration error. */
  evaluation: "true" | "false" | "error";
  message: string;
  reason: string;
  /**
   * The decision's index among its evaluation's decisions (validation_failure's expressionIndex): the
   * validation's, 0 for a match condition's error (the only decision), -1 for a configuration or
   * auditAnnotation error (never audited).
   */
  expressionIndex: number;
  validationActions: readonly ValidationAction[];
  /**
   * A configuration error (params, paramKind) or an auditAnnotation's error under failurePolicy Fail:
   * it denies whatever the binding's validationActions, and is neither warned nor audited.
   */
  unconditional?: boolean;
}

/** A Status as the server answers a denial. */
export interface DenialStatus {
  code: number;
  reason: string;
  message: string;
  details: { name: string; group?: string; kind: string; causes: { message: string }[] };
}

export interface AdmitResult {
  allowed: boolean;
  /** The denial, when not allowed. */
  status?: DenialStatus;
  /** The Warning header texts (without the `299 - "…"` wrapping). */
  warnings: string[];
  /** Audit annotations: `<policy>/<key>` from auditAnnotations, and validation_failure for Audit. */
  auditAnnotations: Record<string, string>;
  verdicts: Verdict[];
}
