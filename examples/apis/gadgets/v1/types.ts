import type { Condition, LabelSelector, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
import type { Condition as CommonCondition, Endpoint as CommonEndpoint, Settings, Tier } from "../../common/v1/types.js";

// GadgetCondition is a Condition with hints.
export interface GadgetCondition extends Condition {
  // +optional
  hints?: string[];
}

// Selector is a LabelSelector restricted to namespaces.
export interface Selector extends LabelSelector {
  // +optional
  namespaces?: string[];
}

// Upstream is common/v1's Endpoint under a local name.
export type Upstream = CommonEndpoint;

// Endpoint has the same name as common/v1's Endpoint and embeds it through an alias.
export interface Endpoint extends Upstream {
  // +optional
  tier?: Tier;
}

// GadgetSpec inlines common/v1's Settings (copied as JSON by common/v1's setting).
export interface GadgetSpec extends Settings {
  // +optional
  endpoints?: Endpoint[];
  // +optional
  upstream?: CommonEndpoint;
  // +optional
  // +nullable
  selector?: Selector;
  // +optional
  tiers?: Tier[];
  // +optional
  notes?: CommonCondition[];
  // +optional
  constructor?: string[];
}

// GadgetStatus reports conditions.
export interface GadgetStatus {
  // +optional
  conditions?: GadgetCondition[];
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gadget is a kind whose list the input does not declare.
export interface Gadget extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;
  spec: GadgetSpec;
  // +optional
  status?: GadgetStatus;
}
