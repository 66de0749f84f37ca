import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Pod is a test kind in the core group.
export interface Pod extends TypeMeta {
  metadata?: ObjectMeta;
}
