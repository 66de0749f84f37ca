import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind. See kubebuilder.io for the markers; +1 for that.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  // +kubebuilder.validation:MaxItems=16
  ports?: number[];
  // +kubebuilder:validation.MaxItems=16
  hosts?: string[];
}
