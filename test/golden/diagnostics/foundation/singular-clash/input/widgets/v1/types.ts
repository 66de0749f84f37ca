import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:resource:path=widgets,singular=thing
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
export interface WidgetSpec {
  size?: int32;
}

// +kubebuilder:resource:path=gadgets,singular=thing
// Gadget is another kind.
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
