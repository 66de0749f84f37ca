import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +kubebuilder:resource:shortName="w\";process.exit(1);//",categories={"a`${b}`","*/"}

// Widget tries to smuggle code through marker values.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
}
