import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",messageExpression="'min must not exceed ' + string(self.maximum)"
// +kubebuilder:validation:XValidation:rule="self.min >= 0",messageExpression="self.min"
// +kubebuilder:validation:XValidation:rule="self.max < 100",messageExpression="'max is ' + string(self.max)"
export interface WidgetSpec {
  min: int32;
  max: int32;
}
