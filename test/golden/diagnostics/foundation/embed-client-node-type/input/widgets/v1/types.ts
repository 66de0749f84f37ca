import type * as k8s from "@kubernetes/client-node";
import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// +genclient

// Widget runs pods from a template, as a Deployment does.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  template: k8s.V1PodTemplateSpec;
}
