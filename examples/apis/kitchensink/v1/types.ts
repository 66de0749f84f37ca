import type {
  Condition,
  Duration,
  int32,
  int64,
  IntOrString,
  LabelSelector,
  ListMeta,
  MicroTime,
  ObjectMeta,
  Quantity,
  RawExtension,
  Time,
  TypeMeta,
} from "@kube-codegen/runtime";

// Phase is where a widget is in its life.
// +k8s:enum
export type Phase = "Pending" | "Running" | "Done";

// Port is a TCP or UDP port number.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
export type Port = int32;

// Name is a DNS label.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=63
// +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
// +kubebuilder:title="DNS label"
// +kubebuilder:externalDocs:url="https://kubernetes.io/docs/concepts/overview/working-with-objects/names/",description="Object names and IDs"
export type Name = string;

// ShortName is a short name, checked with the declarative-validation spellings.
// +k8s:minLength=1
// +k8s:maxLength=20
// +k8s:format=k8s-short-name
export type ShortName = string;

// Endpoint is one entry of a list keyed by name.
// +structType=atomic
export interface Endpoint {
  // name identifies the endpoint in the list.
  name: Name;
  // port of the endpoint.
  port: Port;
  // protocol spoken on the port.
  // +kubebuilder:validation:Enum=TCP;UDP
  // +kubebuilder:default=TCP
  protocol?: string;
}

// Route is one entry of a list keyed by host and path together.
export interface Route {
  // +kubebuilder:validation:MaxLength=253
  host: string;
  // +kubebuilder:validation:MaxLength=1024
  path: string;
}

// Backend says where traffic goes: a service or a URL, never both.
// +kubebuilder:validation:ExactlyOneOf=service;url
// +kubebuilder:validation:AtMostOneOf=weight;mirror
// +kubebuilder:validation:AtLeastOneOf=service;url;mirror
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=3
// +k8s:structType=granular
export interface Backend {
  // +kubebuilder:validation:MaxLength=63
  service?: string;
  // +kubebuilder:validation:Format=uri
  // +kubebuilder:validation:MaxLength=2048
  url?: string;
  weight?: int32;
  mirror?: boolean;
}

// Range is an inclusive range of whole numbers.
// +kubebuilder:validation:XValidation:rule="self.min <= self.max",message="min must not exceed max",reason=FieldValueInvalid,fieldPath=".min"
export interface Range {
  min: int32;
  max: int32;
}

// WidgetSpec is the desired state of a Widget.
// +kubebuilder:validation:XValidation:rule="!has(self.minReplicas) || !has(self.replicas) || self.minReplicas <= self.replicas",messageExpression="'replicas must be at least ' + string(self.minReplicas)"
export interface WidgetSpec {
  // color of the widget; clients may select widgets by it.
  // +kubebuilder:validation:Enum=red;green;blue
  // +kubebuilder:validation:Required
  color?: string;

  // replicas is the desired number of copies.
  // +kubebuilder:validation:Minimum=0
  // +kubebuilder:validation:Maximum=100
  // +kubebuilder:default=1
  // +kubebuilder:example=3
  replicas?: int32;

  // minReplicas is the fewest copies the widget scales down to.
  // +kubebuilder:validation:Minimum=0
  // +kubebuilder:validation:Maximum=100
  minReplicas?: int32;

  // ratio lies strictly between 0 and 1.
  // +kubebuilder:validation:Minimum=0
  // +kubebuilder:validation:ExclusiveMinimum=true
  // +kubebuilder:validation:Maximum=1
  // +kubebuilder:validation:ExclusiveMaximum=true
  ratio?: number;

  // step is a multiple of five, ten unless given.
  // +kubebuilder:validation:MultipleOf=5
  // +default=10
  step?: int64;

  // timeoutSeconds has two defaults; +kubebuilder:default wins over +default.
  // +default=30
  // +kubebuilder:default=60
  timeoutSeconds?: int32;

  // phase is a union of string literals: an enum.
  phase?: Phase;

