// Per-resource registry behaviour. kube-apiserver gives every resource a strategy (the
// RESTCreateStrategy / RESTUpdateStrategy / RESTDeleteStrategy methods and its store's options) that the
// generic create, update and delete code asks, instead of that code branching on resource names. The
// same here: write-update.ts and write-delete.ts ask `info.strategy`; built-ins register theirs in
// builtin/strategies.ts, CRDs and custom resources in apiextensions/crd-strategy.ts, and every other
// resource gets DEFAULT_STRATEGY.
import type { ServerState } from "../server-state.js";
import type { KubeObject } from "../storage/store.js";
import type { ResourceInfo } from "./resource-info.js";
import type { DeleteOptions, DeleteResult } from "./write-delete.js";

/** How the registry treats one resource's writes. */
export interface Strategy {
  /** ReturnDeletedObject: a DELETE that removes the object answers with the object rather than a Status. */
  readonly returnDeletedObject: boolean;
  /** AllowCreateOnUpdate: a PUT of a missing object creates it. */
  readonly allowCreateOnUpdate: boolean;
  /** AllowUnconditionalUpdate: a PUT may leave metadata.resourceVersion out (and then skips the conflict check). */
  readonly allowUnconditionalUpdate: boolean;
  /** The store's key root under /registry/ (KeyRootFunc), which storage errors quote. */
  keyRoot(info: ResourceInfo): string;
  /** Admission before a delete reads the object: throws to refuse it (NamespaceLifecycle's immortal namespaces). */
  admitDelete?(name: string): void;
  /**
   * CheckGracefulDeletion: the grace period in seconds of a new deletion of `obj`, 0 for none. Without
   * this hook a resource never deletes gracefully (its deletionGracePeriodSeconds is always 0).
   */
  gracePeriodSeconds?: (obj: KubeObject, opts: DeleteOptions) => number;
  /**
   * The resource's own Delete, replacing the generic finalizer-driven one once the object is read and
   * the preconditions hold (a namespace turns Terminating and its controller finishes the job).
   */
  delete?(state: ServerState, info: ResourceInfo, obj: KubeObject, key: string, opts: DeleteOptions): DeleteResult;
  /**
   * The store's BeginCreate: runs once admission has mutated the object and before it is validated,
   * for what a create takes from a shared pool (a Service's cluster IP and node ports); throws to refuse.
   */
  beginCreate?(state: ServerState, info: ResourceInfo, obj: KubeObject, dryRun: boolean): void;
  /** BeginUpdate: the same for an update (not of a subresource), given the stored object. */
  beginUpdate?(state: ServerState, info: ResourceInfo, obj: KubeObject, old: KubeObject, dryRun: boolean): void;
}

/** What a resource without its own strategy gets: the generic store's behaviour. */
export const DEFAULT_STRATEGY: Strategy = {
  returnDeletedObject: false,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
  keyRoot: (info) => info.resource,
};
