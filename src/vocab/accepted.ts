import { ANYWHERE, TYPE, type KubeMarkerDefinition } from "./definition.js";

/** Family heading of the markers accepted only for compatibility. */
export const ACCEPTED_FAMILY = "Accepted for compatibility (no effect)";

function accepted(name: string, help: string): KubeMarkerDefinition {
  return { name, targets: ANYWHERE, payload: { kind: "raw" }, help, example: `+${name}=true`, family: ACCEPTED_FAMILY, repeatable: true };
}

/** Family heading of the markers accepted with a warning that they change nothing. */
export const NO_EFFECT_FAMILY = "Accepted with a warning (controller-gen ignores them)";

function ignored(name: string, example: string, effect: string): KubeMarkerDefinition {
  return {
    name,
    targets: ANYWHERE,
    payload: { kind: "raw" },
    help: `Accepted and ignored with a warning, as controller-gen ignores it: ${effect}.`,
    example,
    family: NO_EFFECT_FAMILY,
    repeatable: true,
    noEffect: effect,
  };
}

const oneOfInstead =
  "unions are not checked by the API server for custom resources; say what may be set with +kubebuilder:validation:ExactlyOneOf (or AtMostOneOf) on the type";
const mergeInstead = "custom resources take no strategic merge patch; for merging list items by key write +listType=map with +listMapKey";

/**
 * Markers of Kubernetes' own API types that controller-gen ignores but that read as if they
 * changed the schema or the merge behaviour; each warns, saying what does that instead.
 */
export const noEffectMarkers: readonly KubeMarkerDefinition[] = [
  ignored("union", "+union", oneOfInstead),
  ignored("unionDiscriminator", "+unionDiscriminator", oneOfInstead),
  ignored("unionMember", "+unionMember", oneOfInstead),
  ignored("patchStrategy", "+patchStrategy=merge", mergeInstead),
  ignored("patchMergeKey", "+patchMergeKey=name", mergeInstead),
];

/**
 * Markers of Go generators that have no counterpart here. They live in known namespaces, so they
 * are declared to be accepted silently when copied from Go API packages rather than flagged as unknown.
 */
export const acceptedMarkers: readonly KubeMarkerDefinition[] = [
  accepted("k8s:openapi-gen", "openapi-gen's switch; the CRD schema is generated from the types anyway."),
  accepted(
    "k8s:conversion-gen-external-types",
    "conversion-gen's input; here the types converted are always those of the package with +k8s:conversion-gen.",
  ),
  accepted("k8s:defaulter-gen", "defaulter-gen's switch; use +default or +kubebuilder:default."),
  accepted("k8s:defaulter-gen-input", "defaulter-gen's input; use +default or +kubebuilder:default."),
  accepted("k8s:prerelease-lifecycle-gen", "prerelease-lifecycle-gen's switch; not generated."),
  accepted("k8s:prerelease-lifecycle-gen:introduced", "prerelease-lifecycle-gen's version; not generated."),
  accepted("k8s:prerelease-lifecycle-gen:deprecated", "prerelease-lifecycle-gen's version; not generated."),
  accepted("k8s:prerelease-lifecycle-gen:removed", "prerelease-lifecycle-gen's version; not generated."),
  accepted("k8s:prerelease-lifecycle-gen:replacement", "prerelease-lifecycle-gen's replacement; not generated."),
  accepted("kubebuilder:ac", "Apply-configuration generation switches; not generated."),
  accepted("kubebuilder:scaffold", "kubebuilder's scaffolding anchors; ignored."),
  accepted("k8s:validation-gen", "validation-gen's switches; the CRD schema carries the checks."),
  {
    name: "kubebuilder:skip:description",
    targets: ANYWHERE,
    payload: { kind: "flag" },
    help: "Accepted for compatibility; descriptions are always generated.",
    example: "+kubebuilder:skip:description",
    family: ACCEPTED_FAMILY,
  },
  {
    name: "enum",
    targets: TYPE,
    payload: { kind: "flag" },
    help: "Go's marker for enum types; a TypeScript union of string literals is an enum already.",
    example: "+enum",
    family: ACCEPTED_FAMILY,
  },
];
