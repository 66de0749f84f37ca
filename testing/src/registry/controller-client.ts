// The API as the server's own controllers (garbage collector, namespace lifecycle, Deployment status)
// call it. In kube-controller-manager they are clients like any other: they list and watch through
// informers and write with update and delete calls, so every write goes through the resource's
// registry strategy. Here the same: reads and the change feed come from storage, writes go through
// updateObject and deleteObject, the functions the HTTP handlers call, and no controller touches the
// store (test/testing/layering.test.ts checks that). Objects are addressed as the store keys them
// (resource = storage key, key = "ns/name" or "name"), which is what the change feed reports.
import type { ServerState } from "../server-state.js";
import type { ChangeEvent, KubeObject } from "../storage/store.js";
import { groupVersion, storageKey, type ResourceInfo } from "./resource-info.js";
import { clone } from "./write-common.js";
import { deleteObject, type DeleteOptions } from "./write-delete.js";
import { updateObject } from "./write-update.js";

export type { ChangeEvent, KubeObject };

/** A controller's read of one object (an informer's cache lookup). */
export function getStored(state: ServerState, resource: string, key: string): KubeObject | undefined {
  return state.store.get(resource, key);
}

/** Every stored object as [resource, key, object] (an informer's initial list). */
export function listStored(state: ServerState): Iterable<[string, string, KubeObject]> {
  return state.store.all();
}

/** The current objects of one resource (storage key, "group/resource"): an informer's lister. */
export function listStoredOf(state: ServerState, resource: string): KubeObject[] {
  return state.store.list(resource);
}

/** Subscribes to every change (an informer's watch); returns the unsubscribe function. */
export function watchStored(state: ServerState, listener: (e: ChangeEvent) => void): () => void {
  return state.store.subscribe(listener);
}

/**
 * The served version the object was written in, so a controller's write keeps its apiVersion; any
 * served version of the resource otherwise. Undefined when the resource is no longer served.
 */
function infoFor(state: ServerState, resource: string, obj: KubeObject): ResourceInfo | undefined {
  for (const r of state.registry.all())
    if (storageKey(r) === resource && groupVersion(r) === obj["apiVersion"] && !r.discoveryOnly) return r;
  return state.registry.anyVersion(resource);
}

function nameOf(obj: KubeObject): { namespace: string | undefined; name: string } {
  const ns = obj.metadata["namespace"];
  return { namespace: typeof ns === "string" && ns !== "" ? ns : undefined, name: String(obj.metadata["name"] ?? "") };
}

/**
 * A refused write drops the work item: NotFound and Conflict mean the object moved on, and the next
 * change event brings it back. Every other failure (a 422 from validation, say) is dropped too, with
 * no retry and no log, as the deferred queue treats any controller failure (server.ts): these
 * controllers have no queue to requeue into and the server no controller log; kube-controller-manager
 * would requeue it with backoff. The write is done by the time this returns: the controllers' writes
 * carry no admission, so the registry never awaits in them and the promise only carries the outcome.
 */
function ignoringFailures(write: Promise<unknown>): void {
  void write.catch(() => undefined);
}

/**
 * Updates the object at `resource`/`key` to what `change` makes of a copy of it, as an update with the
 * read resourceVersion (optimistic concurrency) through the resource's update path; `subresource`
 * "status" writes the status only. managedFields are left as they are, as these writes always left
 * them. Removing the last finalizer of a terminating object deletes it, as any client's update does.
 */
export function updateStored(
  state: ServerState,
  resource: string,
  key: string,
  change: (obj: KubeObject) => void,
  subresource?: "status",
): void {
  const cur = state.store.get(resource, key);
  const info = cur && infoFor(state, resource, cur);
  if (!cur || !info) return;
  const next = clone(cur);
  change(next);
  ignoringFailures(
    updateObject(
      state,
      info,
      next,
      { ...nameOf(cur), ...(subresource ? { subresource } : {}), managed: () => {} },
      { dryRun: false, fieldValidation: "Ignore", manager: "kube-controller-manager", warnings: [] },
    ),
  );
}

/**
 * Deletes the object at `resource`/`key` through the resource's delete path: its strategy (graceful
 * deletion, its own Delete), finalizers (which hold it with a deletionTimestamp) and propagationPolicy.
 * The uid precondition is the garbage collector's: a recreated object of the same name is not deleted.
 */
export function deleteStored(state: ServerState, resource: string, key: string, opts: Pick<DeleteOptions, "propagationPolicy"> = {}): void {
  const cur = state.store.get(resource, key);
  const info = cur && infoFor(state, resource, cur);
  if (!cur || !info) return;
  const { namespace, name } = nameOf(cur);
  ignoringFailures(
    deleteObject(state, info, namespace, name, {
      ...opts,
      preconditions: { uid: String(cur.metadata["uid"] ?? "") },
      dryRun: false,
    }),
  );
}
