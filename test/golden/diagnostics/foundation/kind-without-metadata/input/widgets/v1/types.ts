import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget has no metadata.
export interface Widget extends TypeMeta {
  spec?: string;
}
