import type { int32, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget. Comparing two computed booleans is unbounded for a 1.24
// server's cost estimate: a warning naming 1.24 (the Gadget's error makes the case exit 2).
export interface WidgetSpec {
  // +kubebuilder:validation:MaxItems=32
  // +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.name == b.name ? (has(a.port) == has(b.port)) : true))"
  refs?: Ref[];
}

export interface Ref {
  // +kubebuilder:validation:MaxLength=253
  name: string;
  port?: int32;
}

// Gadget is a test kind with a pattern every server rejects.
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: GadgetSpec;
}

// GadgetSpec is the spec of a Gadget.
export interface GadgetSpec {
  // +kubebuilder:validation:Pattern=`^(a`
  code?: string;
}
