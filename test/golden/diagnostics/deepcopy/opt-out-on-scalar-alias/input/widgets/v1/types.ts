import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// Widget is a test kind.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

// WidgetSpec is the spec of a Widget.
export interface WidgetSpec {
  mode?: Mode;
  phase?: Phase;
  // The error that makes this a corpus case; the warnings above it are the point.
  extra?: unknown;
}

// Mode is copied by value, so opting it out changes nothing.
// +k8s:deepcopy-gen=false
export type Mode = string;

// Phase is a literal union, copied by value too.
// +kubebuilder:object:generate=false
export type Phase = "Pending" | "Running";
