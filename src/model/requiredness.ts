import type { MarkerSet } from "../markers/index.js";

/**
 * The explicit requiredness markers in the order controller-gen v0.23 consults them: the first
 * group with a marker present on the field decides. `+optional` and `+k8s:optional` form one
 * group, `+required` and `+k8s:required` the next, so a field with both `+required` and
 * `+k8s:optional` is optional whichever line comes first.
 */
const explicit: readonly (readonly [names: readonly string[], required: boolean])[] = [
  [["kubebuilder:validation:Optional"], false],
  [["kubebuilder:validation:Required"], true],
  [["optional", "k8s:optional"], false],
  [["required", "k8s:required"], true],
];

/**
 * Decides whether a field is required, as controller-gen does: an explicit marker on the field,
 * then the package default, then TypeScript's `?`, which plays the part of Go's omitempty. The
 * only package default that changes anything is `+kubebuilder:validation:Optional` in doc.ts
 * (every field optional); without it, or with `+kubebuilder:validation:Required` alone, a field
 * is required unless it has `?`, exactly as controller-gen treats omitempty.
 */
export function isRequired(field: MarkerSet, pkg: MarkerSet, optional: boolean): boolean {
  for (const [names, required] of explicit) if (names.some((n) => field.has(n))) return required;
  if (pkg.has("kubebuilder:validation:Optional")) return false;
  return !optional;
}
