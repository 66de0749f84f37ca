// core/v1 (served under /api/v1): the kinds controllers own or read most, typed by kubernetes-types.
import type {
  ConfigMap,
  ConfigMapList,
  Event,
  EventList,
  Namespace,
  NamespaceList,
  Node,
  NodeList,
  Pod,
  PodList,
  Secret,
  SecretList,
  Service,
  ServiceAccount,
  ServiceAccountList,
  ServiceList,
} from "kubernetes-types/core/v1.js";
import type { ResourceDescription } from "../client/resource.js";
import type { Transport } from "../rest/transport.js";
import { builtinClient, builtinClientWithoutStatus } from "./verbs.js";
import type { BuiltinClient, BuiltinClientWithoutStatus } from "./verbs.js";

const core = (plural: string, kind: string, namespaced = true): ResourceDescription => ({
  group: "",
  version: "v1",
  plural,
  kind,
  namespaced,
});

/** How each core/v1 resource here is served. */
export const coreV1Resources = {
  pods: core("pods", "Pod"),
  services: core("services", "Service"),
  configMaps: core("configmaps", "ConfigMap"),
  secrets: core("secrets", "Secret"),
  serviceAccounts: core("serviceaccounts", "ServiceAccount"),
  events: core("events", "Event"),
  namespaces: { ...core("namespaces", "Namespace", false), nameRule: "dns1123-label" },
  nodes: core("nodes", "Node", false),
} as const satisfies Record<string, ResourceDescription>;

/** The core/v1 clients, as client-go's CoreV1Interface; a namespaced kind's accessor without a namespace reaches every namespace. */
export class CoreV1Client {
  constructor(readonly transport: Transport) {}

  pods(namespace?: string): BuiltinClient<Pod, PodList> {
    return builtinClient(this.transport, coreV1Resources.pods, namespace);
  }

  services(namespace?: string): BuiltinClient<Service, ServiceList> {
    return builtinClient(this.transport, coreV1Resources.services, namespace);
  }

  configMaps(namespace?: string): BuiltinClientWithoutStatus<ConfigMap, ConfigMapList> {
    return builtinClientWithoutStatus(this.transport, coreV1Resources.configMaps, namespace);
  }

  secrets(namespace?: string): BuiltinClientWithoutStatus<Secret, SecretList> {
    return builtinClientWithoutStatus(this.transport, coreV1Resources.secrets, namespace);
  }

  serviceAccounts(namespace?: string): BuiltinClientWithoutStatus<ServiceAccount, ServiceAccountList> {
    return builtinClientWithoutStatus(this.transport, coreV1Resources.serviceAccounts, namespace);
  }

  /** core/v1 Events (the older API; events.k8s.io/v1 is EventsV1Client). */
  events(namespace?: string): BuiltinClientWithoutStatus<Event, EventList> {
    return builtinClientWithoutStatus(this.transport, coreV1Resources.events, namespace);
  }

  namespaces(): BuiltinClient<Namespace, NamespaceList> {
    return builtinClient(this.transport, coreV1Resources.namespaces);
  }

  nodes(): BuiltinClient<Node, NodeList> {
    return builtinClient(this.transport, coreV1Resources.nodes);
  }
}
