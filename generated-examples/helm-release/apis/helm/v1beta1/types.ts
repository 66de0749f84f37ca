import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
// A namespace import, as Go code refers to other versions (v1.Target): types resolve through it.
import type * as v1 from "../v1/types.js";

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
  /**
   * Targets are the clusters the release goes to, shared with v1.
   *
   * @deprecated use {@link v1.HelmReleaseSpec} targets once v1 is served everywhere.
   * +optional
   */
  targets?: readonly v1.Target[];
}
