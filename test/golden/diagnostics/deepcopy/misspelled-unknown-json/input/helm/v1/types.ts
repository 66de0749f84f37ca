import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// HelmRelease installs a chart.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
}

// HelmReleaseSpec opts its values into JSON copies, misspelled: one error, at the marker.
export interface HelmReleaseSpec {
  chart: string;
  // +kubebuilder:pruning:PreserveUnknownFields
  // +k8s:deepcopy-gen:unknown=jsn
  values?: Record<string, unknown>;
}
