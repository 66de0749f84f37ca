// The built-in resources the test server serves: every core/v1 resource a real server advertises (stored
// generically, with defaults for the kinds controllers create), apps/v1 Deployments, coordination.k8s.io/v1
// Leases and apiextensions.k8s.io/v1 CustomResourceDefinitions. No built-in controllers run.
import { CORE_V1_RESOURCES, type ApiResourceEntry } from "./core-v1-discovery.js";
import {
  defaultDaemonSet,
  defaultDeployment,
  defaultNamespace,
  defaultPod,
  defaultReplicaSet,
  defaultSecret,
  defaultService,
  defaultStatefulSet,
} from "./defaults.js";
import {
  validateConfigData,
  validateDaemonSet,
  validateDeployment,
  validateLease,
  validateReplicaSet,
  validateStatefulSet,
} from "./validation.js";
import { validateNamespace, validatePod, validateService } from "./core-validation.js";
import { validateCoreEvent, validateEventsV1Event } from "./event-validation.js";
import { STANDARD_VERBS, type ResourceInfo } from "../registry/resource-info.js";
import { storageVersionHash } from "../registry/storage-version-hash.js";
import { admissionRegistrationResources } from "./admissionregistration.js";
import { builtinStrategy } from "./strategies.js";
import { STORAGELESS } from "./storageless.js";
import { EVENTS_THROUGH_CORE } from "./event-conversion.js";
import type { Emulate } from "../server-state.js";

const CORE_DEFAULTERS: Record<string, (o: Record<string, unknown>) => void> = {
  namespaces: defaultNamespace,
  pods: defaultPod,
  secrets: defaultSecret,
  services: defaultService,
};

const CORE_VALIDATORS: Record<string, NonNullable<ResourceInfo["validator"]>> = {
  configmaps: validateConfigData,
  secrets: validateConfigData,
  pods: validatePod,
  services: validateService,
  namespaces: validateNamespace,
  events: validateCoreEvent,
};

const CORE_FIELD_SELECTORS: Record<string, string[]> = {
  events: [
    "involvedObject.kind",
    "involvedObject.namespace",
    "involvedObject.name",
    "involvedObject.uid",
    "involvedObject.apiVersion",
    "involvedObject.resourceVersion",
    "involvedObject.fieldPath",
    "reason",
    "reportingComponent",
    "source",
    "type",
  ],
  secrets: ["type"],
  namespaces: ["status.phase"],
  pods: [
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.schedulerName",
    "spec.serviceAccountName",
    "status.phase",
    "status.podIP",
    "status.nominatedNodeName",
  ],
  nodes: ["spec.unschedulable"],
  replicationcontrollers: ["status.replicas"],
};

function coreResource(e: ApiResourceEntry, all: readonly ApiResourceEntry[]): ResourceInfo {
  const stored = e.verbs.includes("watch");
  const info: ResourceInfo = {
    group: "",
    version: "v1",
    resource: e.name,
    kind: e.kind,
    listKind: `${e.kind}List`,
    singular: e.kind.toLowerCase(),
    namespaced: e.namespaced,
    shortNames: e.shortNames ?? [],
    categories: e.categories ?? [],
    verbs: e.verbs,
    statusSubresource: all.some((s) => s.name === `${e.name}/status`),
    custom: false,
    hasGeneration: e.name === "replicationcontrollers",
    nameRule: e.name === "namespaces" ? "label" : "subdomain",
    extraFieldSelectors: CORE_FIELD_SELECTORS[e.name] ?? [],
    strategy: builtinStrategy({ group: "", resource: e.name }),
  };
  const answer = STORAGELESS[`/${e.name}`];
  if (answer) info.answer = answer;
  else if (!stored) info.discoveryOnly = true;
  if (e.storageVersionHash) info.storageVersionHash = e.storageVersionHash;
  const d = CORE_DEFAULTERS[e.name];
  if (d) info.defaulter = d;
  const validator = CORE_VALIDATORS[e.name];
  if (validator) info.validator = validator;
  return info;
}

function groupResource(group: string, version: string, resource: string, kind: string, extra: Partial<ResourceInfo>): ResourceInfo {
  return {
    group,
    version,
    resource,
    kind,
    listKind: `${kind}List`,
    singular: kind.toLowerCase(),
    namespaced: true,
    shortNames: [],
    categories: [],
    verbs: STANDARD_VERBS,
    statusSubresource: false,
    custom: false,
    hasGeneration: false,
    nameRule: "subdomain",
    extraFieldSelectors: [],
    storageVersionHash: storageVersionHash(group, version, kind),
    strategy: builtinStrategy({ group, resource }),
    ...extra,
  };
}

