// builtin: typed clients of the built-in kinds controllers own (core/v1, apps/v1, coordination/v1,
// events/v1), their types taken from the types-only kubernetes-types package and their verbs from
// ResourceClient, as generated clientsets have them. It holds descriptions and bindings, no verb logic.
export * from "./verbs.js";
export * from "./core-v1.js";
export * from "./apps-v1.js";
export * from "./coordination-v1.js";
export * from "./events-v1.js";
export * from "./builtin-clientset.js";
