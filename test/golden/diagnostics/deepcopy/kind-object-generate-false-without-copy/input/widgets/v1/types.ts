import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

/**
 * Widget is copied by hand, as controller-gen users opt a type out.
 *
 * +kubebuilder:object:root=true
 * +kubebuilder:object:generate=false
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  size?: string;
}
