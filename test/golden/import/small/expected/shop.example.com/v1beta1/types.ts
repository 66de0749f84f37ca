import type { ListMeta, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is something the shop sells.
// +genclient
// +kubebuilder:resource:path=widgets,shortName=wg,categories=all;shop,scope=Namespaced
// +kubebuilder:unservedversion
// +kubebuilder:deprecatedversion:warning="shop.example.com/v1beta1 Widget is deprecated; use v1"
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://example.com/pull/1",labels="team=shop"
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetList is a list of Widget.
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

export interface WidgetSpec {
  // +kubebuilder:validation:Type=integer
  size?: number;
}
