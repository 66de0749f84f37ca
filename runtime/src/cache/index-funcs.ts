// Index functions: how an indexer files an object under values of a named index, and the one
// index every informer has, by namespace.
import type { KubeObject } from "../client/object-types.js";

/** The values an object is filed under in one index (none: not in that index). */
export type IndexFunc<T> = (obj: T) => readonly string[];

/** Index functions by index name. */
export type Indexers<T> = Record<string, IndexFunc<T>>;

/** The name of the built-in index by metadata.namespace. */
export const NAMESPACE_INDEX = "namespace";

/** Files an object under its namespace ("" for cluster-scoped objects), as client-go's MetaNamespaceIndexFunc. */
export function metaNamespaceIndexFunc(obj: KubeObject): readonly string[] {
  return [obj.metadata?.namespace ?? ""];
}
