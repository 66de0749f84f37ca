import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
import type { Spec } from "../v1/spec.js";
import * as v1 from "../v1/spec.js";

// +kubebuilder:storageversion

// Widget reuses the v1 spec, whose file does not parse.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: Spec;
  other?: v1.Other;
}
