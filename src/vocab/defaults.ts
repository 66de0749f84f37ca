import { FIELD, FIELD_TYPE, SchemaOrder, type ApplyToSchema, type KubeMarkerDefinition } from "./definition.js";
import { copyJson, kindOfValue, show, typeOf, valueFitsType } from "./schema-helpers.js";

/** Family heading of defaults, examples and documentation markers. */
export const DEFAULTS_FAMILY = "Defaults, examples and documentation";

/** Sets `key` to the value after a best-effort type check (full checks need the API server's defaulting). */
function setValue(key: "default" | "example", marker: string): ApplyToSchema {
  return (schema, value) => {
    let v = value;
    // `{}` parses as an empty map; on a list it means an empty list, as controller-gen reads it.
    if (schema.type === "array" && v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0) v = [];
    if (!valueFitsType(v, schema)) return `${marker} value ${show(v)} is ${kindOfValue(v)} but the field is ${typeOf(schema)}`;
    schema[key] = copyJson(v);
    return undefined;
  };
}

/** `+default`, `+kubebuilder:default`, `+kubebuilder:example`, `+kubebuilder:title`, `+kubebuilder:externalDocs`. */
export const defaultsMarkers: readonly KubeMarkerDefinition[] = [
  {
    name: "default",
    targets: FIELD,
    payload: { kind: "value", type: "json" },
    help: 'Default value as JSON: strings in double quotes (+default="Always"), numbers, true/false, [..], {..}. +kubebuilder:default wins when both are given.',
    example: '+default="IfNotPresent"',
    family: DEFAULTS_FAMILY,
    applyToSchema: setValue("default", "default"),
    order: SchemaOrder.k8sDefault,
  },
  {
    name: "kubebuilder:default",
    targets: FIELD,
    payload: { kind: "value", type: "any" },
    help: 'Default value in marker syntax: true, 1.5, Cluster or "quoted", lists {1,2} or a;b, objects {policy: delete}, JSON arrays [..]. Also written +kubebuilder:default:=value.',
    example: "+kubebuilder:default={policy: Delete, maxSurge: 1}",
    colonEquals: true,
    family: DEFAULTS_FAMILY,
    applyToSchema: setValue("default", "kubebuilder:default"),
    order: SchemaOrder.kubebuilderDefault,
  },
  {
    name: "kubebuilder:example",
    targets: FIELD,
    payload: { kind: "value", type: "any" },
    help: "Example value shown in the schema, in the same syntax as +kubebuilder:default.",
    example: "+kubebuilder:example=3",
    family: DEFAULTS_FAMILY,
    applyToSchema: setValue("example", "kubebuilder:example"),
    order: SchemaOrder.kubebuilderDefault,
  },
  {
    name: "kubebuilder:title",
    targets: FIELD_TYPE,
    payload: { kind: "value", type: "string" },
    help: "Title of the schema node.",
    example: '+kubebuilder:title="Replica count"',
    family: DEFAULTS_FAMILY,
    applyToSchema: (schema, value) => {
      schema["title"] = value;
      return undefined;
    },
    order: SchemaOrder.normal,
  },
  {
    name: "kubebuilder:externalDocs",
    targets: FIELD_TYPE,
    payload: {
      kind: "args",
      args: [
        { name: "url", type: "string", help: "absolute URL of the documentation" },
        { name: "description", type: "string", optional: true, help: "short description of the link" },
      ],
    },
    help: "A link to external documentation for the field or type (externalDocs).",
    example: '+kubebuilder:externalDocs:url="https://example.com/docs",description="Guide"',
    family: DEFAULTS_FAMILY,
    check: (value) => {
      const url = (value as { url: string }).url;
      return URL.canParse(url) ? undefined : `url ${JSON.stringify(url)} is not an absolute URL`;
    },
    applyToSchema: (schema, value) => {
      const v = value as { url: string; description?: string };
      schema["externalDocs"] = { url: v.url, ...(v.description !== undefined ? { description: v.description } : {}) };
      return undefined;
    },
    order: SchemaOrder.normal,
  },
];
