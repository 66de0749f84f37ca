import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
export interface WidgetSpec {
  size?: int32;
}
