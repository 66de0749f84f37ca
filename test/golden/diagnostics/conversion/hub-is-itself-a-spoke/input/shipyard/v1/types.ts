import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// VesselSpec is the same in v1, v2 and v3.
export interface VesselSpec {
  displayName: string;
  // +optional
  replicas?: int32;
}

// +kubebuilder:object:root=true
// Vessel is a ship the shipyard builds.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
}
