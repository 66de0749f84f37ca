import { allTargets, type MarkerTarget } from "../markers/index.js";
import type { KubeMarkerDefinition } from "./definition.js";

/**
 * The suffixes of controller-gen v0.23.0's ValidationMarkers: each is registered as
 * `kubebuilder:validation:<suffix>` and `kubebuilder:validation:items:<suffix>`, for fields and types.
 */
const validationSuffixes = [
  "Maximum",
  "Minimum",
  "ExclusiveMaximum",
  "ExclusiveMinimum",
  "MultipleOf",
  "MinProperties",
  "MaxProperties",
  "MaxLength",
  "MinLength",
  "Pattern",
  "MaxItems",
  "MinItems",
  "UniqueItems",
  "Enum",
  "Format",
  "Type",
  "XPreserveUnknownFields",
  "XEmbeddedResource",
  "XIntOrString",
  "XValidation",
];

/**
 * The CRD markers controller-gen v0.23.0 registers (sigs.k8s.io/controller-tools pkg/crd/markers:
 * crd.go, package.go, topology.go, validation.go), whatever their targets. controller-gen looks a
 * marker up by name and target, and a marker it has no definition for at that target is skipped
 * without a word: `+kubebuilder:printcolumn` on a field, `+optional` on a type, `+listType` on a
 * package change nothing (test/fixtures/controller-gen/wrong-targets). Markers it does not know
 * at all (`+k8s:maxLength`, `+kubebuilder:validation:Nullable`, `+enum`, the deepcopy and client
 * markers) keep the wrong-target error.
 */
const controllerGenMarkers: ReadonlySet<string> = new Set([
  ...validationSuffixes.flatMap((s) => [`kubebuilder:validation:${s}`, `kubebuilder:validation:items:${s}`]),
  // crd.go
  "kubebuilder:subresource:status",
  "kubebuilder:subresource:scale",
  "kubebuilder:printcolumn",
  "kubebuilder:resource",
  "kubebuilder:storageversion",
  "kubebuilder:skipversion",
  "kubebuilder:unservedversion",
  "kubebuilder:deprecatedversion",
  "kubebuilder:metadata",
  "kubebuilder:selectablefield",
  "kubebuilder:externalDocs",
  // package.go
  "groupName",
  "versionName",
  "kubebuilder:validation:Optional",
  "kubebuilder:validation:Required",
  "kubebuilder:skip",
  // topology.go
  "listMapKey",
  "listType",
  "mapType",
  "structType",
  "k8s:listType",
  "k8s:listMapKey",
  // validation.go: TypeOnlyMarkers, FieldOnlyMarkers, ValidationIshMarkers
  "kubebuilder:validation:AtMostOneOf",
  "kubebuilder:validation:ExactlyOneOf",
  "kubebuilder:validation:AtLeastOneOf",
  "kubebuilder:title",
  "k8s:enum",
  "required",
  "optional",
  "k8s:required",
  "k8s:optional",
  "nullable",
  "kubebuilder:default",
  "default",
  "kubebuilder:example",
  "kubebuilder:validation:EmbeddedResource",
  "kubebuilder:validation:Schemaless",
  "k8s:immutable",
  "k8s:maxItems",
  "k8s:minimum",
  "k8s:maximum",
  "kubebuilder:pruning:PreserveUnknownFields",
]);

/**
 * Where controller-gen refuses a marker instead of skipping it: it registers `+k8s:enum` for
 * fields only to fail ("k8s:enum must be set on a type, not a field").
 */
const refusedByControllerGen: Readonly<Partial<Record<string, readonly MarkerTarget[]>>> = {
  "k8s:enum": ["field"],
};

/** The names above, to check against the declarations (a misspelt one would silently do nothing). */
export const controllerGenMarkerNames: readonly string[] = [...controllerGenMarkers];

/**
 * Sets `ignoredOn` of a marker controller-gen knows to every target it is not declared for, but
 * those controller-gen refuses: there the marker is ignored with a warning (KCG1115), as
 * controller-gen ignores it, instead of the wrong-target error (KCG1102).
 */
export function withControllerGenIgnoredTargets(def: KubeMarkerDefinition): KubeMarkerDefinition {
  if (!controllerGenMarkers.has(def.name)) return def;
  const refused = refusedByControllerGen[def.name] ?? [];
  const ignoredOn = allTargets.filter((t) => !def.targets.includes(t) && !refused.includes(t));
  return ignoredOn.length === 0 ? def : { ...def, ignoredOn };
}
