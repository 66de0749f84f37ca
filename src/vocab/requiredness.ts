import { FIELD, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the required/optional markers. */
export const REQUIREDNESS_FAMILY = "Required and optional fields";

function marker(name: string, targets: KubeMarkerDefinition["targets"], help: string): KubeMarkerDefinition {
  return { name, targets, payload: { kind: "flag" }, help, example: `+${name}`, family: REQUIREDNESS_FAMILY };
}

/**
 * Requiredness markers. They change the parent object's `required` list, not the field's own
 * schema, so they carry no applyToSchema: the schema generator reads them (first explicit marker,
 * then the package default, then TypeScript's `?`).
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
    "On a field: required. In doc.ts: fields of the package are required unless marked optional.",
  ),
  marker("optional", FIELD, "The field is not required (overrides TypeScript's missing `?`)."),
  marker("required", FIELD, "The field is required (overrides TypeScript's `?`)."),
  marker("k8s:optional", FIELD, "The field is not required (declarative-validation spelling of +optional)."),
  marker("k8s:required", FIELD, "The field is required (declarative-validation spelling of +required)."),
];
