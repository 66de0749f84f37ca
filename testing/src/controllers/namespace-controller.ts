// The namespace lifecycle controller: once a namespace is terminating, every object in it is deleted
// (objects with finalizers wait for them), and when it is empty the namespace itself goes away. As
// kube-controller-manager's, it is a client of the API: it deletes with propagationPolicy Background
// through each resource's registry path (registry/controller-client.ts), never writing the store.
import type { ServerState } from "../server-state.js";
import { removeFinalizedNamespace } from "../builtin/namespace-strategy.js";
import { deleteStored, getStored, listStored, watchStored, type ChangeEvent } from "../registry/controller-client.js";

const NS_KEY = "/namespaces";

function isTerminating(state: ServerState, ns: string): boolean {
  return Boolean(getStored(state, NS_KEY, ns)?.metadata["deletionTimestamp"]);
}

/** Deletes what remains in `ns`, then the namespace once nothing is left. */
function sweep(state: ServerState, ns: string): void {
  if (!isTerminating(state, ns)) return;
  let remaining = 0;
  const prefix = `${ns}/`;
  const targets: [string, string][] = [];
  for (const [resource, key] of listStored(state)) if (key.startsWith(prefix) && resource !== NS_KEY) targets.push([resource, key]);
  for (const [resource, key] of targets) {
    // As the real deleter's DeleteCollection: a repeated delete of a terminating object changes nothing,
    // and one with finalizers (or a grace period) stays until they are done.
    deleteStored(state, resource, key, { propagationPolicy: "Background" });
    if (getStored(state, resource, key)) remaining++;
  }
  // The real controller finalizes the namespace seconds later; until then creates in it are 403.
  if (remaining === 0) state.later(state.settings.namespaceDeletionDelayMs, () => removeIfEmpty(state, ns));
}

/** Removes a Terminating namespace once nothing is left in it (a later create may have raced in). */
function removeIfEmpty(state: ServerState, ns: string): void {
  if (!isTerminating(state, ns)) return;
  const prefix = `${ns}/`;
  for (const [resource, key] of listStored(state)) if (resource !== NS_KEY && key.startsWith(prefix)) return;
  removeFinalizedNamespace(state, ns);
}

/** Starts the controller; returns its stop function. */
export function startNamespaceController(state: ServerState): () => void {
  return watchStored(state, (e: ChangeEvent) => {
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
