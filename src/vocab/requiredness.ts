import { FIELD, SchemaOrder, type JSONSchemaProps, type KubeMarkerDefinition, type SchemaContext } from "./definition.js";

/** Family heading of the required/optional markers. */
export const REQUIREDNESS_FAMILY = "Required and optional fields";

function marker(name: string, targets: KubeMarkerDefinition["targets"], help: string): KubeMarkerDefinition {
  return { name, targets, payload: { kind: "flag" }, help, example: `+${name}`, family: REQUIREDNESS_FAMILY };
}

/**
 * Requiredness markers. They change the parent object's `required` list, which the model decides
 * (src/model/requiredness.ts: first explicit marker group, then the package default, then
 * TypeScript's `?`); only `+k8s:required` also changes the field's own schema.
 */
export const requirednessMarkers: readonly KubeMarkerDefinition[] = [
  marker(
    "kubebuilder:validation:Optional",
    ["package", "field"],
    "On a field: not required. In doc.ts: fields of the package are optional unless marked required.",
  ),
  marker(
    "kubebuilder:validation:Required",
    ["package", "field"],
    "On a field: required. In doc.ts: accepted, and changes nothing: fields without `?` are already required, as in controller-gen.",
  ),
  marker("optional", FIELD, "The field is not required (overrides TypeScript's missing `?`)."),
  marker("required", FIELD, "The field is required (overrides TypeScript's `?`)."),
  marker("k8s:optional", FIELD, "The field is not required (declarative-validation spelling of +optional)."),
  {
    ...marker(
      "k8s:required",
      FIELD,
      "The field is required (declarative-validation spelling of +required), and must not be empty: a string gets minLength 1, a list minItems 1, a map, struct or apimachinery type minProperties 1, unless the field sets that bound itself. The bound is added even where +optional or +kubebuilder:validation:Optional wins.",
    ),
    applyToSchema: applyK8sRequired,
    order: SchemaOrder.normal,
  },
];

/**
 * controller-gen v0.23's K8sRequired: a minimum that rules out the empty value, chosen by the Go
 * node the marker meets (a bare `$ref` counts as an object, so a Time or Quantity field gets
 * minProperties), kept out where a field marker already set that bound.
 */
function applyK8sRequired(schema: JSONSchemaProps, _value: unknown, ctx: SchemaContext): undefined {
  switch (ctx.goNode) {
    case "string":
      schema.minLength ??= 1;
      break;
    case "array":
      schema.minItems ??= 1;
      break;
    case "object":
    case "ref":
      schema.minProperties ??= 1;
      break;
    default:
      break;
  }
  return undefined;
}