  // name is a named string type with its own checks.
  name?: Name;

  // alias is a short name.
  alias?: ShortName;

  // level is a digit (declarative-validation bounds).
  // +k8s:minimum=0
  // +k8s:maximum=9
  level?: int32;

  // counts has one to four entries (declarative-validation bounds).
  // +k8s:minItems=1
  // +k8s:maxItems=4
  counts?: int32[];

  // email is checked as an e-mail address.
  // +kubebuilder:validation:Format=email
  // +kubebuilder:validation:MaxLength=254
  email?: string;

  // startDate overrides the schema type and format of the TypeScript type.
  // +kubebuilder:validation:Type=string
  // +kubebuilder:validation:Format=date
  startDate?: string;

  // tags is a set of short words.
  // +listType=set
  // +kubebuilder:validation:MaxItems=10
  // +kubebuilder:validation:items:MinLength=1
  // +kubebuilder:validation:items:MaxLength=32
  // +kubebuilder:validation:items:Pattern=`^[a-z]+$`
  tags?: string[];

  // ports lists port numbers; the list is replaced whole.
  // +k8s:listType=atomic
  // +kubebuilder:validation:MinItems=1
  // +kubebuilder:validation:MaxItems=8
  // +kubebuilder:validation:UniqueItems=false
  // +kubebuilder:validation:items:Minimum=1
  // +kubebuilder:validation:items:Maximum=65535
  // +kubebuilder:validation:items:MultipleOf=1
  ports?: int32[];

  // scores are percentages, both ends excluded.
  // +kubebuilder:validation:MaxItems=5
  // +kubebuilder:validation:items:Minimum=0
  // +kubebuilder:validation:items:ExclusiveMinimum=true
  // +kubebuilder:validation:items:Maximum=100
  // +kubebuilder:validation:items:ExclusiveMaximum=true
  scores?: number[];

  // levels are named levels, each one of a fixed set.
  // +kubebuilder:validation:MaxItems=3
  // +kubebuilder:validation:items:Enum=low;mid;high
  // +kubebuilder:validation:items:XValidation:rule="self != 'mid' || true",message="always true"
  levels?: string[];

  // dates are calendar days kept as strings.
  // +kubebuilder:validation:MaxItems=4
  // +kubebuilder:validation:items:Type=string
  // +kubebuilder:validation:items:Format=date
  dates?: string[];

  // matrix is a small grid.
  // +kubebuilder:validation:MaxItems=3
  // +kubebuilder:validation:items:MinItems=1
  // +kubebuilder:validation:items:MaxItems=3
  // +kubebuilder:validation:items:UniqueItems=false
  matrix?: int32[][];

  // labelSets are small label maps.
  // +kubebuilder:validation:MaxItems=2
  // +kubebuilder:validation:items:MinProperties=1
  // +kubebuilder:validation:items:MaxProperties=4
  labelSets?: Record<string, string>[];

  // surges are counts or percentages.
  // +kubebuilder:validation:MaxItems=2
  // +kubebuilder:validation:items:XIntOrString
  surges?: string[];

  // blobs keep whatever they are given.
  // +k8s:deepcopy-gen:unknown=json
  // +kubebuilder:validation:items:XPreserveUnknownFields
  blobs?: Record<string, unknown>[];

  // manifests are embedded Kubernetes objects.
  // +kubebuilder:validation:items:XEmbeddedResource
  manifests?: RawExtension[];

  // endpoints are keyed by name.
  // +listType=map
  // +listMapKey=name
  // +kubebuilder:validation:MaxItems=16
  endpoints?: Endpoint[];

  // routes are keyed by host and path together.
  // +k8s:listType=map
  // +k8s:listMapKey=host
  // +k8s:listMapKey=path
  // +kubebuilder:validation:MaxItems=16
  routes?: Route[];

  // settings merge key by key.
  // +mapType=granular
  // +kubebuilder:validation:MinProperties=0
  // +kubebuilder:validation:MaxProperties=32
  settings?: Record<string, string>;

