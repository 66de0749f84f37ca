import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: : string;
}
