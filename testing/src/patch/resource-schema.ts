// ResourceSchema: everything the patch and ownership functions need to know about one kind —
// its TypeInfo, the object a create is compared against, and the fields each endpoint resets.

import { BUILTIN_DEFINITIONS } from "./builtin-definitions.js";
import { BUILTIN_DEFINITIONS_1_37 } from "./builtin-definitions-1.37.js";
import type { Definitions } from "./schema-types.js";

/** The kube-apiserver release whose OpenAPI definitions type the built-in kinds. */
export type SchemaRelease = "1.24" | "1.37";

/** A release's table of built-in definitions (scripts/update-builtin-definitions.ts). */
export function builtinDefinitionsOf(release: SchemaRelease): Definitions {
  return release === "1.37" ? BUILTIN_DEFINITIONS_1_37 : BUILTIN_DEFINITIONS;
}
import { FieldSet } from "./field-set.js";
import type { JsonObject } from "./json.js";
import { typeInfoFromCrdSchema, typeInfoFromDefinitions, type SchemaNode } from "./schema-types.js";
import type { TypeInfo } from "./type-info.js";

/** What one kind looks like to the patch library. */
export interface ResourceSchema {
  readonly type: TypeInfo;
  /**
   * The "live" object a create is compared against. Built-ins: the Go zero value as the server
   * serialises it (so `status: {}` or `template.metadata` are owned by nobody); custom resources: {}.
   */
  readonly zero: JsonObject;
  /**
   * Fields an endpoint resets and never gives ownership of, keyed by subresource ("" = the main
   * resource): `status` on the main resource and `spec` on /status when a status subresource exists.
   */
  readonly resetFields: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** Whether strategic merge patch is accepted (built-ins only; custom resources answer 415). */
  readonly strategicMerge: boolean;
  /** A custom resource: a /status write keeps nothing but status from the request (built-ins keep metadata too). */
  readonly custom?: boolean;
}

/** ResourceSchema of one CRD version. */
export function crdResourceSchema(openAPIV3Schema: SchemaNode | undefined, opts: { hasStatusSubresource: boolean }): ResourceSchema {
  const type = typeInfoFromCrdSchema(
    openAPIV3Schema ?? { type: "object", "x-kubernetes-preserve-unknown-fields": true },
    BUILTIN_DEFINITIONS,
  );
  return {
    type,
    zero: {},
    resetFields: opts.hasStatusSubresource ? { "": [["status"]], status: [["spec"]] } : {},
    strategicMerge: false,
    custom: true,
  };
}

interface BuiltinKind {
  readonly definition: string;
  readonly zero: JsonObject;
  readonly resetFields: Readonly<Record<string, readonly (readonly string[])[]>>;
}

const META = { creationTimestamp: null };
const POD_TEMPLATE = { metadata: META, spec: { containers: null } };
const WITH_STATUS = (statusExtra: readonly (readonly string[])[] = []) => ({ "": [["status"]], status: [["spec"], ...statusExtra] });

