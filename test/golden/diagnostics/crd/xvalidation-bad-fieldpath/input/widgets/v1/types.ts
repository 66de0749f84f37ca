import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// Limits are a pair of bounds.
export interface Limits {
  min?: int32;
  max?: int32;
}

// WidgetSpec is the spec of a Widget.
// +kubebuilder:validation:XValidation:rule="!has(self.limits) || self.limits.min <= self.limits.max",fieldPath=".limits.minimum"
// +kubebuilder:validation:XValidation:rule="self.size >= 0",fieldPath=".size"
export interface WidgetSpec {
  size?: int32;
  limits?: Limits;
}
