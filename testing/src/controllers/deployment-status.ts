// An opt-in stand-in for kube-controller-manager's Deployment controller, status only: the test server
// runs no controllers that create pods (as envtest), so a Deployment's status would never move and a
// controller that waits for availability (sample-controller copies availableReplicas into its Foo)
// could not be shown working. With `simulateDeploymentStatus`, every Deployment whose spec or
// generation changed gets the status the real controller reports once every pod is ready:
// observedGeneration, replicas, updatedReplicas, readyReplicas and availableReplicas equal to
// spec.replicas (default 1; zero counts are omitted, as Go's omitempty does), and the Available and
// Progressing conditions with the real reasons. No ReplicaSets or Pods are created.
// It writes through the registry's status update (registry/controller-client.ts), as the real one does.
import { nowTimestamp, type ServerState } from "../server-state.js";
import { getStored, listStored, updateStored, watchStored, type ChangeEvent, type KubeObject } from "../registry/controller-client.js";

const DEPLOYMENTS = "apps/deployments";

/** The status the Deployment controller would write for `d` with all its pods ready, or undefined when it is current. */
function settledStatus(d: KubeObject, now: string): Record<string, unknown> | undefined {
  const spec = (d["spec"] ?? {}) as Record<string, unknown>;
  const replicas = typeof spec["replicas"] === "number" ? spec["replicas"] : 1;
  const generation = typeof d.metadata["generation"] === "number" ? d.metadata["generation"] : 1;
  const current = (d["status"] ?? {}) as Record<string, unknown>;
  const counts: Record<string, number> = {};
  if (replicas > 0) {
    for (const f of ["replicas", "updatedReplicas", "readyReplicas", "availableReplicas"]) counts[f] = replicas;
  }
  const upToDate =
    current["observedGeneration"] === generation &&
    ["replicas", "updatedReplicas", "readyReplicas", "availableReplicas"].every((f) => current[f] === counts[f]);
  if (upToDate) return undefined;
  const previous = Array.isArray(current["conditions"]) ? (current["conditions"] as Record<string, unknown>[]) : [];
  const since = (type: string): string => {
    const c = previous.find((p) => p["type"] === type && p["status"] === "True");
    return typeof c?.["lastTransitionTime"] === "string" ? c["lastTransitionTime"] : now;
  };
  const name = String(d.metadata["name"]);
  return {
    observedGeneration: generation,
    ...counts,
    conditions: [
      {
        type: "Available",
        status: "True",
        lastUpdateTime: now,
        lastTransitionTime: since("Available"),
        reason: "MinimumReplicasAvailable",
        message: "Deployment has minimum availability.",
      },
      {
        type: "Progressing",
        status: "True",
        lastUpdateTime: now,
        lastTransitionTime: since("Progressing"),
        reason: "NewReplicaSetAvailable",
        message: `ReplicaSet "${name}" has successfully progressed.`,
      },
    ],
  };
}

function settle(state: ServerState, key: string): void {
  const d = getStored(state, DEPLOYMENTS, key);
  if (!d || d.metadata["deletionTimestamp"]) return;
  const status = settledStatus(d, nowTimestamp());
  if (status)
    updateStored(
      state,
      DEPLOYMENTS,
      key,
      (o) => {
        o["status"] = status;
      },
      "status",
    );
}

/** Starts the simulated Deployment status controller; returns its stop function. */
export function startDeploymentStatusController(state: ServerState): () => void {
  for (const [resource, key] of listStored(state)) if (resource === DEPLOYMENTS) state.defer(() => settle(state, key));
  return watchStored(state, (e: ChangeEvent) => {
    // Its own write is a MODIFIED event too; settledStatus finds it current, so there is no loop.
    if (e.resource === DEPLOYMENTS && e.type !== "DELETED") state.defer(() => settle(state, e.key));
  });
}
