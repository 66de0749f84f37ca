// What an informer tells its handlers, and the handle a handler's registration gives back.
import type { DeletedFinalStateUnknown } from "./object-key.js";

/**
 * Callbacks for changes to an informer's objects. Each is optional; a returned promise is awaited
 * before this handler gets its next notification (other handlers do not wait for it). Objects are
 * the cache's own: treat them as read-only, and deep-copy before changing one.
 */
export interface ResourceEventHandler<T> {
  /** A new object; `isInInitialList` when it came from the first list (or a late handler's catch-up). */
  onAdd?(obj: T, isInInitialList: boolean): void | Promise<void>;
  /** A changed object, or on resync the same object twice (oldObj === newObj). */
  onUpdate?(oldObj: T, newObj: T): void | Promise<void>;
  /** A deleted object, or a tombstone when the deletion was seen only by a relist. */
  onDelete?(obj: T | DeletedFinalStateUnknown<T>): void | Promise<void>;
}

/** Options of one handler. */
export interface HandlerOptions {
  /** Redeliver every cached object as onUpdate(obj, obj) this often (ms; 0: never; at least 1 s). */
  resyncPeriod?: number;
}

/** A registered handler. */
export interface ResourceEventHandlerRegistration {
  /** True once the informer has synced and this handler has been given every object of the initial list. */
  hasSynced(): boolean;
  /** Stops deliveries to this handler (pending ones are dropped). */
  remove(): void;
}

/**
 * One notification, as a listener's buffer holds it. "adds" is an add of each of `objs` in order (a
 * list's new objects: one entry, not one per object); `next` is how many of them were delivered.
 */
export type Notification<T> =
  | { type: "add"; obj: T; initial: boolean }
  | { type: "adds"; objs: readonly T[]; initial: boolean; next: number }
  | { type: "update"; oldObj: T; obj: T }
  | { type: "delete"; obj: T | DeletedFinalStateUnknown<T> };
