// Owner references as apimachinery's metav1 helpers: the controller reference a controller puts on
// the objects it creates (NewControllerRef), finding it again (GetControllerOf) and asking whether an
// object is controlled by a given owner (IsControlledBy, by uid as client-go compares).
import type { OwnerReference } from "../core/apimachinery.js";
import type { KubeObject } from "../client/object-types.js";

/** The group/version and kind an owner reference names (a generated registration's apiVersion and kind fit). */
export interface OwnerKind {
  apiVersion: string;
  kind: string;
}

/**
 * metav1.NewControllerRef: a reference to `owner` with controller and blockOwnerDeletion set, so the
 * garbage collector deletes the dependent with its owner (and foreground deletion waits for it).
 */
export function newControllerRef(owner: KubeObject, gvk: OwnerKind): OwnerReference {
  const name = owner.metadata?.name;
  const uid = owner.metadata?.uid;
  if (!name || !uid)
    throw new Error(`a controller reference needs the owner's name and uid (got ${name ?? "no name"}, ${uid ?? "no uid"})`);
  return { apiVersion: gvk.apiVersion, kind: gvk.kind, name, uid, controller: true, blockOwnerDeletion: true };
}

/** metav1.GetControllerOf: the owner reference with controller: true, if any. */
export function getControllerOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/** metav1.IsControlledBy: whether `obj`'s controller reference points at `owner` (same uid). */
export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  const ref = getControllerOf(obj);
  return ref !== undefined && owner.metadata?.uid !== undefined && ref.uid === owner.metadata.uid;
}
