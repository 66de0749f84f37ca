import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:printcolumn:="Size",type=string,JSONPath=`.spec.size`
// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// +union
export interface WidgetSpec {
  // +kubebuilder:validation:Minimum:=400
  size?: int32;
  // +unionDiscriminator
  mode?: string;
  // +patchStrategy=merge
  // +patchMergeKey=name
  items?: WidgetItem[];
}

export interface WidgetItem {
  name?: string;
}
