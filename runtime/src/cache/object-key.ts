// Cache keys: "namespace/name", or "name" for cluster-scoped objects, as client-go's
// MetaNamespaceKeyFunc; and the tombstone a deletion carries when the final state was missed.
import type { KubeObject } from "../client/object-types.js";

/** Computes the store key of an object. */
export type KeyFunc<T> = (obj: T) => string;

/**
 * A deletion the cache learned of only by a relist that no longer had the object: `obj` is the last
 * state the cache held, which may be stale. onDelete handlers receive it instead of the object.
 */
export class DeletedFinalStateUnknown<T> {
  constructor(
    readonly key: string,
    readonly obj: T,
  ) {}
}

/** "namespace/name", or "name" when the object has no namespace. */
export function metaNamespaceKeyFunc(obj: KubeObject): string {
  const name = obj.metadata?.name;
  if (name === undefined || name === "") throw new Error("object has no metadata.name: it cannot be cached");
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${name}` : name;
}

/** metaNamespaceKeyFunc that also takes a tombstone, giving its key. */
export function deletionHandlingMetaNamespaceKeyFunc(obj: KubeObject | DeletedFinalStateUnknown<KubeObject>): string {
  return obj instanceof DeletedFinalStateUnknown ? obj.key : metaNamespaceKeyFunc(obj);
}

/** The namespace ("" when cluster-scoped) and name of a key. */
export function splitMetaNamespaceKey(key: string): { namespace: string; name: string } {
  const parts = key.split("/");
  if (parts.length === 1) return { namespace: "", name: key };
  if (parts.length === 2) return { namespace: parts[0]!, name: parts[1]! };
  throw new Error(`unexpected cache key format: ${JSON.stringify(key)}`);
}
