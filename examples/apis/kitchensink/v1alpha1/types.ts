import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// WidgetSpec is the desired state of a Widget.
export interface WidgetSpec {
  // color of the widget.
  // +kubebuilder:validation:Required
  color: string;
}

// +kubebuilder:object:root=true
// +kubebuilder:unservedversion
// +kubebuilder:deprecatedversion

// Widget is the kitchen-sink kind, no longer served in this version.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
}
