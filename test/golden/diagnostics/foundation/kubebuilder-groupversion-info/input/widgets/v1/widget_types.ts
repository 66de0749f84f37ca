import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:object:root=true

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
