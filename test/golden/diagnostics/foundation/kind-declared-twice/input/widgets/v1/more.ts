import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget again.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
