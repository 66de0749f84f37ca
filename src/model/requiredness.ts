import type { MarkerSet } from "../markers/index.js";

/**
 * The explicit requiredness markers in the order controller-gen consults them: the first one
 * present on the field decides.
 */
const explicit: readonly (readonly [string, boolean])[] = [
  ["kubebuilder:validation:Optional", false],
  ["kubebuilder:validation:Required", true],
  ["optional", false],
  ["required", true],
  ["k8s:optional", false],
  ["k8s:required", true],
];

/**
 * Decides whether a field is required, as controller-gen does: an explicit marker on the field,
 * then the package default (`+kubebuilder:validation:Optional|Required` in doc.ts), then
 * TypeScript's `?`, which plays the part of Go's omitempty.
 */
export function isRequired(field: MarkerSet, pkg: MarkerSet, optional: boolean): boolean {
  for (const [name, required] of explicit) if (field.has(name)) return required;
  if (pkg.has("kubebuilder:validation:Optional")) return false;
  if (pkg.has("kubebuilder:validation:Required")) return true;
  return !optional;
}
