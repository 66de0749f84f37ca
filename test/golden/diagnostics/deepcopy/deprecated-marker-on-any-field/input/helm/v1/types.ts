import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// HelmRelease installs a chart.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
}

// HelmReleaseSpec holds the chart and its free-form values.
export interface HelmReleaseSpec {
  chart: string;
  // +kubebuilder:validation:XPreserveUnknownFields
  values?: unknown;
}
