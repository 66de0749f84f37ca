import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// VesselSpec v1 has replicas as a string, v2 as an int32.
export interface VesselSpec {
  displayName: string;
  // +optional
  replicas?: string;
}

// +kubebuilder:object:root=true
// Vessel is a ship the shipyard builds.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
}
