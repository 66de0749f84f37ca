import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// HelmRelease installs a chart.
export interface HelmRelease extends TypeMeta {
  metadata?: ObjectMeta;
  spec: HelmReleaseSpec;
}

// HelmReleaseSpec embeds the values.
export interface HelmReleaseSpec extends HelmValues {
  chart: string;
}

// +k8s:deepcopy-gen=flase

// HelmValues opts out of generated copies, misspelled: one error, at the marker.
export interface HelmValues {
  values?: Record<string, unknown>;
}

export function deepCopyHelmValues(src: HelmValues): HelmValues {
  return structuredClone(src);
}
