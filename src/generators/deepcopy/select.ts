import type { MarkerSet } from "../../markers/index.js";
import { findPackage, type ApiModel, type FieldModel, type PackageModel, type TypeModel } from "../../model/index.js";
import { isScalar } from "./copy-expr.js";

/** How a type gets its deep copy. */
export type CopySource =
  /** Generated into the package's zz_generated.deepcopy.ts. */
  | { readonly kind: "generated" }
  /** Hand-written `deepCopy<Type>` exported from a file of the package. */
  | { readonly kind: "handwritten"; readonly file: string }
  /** Neither: the type is not selected and has no hand-written copy. */
  | { readonly kind: "none" };

/** The name every deep-copy function of a type has. */
export function copyFunctionName(typeName: string): string {
  return `deepCopy${typeName}`;
}

/**
 * Decides how a type is copied, as deepcopy-gen does: the type's own `+k8s:deepcopy-gen=true|false`
 * (or controller-gen's `+kubebuilder:object:generate`) wins over the package's
 * `+k8s:deepcopy-gen=package` (or `+kubebuilder:object:generate=true`).
 */
export function copySource(pkg: PackageModel, t: TypeModel): CopySource {
  const own = typeSetting(t.markers);
  const selected = own ?? packageSetting(pkg.markers);
  if (selected) return { kind: "generated" };
  const hand = pkg.handwritten.find((h) => h.exported && h.name === copyFunctionName(t.name));
  return hand ? { kind: "handwritten", file: hand.file } : { kind: "none" };
}

/** True when a type asked explicitly not to be generated (`+k8s:deepcopy-gen=false`). */
export function optedOut(t: TypeModel): boolean {
  return typeSetting(t.markers) === false;
}

/** The opt-out marker as the type spells it, for messages: a user who wrote controller-gen's form should read it back. */
export function optOutMarker(t: TypeModel): string {
  return t.markers.value<unknown>("k8s:deepcopy-gen") !== undefined ? "+k8s:deepcopy-gen=false" : "+kubebuilder:object:generate=false";
}

function typeSetting(m: MarkerSet): boolean | undefined {
  const v = m.value<unknown>("k8s:deepcopy-gen");
  if (v !== undefined) return v === true || v === "true" || v === "package";
  const kb = m.value<unknown>("kubebuilder:object:generate");
  if (kb !== undefined) return kb === true || kb === "true";
  return undefined;
}

function packageSetting(m: MarkerSet): boolean {
  const v = m.value<unknown>("k8s:deepcopy-gen");
  if (v !== undefined) return v === "package" || v === true || v === "true";
  return m.value<unknown>("kubebuilder:object:generate") === true || m.value<unknown>("kubebuilder:object:generate") === "true";
}

/** True when `+k8s:deepcopy-gen:unknown=json` is set on the field, the type or the package. */
export function unknownAsJson(...sets: readonly MarkerSet[]): boolean {
  return sets.some((m) => m.value<unknown>("k8s:deepcopy-gen:unknown") === "json");
}

/**
 * True when an embedded struct must be copied by calling its own copy on the whole object instead
 * of having its fields inlined: only its author knows how to copy a hand-written (or opted-out) type.
 */
export function copiedWhole(model: ApiModel): (t: TypeModel) => boolean {
  return (t) => {
    const pkg = findPackage(model, t.pkg);
    return optedOut(t) || (pkg !== undefined && copySource(pkg, t).kind === "handwritten");
  };
}

/** True when a field's markers let it be null (`+nullable`, `+kubebuilder:validation:Nullable`) even if its type does not say `| null`. */
export function nullableByMarker(m: MarkerSet): boolean {
  return m.has("nullable") || m.has("kubebuilder:validation:Nullable");
}

/**
 * True for a field a generated copy has to copy (not an immutable scalar, which the spread of
 * `src` already copies): flattening only these keeps a long `extends` chain of scalar fields linear.
 */
export function copiedField(model: ApiModel): (f: FieldModel) => boolean {
  return (f) => !isScalar(f.type, model);
}
