import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +groupName=other.example.com
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  size?: string;
}