/** The built-in resources, each at its served group/version, as the emulated release serves them. */
export function builtinResources(emulate: Emulate): ResourceInfo[] {
  const core = CORE_V1_RESOURCES.filter((e) => !e.name.includes("/")).map((e) => coreResource(e, CORE_V1_RESOURCES));
  const all: ResourceInfo[] = [
    ...core,
    groupResource("apps", "v1", "deployments", "Deployment", {
      shortNames: ["deploy"],
      categories: ["all"],
      statusSubresource: true,
      hasGeneration: true,
      scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".spec.selector" },
      defaulter: (o) => defaultDeployment(o, emulate),
      validator: validateDeployment,
    }),
    // The other workloads, stored as their strategies default and validate them (no controller runs
    // them: their status stays as created, as on a control plane without kube-controller-manager).
    groupResource("apps", "v1", "controllerrevisions", "ControllerRevision", {}),
    groupResource("apps", "v1", "daemonsets", "DaemonSet", {
      shortNames: ["ds"],
      categories: ["all"],
      statusSubresource: true,
      hasGeneration: true,
      defaulter: (o) => defaultDaemonSet(o, emulate),
      validator: validateDaemonSet,
    }),
    groupResource("apps", "v1", "replicasets", "ReplicaSet", {
      shortNames: ["rs"],
      categories: ["all"],
      statusSubresource: true,
      hasGeneration: true,
      scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".spec.selector" },
      defaulter: (o) => defaultReplicaSet(o, emulate),
      validator: validateReplicaSet,
    }),
    groupResource("apps", "v1", "statefulsets", "StatefulSet", {
      shortNames: ["sts"],
      categories: ["all"],
      statusSubresource: true,
      hasGeneration: true,
      scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".spec.selector" },
      defaulter: (o) => defaultStatefulSet(o, emulate),
      validator: validateStatefulSet,
    }),
    groupResource("coordination.k8s.io", "v1", "leases", "Lease", { validator: validateLease }),
    // Stored as core/v1 Events, one storage in two shapes as on the real server (event-conversion.ts).
    groupResource("events.k8s.io", "v1", "events", "Event", {
      sharedStorage: EVENTS_THROUGH_CORE,
      validator: validateEventsV1Event,
      shortNames: ["ev"],
      extraFieldSelectors: ["regarding.kind", "regarding.name", "regarding.namespace", "reason", "type"],
      // Discovery hashes the kind it is stored as: core/v1's Event (recorded, legacy-discovery.json).
      storageVersionHash: storageVersionHash("", "v1", "Event"),
    }),
    ...authenticationResources(emulate),
    ...authorizationResources(),
    ...admissionRegistrationResources(emulate),
    groupResource("apiextensions.k8s.io", "v1", "customresourcedefinitions", "CustomResourceDefinition", {
      namespaced: false,
      shortNames: ["crd", "crds"],
      categories: ["api-extensions"],
      statusSubresource: true,
      hasGeneration: true,
      // CRDs are still stored (encoded in etcd) as v1beta1, and discovery hashes that (recorded).
      storageVersionHash: storageVersionHash("apiextensions.k8s.io", "v1beta1", "CustomResourceDefinition"),
    }),
  ];
  // Typed by the emulated release's definitions (a 1.37 container has restartPolicy, a 1.24 one does not).
  return all.map((info) => ({ ...info, schemaRelease: emulate }));
}

/**
 * authentication.k8s.io/v1 as discovery lists it (create only, cluster-scoped, no storage version):
 * SelfSubjectReview (kubectl auth whoami, in v1 since 1.28, so not under emulate "1.24") and
 * TokenReview, answered in storageless.ts.
 */
function authenticationResources(emulate: Emulate): ResourceInfo[] {
  const kinds: [string, string][] = [
    ...(emulate === "1.24" ? [] : [["selfsubjectreviews", "SelfSubjectReview"] as [string, string]]),
    ["tokenreviews", "TokenReview"],
  ];
  return kinds.map(([resource, kind]) => {
    const info = groupResource("authentication.k8s.io", "v1", resource, kind, { namespaced: false, verbs: ["create"] });
    delete info.storageVersionHash;
    info.answer = STORAGELESS[`authentication.k8s.io/${resource}`] as NonNullable<ResourceInfo["answer"]>;
    return info;
  });
}

/**
 * authorization.k8s.io/v1 as discovery lists it (create only, no storage version): the self reviews are
 * answered (storageless.ts); the reviews about other subjects are listed but refused (405), as the test
 * server has no other identities to answer for.
 */
function authorizationResources(): ResourceInfo[] {
  const kinds: [string, string, boolean][] = [
    ["localsubjectaccessreviews", "LocalSubjectAccessReview", true],
    ["selfsubjectaccessreviews", "SelfSubjectAccessReview", false],
    ["selfsubjectrulesreviews", "SelfSubjectRulesReview", false],
    ["subjectaccessreviews", "SubjectAccessReview", false],
  ];
  return kinds.map(([resource, kind, namespaced]) => {
    const info = groupResource("authorization.k8s.io", "v1", resource, kind, { namespaced, verbs: ["create"] });
    delete info.storageVersionHash;
    const answer = STORAGELESS[`authorization.k8s.io/${resource}`];
    if (answer) info.answer = answer;
    else info.discoveryOnly = true;
    return info;
  });
}
