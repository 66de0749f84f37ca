import type { Condition, int32, int64, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Container is what v1's single image became: a list of containers.
export interface Container {
  image: string;
  // +optional
  args?: string[];
}

// Port is the same in v1 and v2, so its conversion is generated both ways.
export interface Port {
  name: string;
  port: int32;
  // +optional
  protocol?: "TCP" | "UDP";
}

// Tier gained "bronze" in v2: v1's tiers convert into it, not back.
export type Tier = "gold" | "silver" | "bronze";

// VesselSpec is v1's spec with replicas renamed size and image grown into containers.
export interface VesselSpec {
  displayName: string;
  // +optional
  size?: int32;
  containers: Container[];
  // +optional
  ports?: Port[];
  // +optional
  labels?: Record<string, string>;
  // +optional
  tier?: Tier;
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
// +kubebuilder:storageversion

// Vessel v2, the hub and storage version.
export interface Vessel extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: VesselSpec;
  // +optional
  status?: VesselStatus;
}
