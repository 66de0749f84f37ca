// The one table of the built-in resources the test server prints as a 1.24 kube-apiserver does: per
// "group/resource", the Table's column definitions (pkg/printers/internalversion's *ColumnDefinitions,
// descriptions from the API's swagger docs, as recorded in test/fixtures/kubectl-fidelity/builtin-tables.json)
// next to the printer that fills them (builtin-printers.ts), as printers.go's AddHandlers pairs them, so a
// column cannot be added without its cell. A resource not here gets the generic convertor's Name and
// Created At. Priority 1 columns are kubectl's -o wide ones.

import {
  type Printer,
  printComponentStatus,
  printConfigMap,
  printControllerRevision,
  printDaemonSet,
  printDeployment,
  printReplicaSet,
  printStatefulSet,
  printEndpoints,
  printEvent,
  printEventsV1Event,
  printLease,
  printNamespace,
  printNode,
  printPersistentVolume,
  printPersistentVolumeClaim,
  printPod,
  printPodTemplate,
  printReplicationController,
  printResourceQuota,
  printSecret,
  printService,
  printServiceAccount,
} from "./builtin-printers.js";

/** One columnDefinitions entry of a meta.k8s.io/v1 Table. */
export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

function col(name: string, description: string, priority = 0, type = "string", format = ""): ColumnDefinition {
  return { name, type, format, description, priority };
}

/** ObjectMeta.name's swagger doc, the Name column's description everywhere. */
export const NAME_DESCRIPTION =
  "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: http://kubernetes.io/docs/user-guide/identifiers#names";

/** The same doc as 1.37.2 words it (its link moved), in every Table that server prints. */
export const NAME_DESCRIPTION_1_37 =
  "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";

/** ObjectMeta.creationTimestamp's swagger doc, the Age and Created At columns' description. */
export const CREATED_DESCRIPTION =
  "CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

const NAME = (priority = 0): ColumnDefinition => col("Name", NAME_DESCRIPTION, priority, "string", "name");
const AGE = col("Age", CREATED_DESCRIPTION);

/** What a resource without a printer gets (the generic table convertor). */
export const DEFAULT_COLUMNS: ColumnDefinition[] = [NAME(), col("Created At", CREATED_DESCRIPTION, 0, "date")];

const CONTAINERS = col("Containers", "Names of each container in the template.", 1);
const IMAGES = col("Images", "Images referenced by each container in the template.", 1);

/** core/v1 and events.k8s.io/v1 Events: one storage, printed alike. */
const EVENT_COLUMNS: ColumnDefinition[] = [
  col("Last Seen", "The time at which the most recent occurrence of this event was recorded."),
  col("Type", "Type of this event (Normal, Warning), new types could be added in the future"),
  col(
    "Reason",
    "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
  ),
  col("Object", "The object that this event is about."),
  col(
    "Subobject",
    'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.',
    1,
  ),
  col("Source", "The component reporting this event. Should be a short machine understandable string.", 1),
  col("Message", "A human-readable description of the status of this operation."),
  col("First Seen", "The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)", 1),
  col("Count", "The number of times this event has occurred.", 1),
  NAME(1),
];

/** A built-in resource's Table: its columns and the printer whose cells fill them, one cell a column. */
export interface BuiltinTable {
  columns: ColumnDefinition[];
  print: Printer;
}

