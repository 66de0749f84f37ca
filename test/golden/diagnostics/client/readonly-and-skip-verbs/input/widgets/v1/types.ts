import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// +genclient:readonly
// +genclient:skipVerbs=watch

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is what a Widget wants.
export interface WidgetSpec {
  size?: string;
}