  // selectorLabels are replaced whole.
  // +k8s:mapType=atomic
  selectorLabels?: Record<string, string>;

  // backend is a type with one-of rules.
  backend?: Backend;

  // window adds a field rule to the type's rule.
  // +kubebuilder:validation:XValidation:rule="self.max - self.min <= 1000",message="window too wide"
  // +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self.min >= oldSelf.value().min",message="min may only grow",optionalOldSelf=true
  window?: Range;

  // id cannot change once set.
  // +k8s:immutable
  // +kubebuilder:validation:MaxLength=64
  id?: string;

  // maxUnavailable is a count or a percentage.
  // +kubebuilder:validation:XIntOrString
  // +kubebuilder:validation:Pattern=`^[0-9]+%?$`
  maxUnavailable?: string;

  // maxSurge is apimachinery's IntOrString.
  maxSurge?: IntOrString;

  // memory is a resource quantity.
  memory?: Quantity;

  // interval is a duration such as 1m30s.
  interval?: Duration;

  // startedAt is a timestamp.
  startedAt?: Time;

  // renewedAt is a timestamp with microseconds.
  renewedAt?: MicroTime;

  // selector picks pods by label.
  selector?: LabelSelector;

  // config is free-form and never pruned.
  // +k8s:deepcopy-gen:unknown=json
  // +kubebuilder:pruning:PreserveUnknownFields
  config?: unknown;

  // extra is a free-form object (the deprecated spelling of PreserveUnknownFields).
  // +k8s:deepcopy-gen:unknown=json
  // +kubebuilder:validation:XPreserveUnknownFields
  extra?: Record<string, unknown>;

  // raw has no generated schema; its markers say all there is.
  // +k8s:deepcopy-gen:unknown=json
  // +kubebuilder:validation:Schemaless
  // +kubebuilder:validation:Type=object
  // +kubebuilder:pruning:PreserveUnknownFields
  raw?: unknown;

  // template is an embedded object with apiVersion, kind and metadata.
  // +kubebuilder:validation:EmbeddedResource
  template?: RawExtension;

  // sidecar is an embedded object too, by the x- spelling.
  // +kubebuilder:validation:XEmbeddedResource
  sidecar?: RawExtension;

  // note may be null (TypeScript's `| null`).
  note?: string | null;

  // hint may be null (+nullable).
  // +nullable
  hint?: string;

  // remark may be null (+kubebuilder:validation:Nullable).
  // +kubebuilder:validation:Nullable
  remark?: string;

  // owner is optional by +optional despite no `?`.
  // +optional
  owner: string;

  // team is required by +required despite the `?`.
  // +required
  team?: string;

  // site is optional by +k8s:optional.
  // +k8s:optional
  site: string;

  // region is required by +k8s:required.
  // +k8s:required
  region?: string;

  // zone is optional by +kubebuilder:validation:Optional.
  // +kubebuilder:validation:Optional
  zone: string;
}

// WidgetStatus is the observed state of a Widget.
export interface WidgetStatus {
  // replicas is the number of copies running.
  replicas?: int32;
  // selector is the label selector of the copies, as a string, for the scale subresource.
  selector?: string;
  // phase is where the widget is.
  phase?: Phase;
  // observedGeneration is the generation last acted on.
  observedGeneration?: int64;
  // conditions are the latest observations.
  // +listType=map
  // +listMapKey=type
  conditions?: Condition[];
}

// +genclient
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=widgets,singular=widget,shortName=wd;wdg,categories=all;kitchensink,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:printcolumn:name="Color",type=string,JSONPath=`.spec.color`,description="The widget's color"
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`,format=int32,priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:selectablefield:JSONPath=`.spec.color`
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="kitchensink.example.com/owner=api-team",labels="app.kubernetes.io/part-of=kitchensink"

// Widget is the kitchen-sink kind: every CRD marker appears on it or on the types it uses.
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
  status?: WidgetStatus;
}

// WidgetList is a list of Widgets.
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}
