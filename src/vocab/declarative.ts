import { FIELD, FIELD_TYPE, SchemaOrder, type KubeMarkerDefinition } from "./definition.js";
import { VALIDATION_FAMILY, validationEffect } from "./validation.js";

/**
 * Kubernetes' declarative-validation spellings (`+k8s:minimum=0`, `+k8s:maxLength=63` ...) that
 * have a kubebuilder equivalent: same payload and schema effect, so types copied from upstream
 * Kubernetes keep their checks.
 */
const spellings: readonly [k8s: string, suffix: string, type: "int" | "string", example: string][] = [
  ["minimum", "Minimum", "int", "0"],
  ["maximum", "Maximum", "int", "100"],
  ["minLength", "MinLength", "int", "1"],
  ["maxLength", "MaxLength", "int", "63"],
  ["minItems", "MinItems", "int", "1"],
  ["maxItems", "MaxItems", "int", "16"],
  ["format", "Format", "string", "k8s-short-name"],
];

/**
 * The spellings controller-gen v0.23 knows, for fields only (its FieldOnlyMarkers): on a type or
 * package it ignores them, and so do we, with a warning (KCG1115, see controller-gen-targets.ts).
 */
const fieldOnly = new Set(["minimum", "maximum", "maxItems"]);

/** `+k8s:minimum`, `+k8s:maximum`, `+k8s:minLength`, `+k8s:maxLength`, `+k8s:minItems`, `+k8s:maxItems`, `+k8s:format`, `+k8s:enum`. */
export const declarativeMarkers: readonly KubeMarkerDefinition[] = [
  ...spellings.map(([k8s, suffix, type, example]): KubeMarkerDefinition => ({
    name: `k8s:${k8s}`,
    targets: fieldOnly.has(k8s) ? FIELD : FIELD_TYPE,
    payload: { kind: "value", type },
    help: `Declarative-validation spelling of +kubebuilder:validation:${suffix}.`,
    example: `+k8s:${k8s}=${example}`,
    family: VALIDATION_FAMILY,
    applyToSchema: validationEffect(suffix),
    order: SchemaOrder.normal,
  })),
  {
    name: "k8s:enum",
    targets: ["type"],
    payload: { kind: "flag" },
    help: "Declarative-validation marker for enum types; a TypeScript union of string literals is an enum already.",
    example: "+k8s:enum",
    family: VALIDATION_FAMILY,
  },
];
