import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:resource:path=things
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  size?: string;
}

// +kubebuilder:resource:path=things
// Gadget is another kind.
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