// Zero values follow the Go types: non-pointer structs and fields without omitempty are always
// serialised, so they exist in the "old" object of a create and are owned by nobody.
const BUILTIN_KINDS: Record<string, BuiltinKind> = {
  "apps/v1/Deployment": {
    definition: "io.k8s.api.apps.v1.Deployment",
    zero: { metadata: META, spec: { selector: null, template: POD_TEMPLATE, strategy: {} }, status: {} },
    resetFields: WITH_STATUS([["metadata", "labels"]]),
  },
  "apps/v1/ReplicaSet": {
    definition: "io.k8s.api.apps.v1.ReplicaSet",
    zero: { metadata: META, spec: { selector: null, template: POD_TEMPLATE }, status: { replicas: 0 } },
    resetFields: WITH_STATUS([["metadata", "labels"]]),
  },
  "apps/v1/StatefulSet": {
    definition: "io.k8s.api.apps.v1.StatefulSet",
    zero: {
      metadata: META,
      spec: { selector: null, template: POD_TEMPLATE, serviceName: "", updateStrategy: {} },
      status: { replicas: 0, availableReplicas: 0 },
    },
    resetFields: WITH_STATUS(),
  },
  "apps/v1/DaemonSet": {
    definition: "io.k8s.api.apps.v1.DaemonSet",
    zero: {
      metadata: META,
      spec: { selector: null, template: POD_TEMPLATE, updateStrategy: {} },
      status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
    },
    resetFields: WITH_STATUS(),
  },
  "v1/Pod": {
    definition: "io.k8s.api.core.v1.Pod",
    zero: { metadata: META, spec: { containers: null }, status: {} },
    resetFields: WITH_STATUS(),
  },
  "v1/ConfigMap": { definition: "io.k8s.api.core.v1.ConfigMap", zero: { metadata: META }, resetFields: {} },
  "v1/Secret": { definition: "io.k8s.api.core.v1.Secret", zero: { metadata: META }, resetFields: {} },
  "v1/ServiceAccount": { definition: "io.k8s.api.core.v1.ServiceAccount", zero: { metadata: META }, resetFields: {} },
  "v1/Namespace": {
    definition: "io.k8s.api.core.v1.Namespace",
    zero: { metadata: META, spec: {}, status: {} },
    resetFields: WITH_STATUS(),
  },
  "v1/Service": {
    definition: "io.k8s.api.core.v1.Service",
    zero: { metadata: META, spec: {}, status: { loadBalancer: {} } },
    resetFields: WITH_STATUS(),
  },
  "v1/Event": {
    definition: "io.k8s.api.core.v1.Event",
    zero: {
      metadata: META,
      involvedObject: {},
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: null,
      reportingComponent: "",
      reportingInstance: "",
    },
    resetFields: {},
  },
  "events.k8s.io/v1/Event": {
    definition: "io.k8s.api.events.v1.Event",
    zero: { metadata: META, eventTime: null },
    resetFields: {},
  },
  "apiextensions.k8s.io/v1/CustomResourceDefinition": {
    definition: "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition",
    zero: {
      metadata: META,
      spec: { group: "", names: { plural: "", kind: "" }, scope: "", versions: null },
      status: { conditions: null, acceptedNames: { plural: "", kind: "" }, storedVersions: null },
    },
    resetFields: WITH_STATUS(),
  },
  "coordination.k8s.io/v1/Lease": {
    definition: "io.k8s.api.coordination.v1.Lease",
    zero: { metadata: META, spec: {} },
    resetFields: {},
  },
  // Never stored, but its answer carries the caller's managedFields entry, whose spec is a struct.
  "authentication.k8s.io/v1/TokenReview": {
    definition: "io.k8s.api.authentication.v1.TokenReview",
    zero: { metadata: META, spec: {}, status: { user: {} } },
    resetFields: {},
  },
};

/** ResourceSchema of a built-in kind as `release` defines it, or undefined when the table does not know it. */
export function builtinResourceSchema(apiVersion: string, kind: string, release: SchemaRelease = "1.24"): ResourceSchema | undefined {
  const k = BUILTIN_KINDS[`${apiVersion}/${kind}`];
  if (!k) return undefined;
  return {
    type: typeInfoFromDefinitions(builtinDefinitionsOf(release), k.definition),
    zero: structuredClone(k.zero),
    resetFields: k.resetFields,
    strategicMerge: true,
  };
}

/** The OpenAPI definition name of a built-in kind ("io.k8s.api.core.v1.ConfigMap"), or undefined. */
export function builtinDefinitionName(apiVersion: string, kind: string): string | undefined {
  return BUILTIN_KINDS[`${apiVersion}/${kind}`]?.definition;
}

/** `apiVersion/kind` pairs with a built-in ResourceSchema. */
export function builtinKinds(): string[] {
  return Object.keys(BUILTIN_KINDS);
}

/** The fields a write through `subresource` ("" or undefined for the main resource) must not own. */
export function ignoredFields(schema: ResourceSchema, subresource: string | undefined): FieldSet {
  const paths = schema.resetFields[subresource ?? ""] ?? [];
  return FieldSet.of(...paths.map((p) => p.map((name) => "f:" + name)));
}
