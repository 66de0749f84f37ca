import type { Condition, int32, int64, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Port is the same in v1 and v2, so its conversion is generated both ways.
export interface Port {
  name: string;
  port: int32;
  // +optional
  protocol?: "TCP" | "UDP";
}

// VesselSpec: displayName, ports, labels, tier and paused match v2's; replicas and image do not.
export interface VesselSpec {
  displayName: string;
  // +optional
  replicas?: int32;
  // +optional
  image?: string;
  // +optional
  ports?: Port[];
  // +optional
  labels?: Record<string, string>;
  // +optional
  tier?: "gold" | "silver";
  paused: boolean | null;
}

// VesselStatus is the same in v1 and v2.
export interface VesselStatus {
  // +optional
  observedGeneration?: int64;
  // +optional
  conditions?: Condition[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Vessel v1, a spoke converted through the hub v2.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
  // +optional
  status?: VesselStatus;
}
