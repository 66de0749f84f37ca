import type {
  IntOrString,
  ListMeta,
  ObjectMeta,
  TypeMeta,
  int32,
  int64,
} from "@kube-codegen/runtime";

// Widget is something the shop sells.
// +genclient
// +kubebuilder:resource:path=widgets,shortName=wg,categories=all;shop,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=".spec.replicas",statuspath=".status.replicas",selectorpath=".status.selector"
// +kubebuilder:storageversion
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=".spec.replicas",description="Desired replicas"
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=".metadata.creationTimestamp",priority=1
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://example.com/pull/1",labels="team=shop"
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  // WidgetSpec is what the owner asks for.
  // +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas % 2 == 0",message="replicas must be even",reason=FieldValueInvalid,fieldPath=".replicas"
  // +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || !has(oldSelf.value().color) || self.color == oldSelf.value().color",messageExpression="\"color \" + self.color + \" is fixed\"",optionalOldSelf=true
  spec: WidgetSpec;
  // WidgetStatus is what the controller saw.
  status?: WidgetStatus;
}

// WidgetList is a list of Widget.
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

export interface WidgetSpec {
  // +kubebuilder:validation:Enum=red;green
  // +default="red"
  color?: string;
  // +kubebuilder:validation:MaxProperties=8
  // +mapType=atomic
  labels?: Record<string, WidgetSpecLabels>;
  // +kubebuilder:validation:MaxItems=10
  // +listType=map
  // +listMapKey=name
  parts: WidgetSpecParts[];
  port?: IntOrString;
  // +kubebuilder:validation:Maximum=100
  // +kubebuilder:validation:Minimum=0
  replicas?: int32 | null;
  // +kubebuilder:validation:UniqueItems=false
  // +listType=set
  tags?: WidgetSpecTags[];
  // +kubebuilder:pruning:PreserveUnknownFields
  // +kubebuilder:validation:EmbeddedResource
  template?: Record<string, unknown>;
  // +kubebuilder:pruning:PreserveUnknownFields
  values?: Record<string, unknown>;
}

// +kubebuilder:validation:MaxLength=63
export type WidgetSpecLabels = string;

// A part of the widget.
export interface WidgetSpecParts {
  // +kubebuilder:validation:MinLength=1
  // +kubebuilder:validation:Pattern="^[a-z]+$"
  name: string;
  // +kubebuilder:validation:Minimum=0
  // +kubebuilder:validation:ExclusiveMinimum=true
  // +kubebuilder:validation:MultipleOf=0.5
  weight?: number;
}

// +kubebuilder:validation:Format=hostname
export type WidgetSpecTags = string;

export interface WidgetStatus {
  observed?: int64;
  replicas?: int32;
  selector?: string;
}
