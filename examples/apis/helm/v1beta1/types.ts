import type { ObjectMeta, TypeMeta } from "kube-codegen/runtime";

// +genclient

// HelmRelease installs a chart into a namespace.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
}

// HelmReleaseSpec is the desired state of a HelmRelease.
export interface HelmReleaseSpec {
  chart: string;
  // Free-form chart values, copied as JSON data.
  // +optional
  // +kubebuilder:pruning:PreserveUnknownFields
  // +k8s:deepcopy-gen:unknown=json
  values?: Record<string, unknown>;
}
