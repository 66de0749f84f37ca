// The namespace registry strategy: the NamespaceLifecycle admission refuses to delete the immortal
// namespaces, and a namespace's own Delete does not remove it but turns it Terminating (deletionTimestamp
// and status.phase); the namespace controller (controllers/namespace-controller.ts) empties and removes it.
import { nowTimestamp, type ServerState } from "../server-state.js";
import { ApiError } from "../status-errors.js";
import { DEFAULT_STRATEGY, type Strategy } from "../registry/strategy.js";
import { clone, resourceKey, toWire } from "../registry/write-common.js";
import { notDeletedCode } from "../registry/write-delete.js";

/** Namespaces the server refuses to delete (NamespaceLifecycle's immortal namespaces). */
const NAMESPACES = "/namespaces";

const IMMORTAL_NAMESPACES = new Set(["default", "kube-system", "kube-public"]);

export const NAMESPACE_STRATEGY: Strategy = {
  ...DEFAULT_STRATEGY,
  returnDeletedObject: true,
  admitDelete(name) {
    // The NamespaceLifecycle admission plugin refuses before the object is even read.
    if (IMMORTAL_NAMESPACES.has(name))
      throw new ApiError(403, "Forbidden", `namespaces "${name}" is forbidden: this namespace may not be deleted`, {
        name,
        kind: "namespaces",
      });
  },
  /** Namespaces terminate: phase Terminating now, contents removed by the namespace controller. */
  delete(state, info, obj, key, opts) {
    if (obj.metadata["deletionTimestamp"]) return { code: notDeletedCode(opts), body: toWire(info, obj), before: obj };
    const next = clone(obj);
    // No deletionGracePeriodSeconds: a namespace's delete sets only the timestamp and phase.
    next.metadata["deletionTimestamp"] = nowTimestamp();
    next["status"] = { ...(next["status"] as Record<string, unknown>), phase: "Terminating" };
    const stored = opts.dryRun ? next : state.store.update(resourceKey(info), key, next);
    return { code: notDeletedCode(opts), body: toWire(info, stored), before: obj };
  },
};

/**
 * The namespace controller's last step once a terminating namespace is empty: on a real server it
 * clears spec.finalizers through namespaces/finalize and the namespace storage's Delete then removes
 * it. Here the namespace goes from storage in one step (a DELETED event and nothing before it).
 */
export function removeFinalizedNamespace(state: ServerState, name: string): void {
  if (state.store.get(NAMESPACES, name)?.metadata["deletionTimestamp"]) state.store.delete(NAMESPACES, name);
}
