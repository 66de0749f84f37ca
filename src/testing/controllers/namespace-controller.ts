// The namespace lifecycle controller: once a namespace is terminating, every object in it is deleted
// (objects with finalizers wait for them), and when it is empty the namespace itself goes away.
import { nowTimestamp, type ServerState } from "../server-state.js";
import type { ChangeEvent } from "../storage/store.js";

const NS_KEY = "/namespaces";

function isTerminating(state: ServerState, ns: string): boolean {
  return Boolean(state.store.get(NS_KEY, ns)?.metadata["deletionTimestamp"]);
}

/** Deletes what remains in `ns`, then the namespace once nothing is left. */
function sweep(state: ServerState, ns: string): void {
  if (!isTerminating(state, ns)) return;
  let remaining = 0;
  const prefix = `${ns}/`;
  const targets: [string, string, Record<string, unknown>][] = [];
  for (const [resource, key, obj] of state.store.all())
    if (key.startsWith(prefix) && resource !== NS_KEY) targets.push([resource, key, obj.metadata]);
  for (const [resource, key, meta] of targets) {
    remaining++;
    const finalizers = meta["finalizers"];
    if (Array.isArray(finalizers) && finalizers.length > 0) {
      const cur = state.store.get(resource, key);
      if (cur && !cur.metadata["deletionTimestamp"]) {
        state.store.update(resource, key, {
          ...cur,
          metadata: { ...cur.metadata, deletionTimestamp: nowTimestamp(), deletionGracePeriodSeconds: 0 },
        });
      }
      continue;
    }
    state.store.delete(resource, key);
    remaining--;
  }
  // The real controller finalizes the namespace seconds later; until then creates in it are 403.
  if (remaining === 0) state.later(state.settings.namespaceDeletionDelayMs, () => removeIfEmpty(state, ns));
}

/** Removes a Terminating namespace once nothing is left in it (a later create may have raced in). */
function removeIfEmpty(state: ServerState, ns: string): void {
  if (!isTerminating(state, ns)) return;
  const prefix = `${ns}/`;
  for (const [resource, key] of state.store.all()) if (resource !== NS_KEY && key.startsWith(prefix)) return;
  state.store.delete(NS_KEY, ns);
}

/** Starts the controller; returns its stop function. */
export function startNamespaceController(state: ServerState): () => void {
  return state.store.subscribe((e: ChangeEvent) => {
    if (e.resource === NS_KEY && e.type === "MODIFIED" && e.object.metadata["deletionTimestamp"]) {
      const ns = String(e.object.metadata["name"]);
      state.defer(() => sweep(state, ns));
      return;
    }
    if (e.type === "DELETED" && e.key.includes("/")) {
      const ns = e.key.slice(0, e.key.indexOf("/"));
      if (isTerminating(state, ns)) state.defer(() => sweep(state, ns));
    }
  });
}
