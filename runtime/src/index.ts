// @kube-codegen/runtime: what generated code imports. Layers (design.md §5): core → rest → watch
// → cache → informer → lister → workqueue → controller. It imports nothing from the generator
// stages of src/, so applications pay only for the runtime.
export * from "./core/apimachinery.js";
export * from "./core/scheme.js";
export * from "./core/deepcopy.js";
export * from "./core/status.js";
export * from "./core/api-error.js";
export * from "./rest/index.js";
export * from "./watch/index.js";
export * from "./client/index.js";
export * from "./builtin/index.js";
