import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:printcolumn:name="Size",type=string,JSONPath=`.spec.size`,typo=1
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  size?: string;
}
