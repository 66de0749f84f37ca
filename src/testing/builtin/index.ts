// builtin: the built-in kinds, as kube-apiserver's pkg/apis and pkg/registry/core: the served resource
// list (the core/v1 discovery data, apps, coordination, events), their defaulting, validation, typed
// decoding and unknown-field pruning, and the registry strategies of pods, namespaces and the
// create-on-update kinds.
export * from "./core-v1-discovery.js";
export * from "./decode.js";
export * from "./defaults.js";
export * from "./namespace-strategy.js";
export * from "./pod-strategy.js";
export * from "./resources.js";
export * from "./strategies.js";
export * from "./unknown-fields.js";
export * from "./validation.js";
