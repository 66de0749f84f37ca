import type { MarkerSet } from "../markers/index.js";

const optionalMarkers = ["kubebuilder:validation:Optional", "optional", "k8s:optional"];
const requiredMarkers = ["kubebuilder:validation:Required", "required", "k8s:required"];

/**
 * Decides whether a field is required, in controller-gen's order: an explicit marker on the
 * field, then the package default (`+kubebuilder:validation:Optional|Required` in doc.ts), then
 * TypeScript's `?`, which plays the part of Go's omitempty.
 */
export function isRequired(field: MarkerSet, pkg: MarkerSet, optional: boolean): boolean {
  if (optionalMarkers.some((n) => field.has(n))) return false;
  if (requiredMarkers.some((n) => field.has(n))) return true;
  if (pkg.has("kubebuilder:validation:Optional")) return false;
  if (pkg.has("kubebuilder:validation:Required")) return true;
  return !optional;
}
