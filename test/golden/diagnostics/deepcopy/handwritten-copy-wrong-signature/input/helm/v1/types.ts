import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// HelmRelease installs a chart.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
}

// HelmReleaseSpec inlines the values, as the seed's Go type does.
export interface HelmReleaseSpec extends HelmValues {
  chart: string;
}

// +k8s:deepcopy-gen=false

// HelmValues holds free-form chart values.
export interface HelmValues {
  values?: Record<string, unknown>;
}
