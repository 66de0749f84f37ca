import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// controller-gen reads these on fields only and ignores them here.
// +k8s:immutable
// +k8s:minimum=1
export type Size = int32;

export interface WidgetSpec {
  size?: Size;
  // controller-gen refuses this one on a field.
  // +k8s:enum
  mode?: string;
}
