// coordination.k8s.io/v1: Leases, what leader election and node heartbeats are made of.
import type { Lease, LeaseList } from "kubernetes-types/coordination/v1.js";
import type { ResourceDescription } from "../client/resource.js";
import type { Transport } from "../rest/transport.js";
import { builtinClientWithoutStatus } from "./verbs.js";
import type { BuiltinClientWithoutStatus } from "./verbs.js";

/** How each coordination.k8s.io/v1 resource is served. */
export const coordinationV1Resources = {
  leases: { group: "coordination.k8s.io", version: "v1", plural: "leases", kind: "Lease", namespaced: true },
} as const satisfies Record<string, ResourceDescription>;

/** The coordination.k8s.io/v1 clients. */
export class CoordinationV1Client {
  constructor(readonly transport: Transport) {}

  leases(namespace?: string): BuiltinClientWithoutStatus<Lease, LeaseList> {
    return builtinClientWithoutStatus(this.transport, coordinationV1Resources.leases, namespace);
  }
}
