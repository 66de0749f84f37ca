import type { TypeMeta, TypeMetaa } from "@kube-codegen/runtime";

// +genclient
// +kubebuilder:subresource:status

// Widget forgets to import ObjectMeta and int32: one error each, no "kind has no metadata".
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetList forgets ListMeta.
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

// +genclient
// Gadget misspells TypeMeta.
export interface Gadget extends TypeMetaa {
  metadata?: ObjectMeta;
}

export interface WidgetSpec {
  // +kubebuilder:validation:Minimum=1
  count?: int32;
}
