import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:object:root=true
// +kubebuilder:skipversion

// Widget is the kitchen-sink kind in a version the CRD leaves out.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the desired state of a Widget.
export interface WidgetSpec {
  color?: string;
}
