import type { int32 } from "@kube-codegen/runtime";

// Tier is a scalar alias: copies of fields using it need no function.
export type Tier = "gold" | "silver" | "bronze";

// Endpoint is where a service listens. gadgets/v1 declares a type of the same name.
export interface Endpoint {
  // +optional
  hosts?: string[];
  // +optional
  ports?: Record<string, int32>;
}

// Condition is this package's own condition type, named like the apimachinery one.
export interface Condition {
  // +optional
  notes?: string[];
}

// Settings holds free-form settings, copied as JSON by this package's setting.
export interface Settings {
  // +optional
  // +kubebuilder:pruning:PreserveUnknownFields
  // +kubebuilder:validation:Schemaless
  // +kubebuilder:validation:Type=object
  extra?: Record<string, unknown>;
}