/** The built-in resources' Tables by "group/resource". */
export const BUILTIN_TABLES: Record<string, BuiltinTable> = {
  "/namespaces": { columns: [NAME(), col("Status", "The status of the namespace"), AGE], print: printNamespace },
  "apps/deployments": {
    columns: [
      NAME(),
      col("Ready", "Number of the pod with ready state"),
      col("Up-to-date", "Total number of non-terminated pods targeted by this deployment that have the desired template spec."),
      col("Available", "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
      AGE,
      CONTAINERS,
      IMAGES,
      col(
        "Selector",
        "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.",
        1,
      ),
    ],
    print: printDeployment,
  },
  "apps/statefulsets": {
    columns: [NAME(), col("Ready", "Number of the pod with ready state"), AGE, CONTAINERS, IMAGES],
    print: printStatefulSet,
  },
  "apps/replicasets": {
    columns: [
      NAME(),
      col(
        "Desired",
        "Replicas is the number of desired pods. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset",
        0,
        "integer",
      ),
      col(
        "Current",
        "Replicas is the most recently observed number of non-terminating pods. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset",
        0,
        "integer",
      ),
      col("Ready", "The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.", 0, "integer"),
      AGE,
      CONTAINERS,
      IMAGES,
      col(
        "Selector",
        "Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        1,
      ),
    ],
    print: printReplicaSet,
  },
  "apps/daemonsets": {
    columns: [
      NAME(),
      col(
        "Desired",
        "The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        0,
        "integer",
      ),
      col(
        "Current",
        "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/",
        0,
        "integer",
      ),
      col(
        "Ready",
        "numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.",
        0,
        "integer",
      ),
      col("Up-to-date", "The total number of nodes that are running updated daemon pod", 0, "integer"),
      col(
        "Available",
        "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)",
        0,
        "integer",
      ),
      col(
        "Node Selector",
        "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/",
      ),
      AGE,
      CONTAINERS,
      IMAGES,
      col(
        "Selector",
        "A label query over pods that are managed by the daemon set. Must match in order to be controlled. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        1,
      ),
    ],
    print: printDaemonSet,
  },
  "apps/controllerrevisions": {
    columns: [
      NAME(),
      col("Controller", "Controller of the object"),
      col("Revision", "Revision indicates the revision of the state represented by Data."),
      AGE,
    ],
    print: printControllerRevision,
  },
  "/pods": {
    columns: [
      NAME(),
      col("Ready", "The aggregate readiness state of this pod for accepting traffic."),
      col("Status", "The aggregate status of the containers in this pod."),
      col(
        "Restarts",
        "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
      ),
      AGE,
      col("IP", "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.", 1),
      col(
        "Node",
        "NodeName is a request to schedule this pod onto a specific node. If it is non-empty, the scheduler simply schedules this pod onto that node, assuming that it fits resource requirements.",
        1,
      ),
      col(
        "Nominated Node",
        "nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.",
        1,
      ),
      col(
        "Readiness Gates",
        'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
        1,
      ),
    ],
    print: printPod,
  },
  "/configmaps": {
    columns: [
      NAME(),
      col(
        "Data",
        "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.",
      ),
      AGE,
    ],
    print: printConfigMap,
  },
  "/secrets": {
    columns: [
      NAME(),
      col(
        "Type",
        "Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types",
      ),
      col(
        "Data",
        "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4",
      ),
      AGE,
    ],
    print: printSecret,
  },
  "/events": { columns: EVENT_COLUMNS, print: printEvent },
  "events.k8s.io/events": { columns: EVENT_COLUMNS, print: printEventsV1Event },
  "coordination.k8s.io/leases": {
    columns: [NAME(), col("Holder", "holderIdentity contains the identity of the holder of a current lease."), AGE],
    print: printLease,
  },
  "/serviceaccounts": {
    columns: [
      NAME(),
      col(
        "Secrets",
        'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use. Pods are only limited to this list if this service account has a "kubernetes.io/enforce-mountable-secrets" annotation set to "true". This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret',
      ),
      AGE,
    ],
    print: printServiceAccount,
  },
  "/services": {
    columns: [
      NAME(),
      col(
        "Type",
        'type determines how the Service is exposed. Defaults to ClusterIP. Valid options are ExternalName, ClusterIP, NodePort, and LoadBalancer. "ClusterIP" allocates a cluster-internal IP address for load-balancing to endpoints. Endpoints are determined by the selector or if that is not specified, by manual construction of an Endpoints object or EndpointSlice objects. If clusterIP is "None", no virtual IP is allocated and the endpoints are published as a set of endpoints rather than a virtual IP. "NodePort" builds on ClusterIP and allocates a port on every node which routes to the same endpoints as the clusterIP. "LoadBalancer" builds on NodePort and creates an external load-balancer (if supported in the current cloud) which routes to the same endpoints as the clusterIP. "ExternalName" aliases this service to the specified externalName. Several other fields do not apply to ExternalName services. More info: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types',
      ),
      col(
        "Cluster-IP",
        'clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are "None", empty string (""), or a valid IP address. Setting this to "None" makes a "headless service" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies',
      ),
      col(
        "External-IP",
        "externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system.",
      ),
      col(
        "Port(s)",
        "The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies",
      ),
      AGE,
      col(
        "Selector",
        "Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/",
        1,
      ),
    ],
    print: printService,
  },
  "/componentstatuses": {
    columns: [
      NAME(),
      col("Status", "Status of the component conditions"),
      col("Message", "Message of the component conditions"),
      col("Error", "Error of the component conditions"),
    ],
    print: printComponentStatus,
  },
  "/endpoints": {
    columns: [
      NAME(),
      col(
        "Endpoints",
        "The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service.",
      ),
      AGE,
    ],
    print: printEndpoints,
  },
  "/nodes": {
    columns: [
      NAME(),
      col("Status", "The status of the node"),
      col("Roles", "The roles of the node"),
      AGE,
      col("Version", "Kubelet Version reported by the node."),
      col(
        "Internal-IP",
        "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/concepts/nodes/node/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See http://pr.k8s.io/79391 for an example.",
        1,
      ),
      col(
        "External-IP",
        "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/concepts/nodes/node/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See http://pr.k8s.io/79391 for an example.",
        1,
      ),
      col("OS-Image", "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).", 1),
      col("Kernel-Version", "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
      col("Container-Runtime", "ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).", 1),
    ],
    print: printNode,
  },
  "/persistentvolumes": {
    columns: [
      NAME(),
      col(
        "Capacity",
        "capacity is the description of the persistent volume's resources and capacity. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#capacity",
      ),
      col(
        "Access Modes",
        "accessModes contains all ways the volume can be mounted. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes",
      ),
      col(
        "Reclaim Policy",
        "persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim. Valid options are Retain (default for manually created PersistentVolumes), Delete (default for dynamically provisioned PersistentVolumes), and Recycle (deprecated). Recycle must be supported by the volume plugin underlying this PersistentVolume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#reclaiming",
      ),
      col(
        "Status",
        "phase indicates if a volume is available, bound to a claim, or released by a claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#phase",
      ),
      col(
        "Claim",
        "claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim. Expected to be non-nil when bound. claim.VolumeName is the authoritative bind between PV and PVC. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#binding",
      ),
      col("StorageClass", "StorageClass of the pv"),
      col(
        "Reason",
        "reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.",
      ),
      AGE,
      col(
        "VolumeMode",
        "volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state. Value of Filesystem is implied when not included in spec.",
        1,
      ),
    ],
    print: printPersistentVolume,
  },
  "/persistentvolumeclaims": {
    columns: [
      NAME(),
      col("Status", "phase represents the current phase of PersistentVolumeClaim."),
      col("Volume", "volumeName is the binding reference to the PersistentVolume backing this claim."),
      col("Capacity", "capacity represents the actual resources of the underlying volume."),
      col(
        "Access Modes",
        "accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1",
      ),
      col("StorageClass", "StorageClass of the pvc"),
      AGE,
      col(
        "VolumeMode",
        "volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.",
        1,
      ),
    ],
    print: printPersistentVolumeClaim,
  },
  "/podtemplates": {
    columns: [
      NAME(),
      col("Containers", "Names of each container in the template."),
      col("Images", "Images referenced by each container in the template."),
      col("Pod Labels", "The labels for the pod template."),
    ],
    print: printPodTemplate,
  },
  "/replicationcontrollers": {
    columns: [
      NAME(),
      col(
        "Desired",
        "Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller",
        0,
        "integer",
      ),
      col(
        "Current",
        "Replicas is the most recently oberved number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller",
        0,
        "integer",
      ),
      col("Ready", "The number of ready replicas for this replication controller.", 0, "integer"),
      AGE,
      CONTAINERS,
      IMAGES,
      col(
        "Selector",
        "Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
        1,
      ),
    ],
    print: printReplicationController,
  },
  "/resourcequotas": {
    columns: [
      NAME(),
      AGE,
      col("Request", "Request represents a minimum amount of cpu/memory that a container may consume."),
      col("Limit", "Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node."),
    ],
    print: printResourceQuota,
  },
};
