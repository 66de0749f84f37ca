import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:scope=Namespaced,shortName=wd

// Widget says two scopes.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
