// @kube-codegen/runtime: what generated code imports. Layers (docs/architecture.md#the-runtimes-layers):
// core → rest → watch → client → builtin and cache (informers, listers); workqueue; controller on
// all of them. It imports nothing from the generator stages of src/, so applications pay only for
// the runtime.
// Each layer folder's index.ts is also an entry point of its own (package.json "exports":
// "@kube-codegen/runtime/client", ...), which loads only that layer and those below it. This root
// is their union and nothing else, so a name is exported here exactly when one layer exports it,
// and root and subpath imports share the same modules (one ApiError class, one Scheme). Two layers
// exporting the same name would silently drop it from here (`export *` leaves ambiguous names
// out); test/api/runtime-entry-points.test.ts guards against that.
export * from "./core/index.js";
export * from "./rest/index.js";
export * from "./watch/index.js";
export * from "./client/index.js";
export * from "./builtin/index.js";
export * from "./workqueue/index.js";
export * from "./cache/index.js";
export * from "./tls/index.js";
export * from "./webhook/index.js";
export * from "./controller/index.js";
