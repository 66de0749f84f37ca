// The apimachinery types (k8s.io/apimachinery/pkg/apis/meta/v1 and friends) that API packages
// reference. Shapes follow the kube-apiserver OpenAPI document; the generator recognises these
// names by identity (imported from "@kube-codegen/runtime" or its "/core" entry point), not by
// structure.

/** A 32-bit integer; the CRD schema says `type: integer, format: int32`. */
export type int32 = number;
/** A 64-bit integer; the CRD schema says `type: integer, format: int64`. JSON numbers lose precision past 2^53. */
export type int64 = number;

/** RFC 3339 date-time string, second precision (metav1.Time). */
export type Time = string;
/** RFC 3339 date-time string, microsecond precision (metav1.MicroTime). */
export type MicroTime = string;
/** A Go duration string such as "1h30m" (metav1.Duration). */
export type Duration = string;
/** A resource quantity such as "500m" or "1Gi"; the server also accepts numbers. */
export type Quantity = string | number;
/** A value that is either an integer or a string (intstr.IntOrString), e.g. a port number or name. */
export type IntOrString = number | string;
/** Arbitrary embedded JSON (runtime.RawExtension); copied and validated as opaque data. */
export type RawExtension = { [key: string]: unknown };

/** apiVersion and kind, present on every serialized object. */
export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
}

/** Metadata every persisted object has. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  selfLink?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: int64;
  creationTimestamp?: Time;
  deletionTimestamp?: Time;
  deletionGracePeriodSeconds?: int64;
  labels?: { [key: string]: string };
  annotations?: { [key: string]: string };
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
}

/** Metadata of a list: its resourceVersion and the pagination token. */
export interface ListMeta {
  selfLink?: string;
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: int64;
}

/** Points from a dependent to its owner, for garbage collection. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** Which fields a manager owns, in the fieldsV1 encoding. */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  time?: Time;
  fieldsType?: string;
  // Opaque JSON, typed as kubernetes-types types it (an empty interface), so its kinds are KubeObjects.
  fieldsV1?: object;
  subresource?: string;
}

/** One requirement of a label selector: key, operator (In, NotIn, Exists, DoesNotExist) and values. */
export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** A label query over a set of resources; the requirements are ANDed. */
export interface LabelSelector {
  matchLabels?: { [key: string]: string };
  matchExpressions?: LabelSelectorRequirement[];
}

/** The standard status condition (metav1.Condition). */
export interface Condition {
  type: string;
  status: "True" | "False" | "Unknown";
  observedGeneration?: int64;
  lastTransitionTime: Time;
  reason: string;
  message: string;
}
