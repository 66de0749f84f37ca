import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// WidgetSpec is the desired state of a Widget.
export interface WidgetSpec {
  // color of the widget.
  // +kubebuilder:validation:Enum=red;green;blue
  color: string;
  // replicas is the desired number of copies.
  // +kubebuilder:validation:Minimum=0
  replicas: int32;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:deprecatedversion:warning="kitchensink.example.com/v1beta1 Widget is deprecated; use v1"

// Widget is the kitchen-sink kind, deprecated in this version.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
  status?: WidgetStatus;
}

// WidgetStatus is the observed state of a Widget.
export interface WidgetStatus {
  replicas: int32;
}
