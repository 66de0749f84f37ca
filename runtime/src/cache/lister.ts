// Listers: reads of an informer's cache by name and by label selector, as client-go's generic
// listers.ResourceIndexer. A missing object is the NotFound ApiError client-go's listers return
// (errors.NewNotFound of the kind's lower-case name and group), so callers test it with isNotFound.
// Returned objects are the cache's own: read-only.
import { ApiError } from "../core/api-error.js";
import type { LabelSelectorInput } from "../client/label-selector.js";
import type { KubeObject } from "../client/object-types.js";
import type { ResourceDescription } from "../client/resource.js";
import { NAMESPACE_INDEX } from "./index-funcs.js";
import type { ReadonlyIndexer } from "./indexer.js";
import { labelMatcher } from "./label-match.js";

/** The 404 Status errors.NewNotFound builds for `resource` (group, lower-case kind) and `name`. */
export function notFoundError(resource: Pick<ResourceDescription, "group" | "kind">, name: string): ApiError {
  const kind = resource.kind.toLowerCase();
  const qualified = resource.group === "" ? kind : `${kind}.${resource.group}`;
  return new ApiError({
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: `${qualified} ${JSON.stringify(name)} not found`,
    reason: "NotFound",
    details: { name, group: resource.group, kind },
    code: 404,
  });
}

function select<T extends KubeObject>(objs: T[], selector: LabelSelectorInput | undefined): T[] {
  if (selector === undefined) return objs;
  const matches = labelMatcher(selector);
  return objs.filter((o) => matches(o.metadata?.labels));
}

/** Reads of one resource's cache. */
export class Lister<T extends KubeObject> {
  constructor(
    readonly indexer: ReadonlyIndexer<T>,
    readonly resource: Pick<ResourceDescription, "group" | "kind">,
  ) {}

  /** Every cached object (in all namespaces) that `selector` matches (all, without one). */
  list(selector?: LabelSelectorInput): T[] {
    return select(this.indexer.list(), selector);
  }

  /** The cluster-scoped object `name`; throws NotFound when it is not cached. */
  get(name: string): T {
    const obj = this.indexer.getByKey(name);
    if (obj === undefined) throw notFoundError(this.resource, name);
    return obj;
  }

  /** Reads within namespace `namespace`. */
  namespaced(namespace: string): NamespaceLister<T> {
    return new NamespaceLister<T>(this.indexer, this.resource, namespace);
  }
}

/** Reads of one resource's cache within one namespace. */
export class NamespaceLister<T extends KubeObject> {
  constructor(
    readonly indexer: ReadonlyIndexer<T>,
    readonly resource: Pick<ResourceDescription, "group" | "kind">,
    readonly namespace: string,
  ) {}

  /** The namespace's cached objects that `selector` matches (all, without one). */
  list(selector?: LabelSelectorInput): T[] {
    return select(this.indexer.byIndex(NAMESPACE_INDEX, this.namespace), selector);
  }

  /** The object `name` of this namespace; throws NotFound when it is not cached. */
  get(name: string): T {
    const obj = this.indexer.getByKey(`${this.namespace}/${name}`);
    if (obj === undefined) throw notFoundError(this.resource, name);
    return obj;
  }
}

/**
 * client-go's typed lister of a namespaced kind (`FooLister`): `list(selector)` across every
 * namespace and one accessor named after the plural (`foos(namespace)`) for reads in a namespace.
 * Generated listers are this type bound to their kind; a namespaced kind has no cluster-wide `get`.
 */
export type NamespacedKindLister<T extends KubeObject, Accessor extends string> = Pick<Lister<T>, "list"> & {
  readonly [A in Accessor]: (namespace: string) => NamespaceLister<T>;
};

/** client-go's typed lister of a cluster-scoped kind: `list(selector)` and `get(name)`, no namespaced reads. */
export type ClusterKindLister<T extends KubeObject> = Pick<Lister<T>, "list" | "get">;

/** A NamespacedKindLister over `indexer`, its namespaced reads under `accessor` (the kind's plural, `foos`). */
export function namespacedKindLister<T extends KubeObject, Accessor extends string>(
  indexer: ReadonlyIndexer<T>,
  resource: Pick<ResourceDescription, "group" | "kind">,
  accessor: Accessor,
): NamespacedKindLister<T, Accessor> {
  const lister = new Lister<T>(indexer, resource);
  // The accessor name is data (the kind's plural), so the object is built by key; "list" is refused
  // because it would replace the cluster-wide list.
  if ((accessor as string) === "list") throw new Error('a namespaced lister accessor cannot be named "list"');
  const out: Record<string, unknown> = {
    list: (selector?: LabelSelectorInput) => lister.list(selector),
    [accessor]: (namespace: string) => lister.namespaced(namespace),
  };
  return out as NamespacedKindLister<T, Accessor>;
}

/** A ClusterKindLister over `indexer`. */
export function clusterKindLister<T extends KubeObject>(
  indexer: ReadonlyIndexer<T>,
  resource: Pick<ResourceDescription, "group" | "kind">,
): ClusterKindLister<T> {
  const lister = new Lister<T>(indexer, resource);
  return { list: (selector) => lister.list(selector), get: (name) => lister.get(name) };
}
