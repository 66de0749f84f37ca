import type { Condition, int32, IntOrString, ObjectMeta, Quantity, Time, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=hr,categories=helm

// HelmRelease installs a chart into a namespace.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
  status?: HelmReleaseStatus;
}

// HelmReleaseSpec is the desired state of a HelmRelease. Values are inlined, as the seed's Go type does.
export interface HelmReleaseSpec extends HelmValues {
  chart: ChartRef;
  // +optional
  valuesFrom?: ValuesReference[];
  // Resources per container name.
  // +optional
  resources?: Record<string, ResourceRequirements>;
  // +optional
  targets?: Target[];
  // +optional
  suspend?: boolean;
  // +optional
  maxHistory?: int32 | null;
}

// +k8s:deepcopy-gen=false

// HelmValues holds the chart values: free-form data the generator cannot see into, copied by the
// hand-written deepCopyHelmValues.
export interface HelmValues {
  // +optional
  // +kubebuilder:pruning:PreserveUnknownFields
  values?: Record<string, unknown>;
}

// ChartRef names a chart in a repository.
export interface ChartRef {
  name: string;
  version?: string;
  repository: string;
}

// ValuesReference points to a ConfigMap or Secret key holding values.
export interface ValuesReference {
  kind: "ConfigMap" | "Secret";
  name: string;
  // +optional
  valuesKey?: string;
  // +optional
  optional?: boolean;
}

// ResourceRequirements are compute resources.
export interface ResourceRequirements {
  // +optional
  limits?: Record<string, Quantity>;
  // +optional
  requests?: Record<string, Quantity>;
}

// Target is a cluster and the ports the release exposes there.
export interface Target {
  cluster: string;
  // +optional
  ports?: IntOrString[];
  // +optional
  labels?: Record<string, string>;
}

// HelmReleaseStatus is the observed state of a HelmRelease.
export interface HelmReleaseStatus {
  // +optional
  observedGeneration?: int32;
  // +optional
  conditions?: Condition[];
  // +optional
  history?: Revision[];
  // +optional
  lastAppliedAt?: Time | null;
}

// Revision is one entry of the release history.
export interface Revision {
  version: int32;
  chartVersion: string;
  digest: string;
  appliedAt: Time;
  status: string;
}
