import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Gadget is another kind.
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
}
