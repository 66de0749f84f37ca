import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuılder:skıpversıon
// Widget is a test kind. Its description may be in any script: виджет, 小部件.
// +this line is prose that starts with a plus
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  // +optıonаl
  size?: number;
  // ＋optional
  color?: string;
  // +kubebuilder:validation:Max​Length=10
  name?: string;
  // +kubebuilder:validation:Мinimum=1
  replicas?: number;
}
