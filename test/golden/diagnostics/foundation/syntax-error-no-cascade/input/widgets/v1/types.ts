import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
import type { Spec } from "./spec.js";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: Spec;
  other?: Other;
}
