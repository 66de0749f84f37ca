// The files `kube-codegen create api` writes for a kind: its API package (doc.ts once per group
// and version, then <kind>_types.ts with Spec, Status and the markers kubebuilder scaffolds) and a
// sample object under config/samples. Pure functions of checked names (scaffold/names.ts).
import type { KindNames } from "../names.js";

/** What the API templates are given. */
export interface ApiValues {
  readonly domain: string;
  readonly group: string;
  readonly version: string;
  readonly names: KindNames;
  readonly namespaced: boolean;
}

/** The API group: `<group>.<domain>`. */
export const apiGroupOf = (v: Pick<ApiValues, "group" | "domain">): string => `${v.group}.${v.domain}`;

/** The package's folder. */
export const apiDirOf = (v: Pick<ApiValues, "group" | "version">): string => `api/${v.group}/${v.version}`;

/** doc.ts: the package's markers (its group, deep copies for every type). */
export function docFile(v: ApiValues): string {
  return `// Package ${v.version} contains the API types of the ${apiGroupOf(v)} group, version ${v.version}.
// +k8s:deepcopy-gen=package
// +groupName=${apiGroupOf(v)}
export {};
`;
}

/** <kind>_types.ts: the kind, its Spec and Status, and its List. */
export function typesFile(v: ApiValues): string {
  const { kind } = v.names;
  const scope = v.namespaced ? "" : "// +genclient:nonNamespaced\n";
  const resource = v.namespaced ? "" : "// +kubebuilder:resource:scope=Cluster\n";
  return `import type { Condition, ListMeta, ObjectMeta, TypeMeta } from "@kube-codegen/runtime";

// EDIT THIS FILE! THIS IS SCAFFOLDING FOR YOU TO OWN!
// Run \`npm run codegen\` after each change: it regenerates the deep copies, the clients and the CRD.

// ${kind}Spec defines the desired state of ${kind}.
export interface ${kind}Spec {
  // foo is an example field of ${kind}. Edit ${v.names.lower}_types.ts to remove or update it.
  // +optional
  foo?: string;
}

// ${kind}Status defines the observed state of ${kind}.
export interface ${kind}Status {
  // conditions represent the current state of the ${kind} resource. Each condition has a unique
  // type and reflects the status of a specific aspect of the resource ("Available": reconciled and
  // in its desired state).
  // +listType=map
  // +listMapKey=type
  // +optional
  conditions?: Condition[];
}

// +genclient
${scope}// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
${resource}
// ${kind} is the Schema for the ${v.names.plural} API.
export interface ${kind} extends TypeMeta {
  // +optional
  metadata?: ObjectMeta;

  // spec defines the desired state of ${kind}.
  spec: ${kind}Spec;

  // status defines the observed state of ${kind}.
  // +optional
  status?: ${kind}Status;
}

// +kubebuilder:object:root=true

// ${kind}List contains a list of ${kind}.
export interface ${kind}List extends TypeMeta {
  metadata?: ListMeta;
  items: ${kind}[];
}
`;
}

/** config/samples/<group>_<version>_<kind>.yaml: an object to apply. */
export function sampleFile(v: ApiValues): string {
  return `apiVersion: ${apiGroupOf(v)}/${v.version}
kind: ${v.names.kind}
metadata:
  name: ${v.names.lower}-sample
spec:
  # TODO(user): Add fields here
  foo: bar
`;
}

/** The CRD's file under config/crd/bases, as the generator names it. */
export const crdFileOf = (v: ApiValues): string => `bases/${apiGroupOf(v)}_${v.names.plural}.yaml`;
