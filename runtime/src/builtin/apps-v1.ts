// apps/v1: the workload kinds, typed by kubernetes-types; those with a scale subresource get its verbs.
import type {
  DaemonSet,
  DaemonSetList,
  Deployment,
  DeploymentList,
  ReplicaSet,
  ReplicaSetList,
  StatefulSet,
  StatefulSetList,
} from "kubernetes-types/apps/v1.js";
import type { ResourceDescription } from "../client/resource.js";
import type { Transport } from "../rest/transport.js";
import { builtinClient, scalableClient } from "./verbs.js";
import type { BuiltinClient, ScalableClient } from "./verbs.js";

const apps = (plural: string, kind: string): ResourceDescription => ({ group: "apps", version: "v1", plural, kind, namespaced: true });

/** How each apps/v1 resource is served. */
export const appsV1Resources = {
  deployments: apps("deployments", "Deployment"),
  replicaSets: apps("replicasets", "ReplicaSet"),
  statefulSets: apps("statefulsets", "StatefulSet"),
  daemonSets: apps("daemonsets", "DaemonSet"),
} as const satisfies Record<string, ResourceDescription>;

/** The apps/v1 clients, as client-go's AppsV1Interface. */
export class AppsV1Client {
  constructor(readonly transport: Transport) {}

  deployments(namespace?: string): ScalableClient<Deployment, DeploymentList> {
    return scalableClient(this.transport, appsV1Resources.deployments, namespace);
  }

  replicaSets(namespace?: string): ScalableClient<ReplicaSet, ReplicaSetList> {
    return scalableClient(this.transport, appsV1Resources.replicaSets, namespace);
  }

  statefulSets(namespace?: string): ScalableClient<StatefulSet, StatefulSetList> {
    return scalableClient(this.transport, appsV1Resources.statefulSets, namespace);
  }

  daemonSets(namespace?: string): BuiltinClient<DaemonSet, DaemonSetList> {
    return builtinClient(this.transport, appsV1Resources.daemonSets, namespace);
  }
}
