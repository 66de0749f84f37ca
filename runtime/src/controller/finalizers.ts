// Finalizers as controller-runtime's controllerutil (AddFinalizer, RemoveFinalizer,
// ContainsFinalizer) and the delete-time flow every controller that cleans up outside the cluster
// writes: while the object lives, make sure it carries the finalizer (so the API server cannot
// delete it before the controller has cleaned up); once it is being deleted, clean up, then remove
// the finalizer so the server can finish the delete. Each write reads the object again and retries
// on a 409 Conflict, as client-go's retry.RetryOnConflict, so a status update or another
// controller's finalizer written in between is never overwritten.
import type { KubeObject } from "../client/object-types.js";
import { retryOnConflict, type RetryOptions } from "../client/retry-on-conflict.js";
import { isNotFound } from "../core/api-error.js";

/** The verbs the helpers use: a generated typed client (`clientset.samplecontrollerV1alpha1().foos(ns)`) or a ResourceClient has them. */
export interface FinalizerClient<T extends KubeObject> {
  get(name: string): Promise<T>;
  update(obj: T): Promise<T>;
}

/** Whether `obj` carries `finalizer` (controllerutil.ContainsFinalizer). */
export function containsFinalizer(obj: KubeObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}

/** Appends `finalizer` in place unless present; returns whether it changed the object (controllerutil.AddFinalizer). */
export function addFinalizer(obj: KubeObject, finalizer: string): boolean {
  if (containsFinalizer(obj, finalizer)) return false;
  obj.metadata ??= {};
  obj.metadata.finalizers = [...(obj.metadata.finalizers ?? []), finalizer];
  return true;
}

/** Removes every occurrence of `finalizer` in place; returns whether it changed the object (controllerutil.RemoveFinalizer). */
export function removeFinalizer(obj: KubeObject, finalizer: string): boolean {
  const list = obj.metadata?.finalizers;
  if (!list?.includes(finalizer)) return false;
  const rest = list.filter((f) => f !== finalizer);
  if (rest.length > 0) obj.metadata!.finalizers = rest;
  else delete obj.metadata!.finalizers;
  return true;
}

// Applies `change` to the object and writes it: the first attempt to `obj` as given (a copy, since
// a cached object must not be modified), each retry to a fresh read. Undefined when the object is gone.
async function writeChange<T extends KubeObject>(
  client: FinalizerClient<T>,
  obj: T,
  change: (o: T) => boolean,
  options: RetryOptions,
): Promise<T | undefined> {
  const name = obj.metadata?.name ?? "";
  return retryOnConflict(async (attempt) => {
    let current: T;
    try {
      current = attempt === 1 ? structuredClone(obj) : await client.get(name);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    if (!change(current)) return current;
    try {
      return await client.update(current);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }, options);
}

/** Makes sure the stored object carries `finalizer`; returns it as stored (undefined if it no longer exists). */
export function ensureFinalizer<T extends KubeObject>(
  client: FinalizerClient<T>,
  obj: T,
  finalizer: string,
  options: RetryOptions = {},
): Promise<T | undefined> {
  if (containsFinalizer(obj, finalizer)) return Promise.resolve(obj);
  return writeChange(client, obj, (o) => addFinalizer(o, finalizer), options);
}

/** Removes `finalizer` from the stored object; returns it as stored (undefined once the server has deleted it). */
export function releaseFinalizer<T extends KubeObject>(
  client: FinalizerClient<T>,
  obj: T,
  finalizer: string,
  options: RetryOptions = {},
): Promise<T | undefined> {
  if (!containsFinalizer(obj, finalizer)) return Promise.resolve(obj);
  return writeChange(client, obj, (o) => removeFinalizer(o, finalizer), options);
}

/** What `finalize` did. */
export interface FinalizeResult<T> {
  /** The object is being deleted (its deletionTimestamp is set): the reconciler should do nothing else. */
  readonly deleting: boolean;
  /** The object as stored after the step (as the write answered), or undefined when it was already gone. */
  readonly object: T | undefined;
}

/**
 * The delete-time flow of one finalizer: an object that is not being deleted gets the finalizer
 * (if it lacks it); one being deleted that still carries it has `cleanup` run, then loses it. A
 * `cleanup` that throws leaves the finalizer in place, so the error is retried with the reconcile
 * and the object is not deleted before its cleanup has succeeded.
 */
export async function finalize<T extends KubeObject>(
  client: FinalizerClient<T>,
  obj: T,
  finalizer: string,
  cleanup: (obj: T) => Promise<void>,
  options: RetryOptions = {},
): Promise<FinalizeResult<T>> {
  if (!obj.metadata?.deletionTimestamp) return { deleting: false, object: await ensureFinalizer(client, obj, finalizer, options) };
  if (!containsFinalizer(obj, finalizer)) return { deleting: true, object: obj };
  await cleanup(obj);
  return { deleting: true, object: await releaseFinalizer(client, obj, finalizer, options) };
}
