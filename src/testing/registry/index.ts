// registry: what is served and how writes behave, as kube-apiserver's pkg/registry and
// k8s.io/apiserver/pkg/registry: the resource table (ResourceInfo per served group/version/resource),
// the generic create, update and delete paths with metadata validation and managedFields bookkeeping,
// and the per-resource strategies those paths consult instead of branching on resource names.
export * from "./managed-fields.js";
export * from "./object-meta-validation.js";
export * from "./patch-schema.js";
export * from "./resource-info.js";
export * from "./resource-registry.js";
export * from "./strategy.js";
export * from "./write-common.js";
export * from "./write-create.js";
export * from "./write-delete.js";
export * from "./write-update.js";
