import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// VesselSpec v2 has replicas renamed size.
export interface VesselSpec {
  displayName: string;
  // +optional
  size?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// Vessel is a ship the shipyard builds.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
}
