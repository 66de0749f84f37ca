// @kube-codegen/runtime: what generated code imports. Layers (docs/architecture.md#the-runtimes-layers):
// core → rest → watch → client → builtin and cache (informers, listers); workqueue; controller on
// all of them. It imports nothing from the generator stages of src/, so applications pay only for
// the runtime.
export * from "./core/apimachinery.js";
export * from "./core/scheme.js";
export * from "./core/deepcopy.js";
export * from "./core/status.js";
export * from "./core/api-error.js";
export * from "./core/clock.js";
export * from "./rest/index.js";
export * from "./watch/index.js";
export * from "./client/index.js";
export * from "./builtin/index.js";
// workqueue: the rate-limited work queue controllers' workers loop on. FakeClock (core/clock.ts) is
// exported too, for their tests: it is small and tree-shakes away, so it needs no subpath.
export * from "./workqueue/index.js";
export * from "./cache/index.js";
export * from "./controller/index.js";
