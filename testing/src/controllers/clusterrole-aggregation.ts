// kube-controller-manager's clusterrole-aggregation controller: a ClusterRole with an aggregationRule has
// its rules replaced by the rules of the ClusterRoles its clusterRoleSelectors match (builtin/rbac.ts's
// aggregatedRules), whenever any ClusterRole changes. Overwritten rules come back on the next pass, as
// recorded from the real one (test/fixtures/rbac-1.37). It writes through the registry's update path like
// any client (registry/controller-client.ts); the real controller applies with its own field manager.
import type { ServerState } from "../server-state.js";
import { getStored, listStoredOf, updateStored, watchStored, type ChangeEvent } from "../registry/controller-client.js";
import { aggregatedRules } from "../builtin/rbac.js";

const CLUSTER_ROLES = "rbac.authorization.k8s.io/clusterroles";

function reconcile(state: ServerState, key: string): void {
  const role = getStored(state, CLUSTER_ROLES, key);
  if (!role || role.metadata["deletionTimestamp"]) return;
  const rules = aggregatedRules(role, listStoredOf(state, CLUSTER_ROLES));
  if (rules === undefined || JSON.stringify(rules) === JSON.stringify(role["rules"] ?? [])) return;
  updateStored(state, CLUSTER_ROLES, key, (o) => {
    o["rules"] = rules;
  });
}

/** Reconciles every aggregated ClusterRole. */
function reconcileAll(state: ServerState): void {
  for (const role of listStoredOf(state, CLUSTER_ROLES)) if (role["aggregationRule"]) reconcile(state, String(role.metadata["name"]));
}

/** Starts the aggregation controller; returns its stop function. */
export function startClusterRoleAggregationController(state: ServerState): () => void {
  state.defer(() => reconcileAll(state));
  // Any ClusterRole's change may change what an aggregated one selects; its own write settles (equal rules).
  return watchStored(state, (e: ChangeEvent) => {
    if (e.resource === CLUSTER_ROLES) state.defer(() => reconcileAll(state));
  });
}
