import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget. 1.34 and later warn of a format they do not recognize, 1.37
// of a set of objects: warnings naming those versions (the Gadget's error makes the case exit 2).
export interface WidgetSpec {
  // +kubebuilder:validation:Format=money
  price?: string;
  // +listType=set
  tags?: Tag[];
}

// +mapType=atomic
export interface Tag {
  name?: string;
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
