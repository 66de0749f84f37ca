import { TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the object and resource markers. */
export const RESOURCE_FAMILY = "Kinds and resources";

/** The values of `+kubebuilder:resource:scope`. */
export const resourceScopes = ["Namespaced", "Cluster"] as const;

/** `+kubebuilder:object:*`, `+kubebuilder:resource`, `+kubebuilder:subresource:*`. */
export const objectResourceMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "kubebuilder:object:root",
    targets: TYPE,
    payload: { kind: "value", type: "bool", optional: true },
    help: "The type is a kind (a root object with TypeMeta and ObjectMeta) even if its shape does not say so; lists are recognised too.",
    example: "+kubebuilder:object:root=true",
    family: RESOURCE_FAMILY,
  },
  {
    name: "kubebuilder:object:generate",
    targets: ["package", "type"],
    payload: { kind: "value", type: "bool", optional: true },
    help: "Whether deep copies are generated for the package or type (controller-gen's spelling of +k8s:deepcopy-gen).",
    example: "+kubebuilder:object:generate=true",
    family: RESOURCE_FAMILY,
  },
  {
    name: "kubebuilder:resource",
    targets: TYPE,
    payload: {
      kind: "args",
      args: [
        { name: "path", type: "string", optional: true, help: "the plural resource name (default: the kind pluralised, lower case)" },
        { name: "singular", type: "string", optional: true, help: "the singular name (default: the kind, lower case)" },
        { name: "shortName", type: { list: "string" }, optional: true, help: "short names for kubectl, a;b" },
        { name: "categories", type: { list: "string" }, optional: true, help: "categories such as all, a;b" },
        { name: "scope", type: { enum: resourceScopes }, optional: true, help: "Namespaced (default) or Cluster" },
      ],
    },
    help: "Names and scope of the kind's resource.",
    example: "+kubebuilder:resource:path=foos,singular=foo,shortName=fo;f,categories=all,scope=Namespaced",
    family: RESOURCE_FAMILY,
  },
  {
    name: "kubebuilder:subresource:status",
    targets: TYPE,
    payload: { kind: "flag" },
    help: "Serve the status subresource: status is written through /status and ignored on the main resource.",
    example: "+kubebuilder:subresource:status",
    family: RESOURCE_FAMILY,
  },
  {
    name: "kubebuilder:subresource:scale",
    targets: TYPE,
    payload: {
      kind: "args",
      args: [
        { name: "specpath", type: "string", help: "JSON path of the desired replicas, e.g. .spec.replicas" },
        { name: "statuspath", type: "string", help: "JSON path of the observed replicas, e.g. .status.replicas" },
        { name: "selectorpath", type: "string", optional: true, help: "JSON path of the label selector string, e.g. .status.selector" },
      ],
    },
    help: "Serve the scale subresource, for kubectl scale and autoscalers.",
    example: "+kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector",
    family: RESOURCE_FAMILY,
  },
];
