import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// VesselSpec is a vessel moored in the harbor.
export interface VesselSpec {
  displayName: string;
  // +optional
  replicas?: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// Vessel is a ship the shipyard builds.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
}
