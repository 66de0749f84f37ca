// rest: how to reach and authenticate to an API server (kubeconfig, in-cluster, exec plugins,
// the @kubernetes/client-node adapter) and the transport that sends requests with retries and
// decodes failures into ApiError. It knows nothing of resources or kinds: clients build on it.
// It runs on Node only; the reference below brings Node's types in for programs that compile the
// runtime with `types: []` (API packages importing the runtime's types need nothing else).
/// <reference types="node" />
export * from "./rest-config.js";
export * from "./static-auth.js";
export * from "./token-file-auth.js";
export * from "./exec-auth.js";
export * from "./kubeconfig-file.js";
export * from "./kubeconfig.js";
export * from "./in-cluster.js";
export * from "./client-node-adapter.js";
export * from "./warnings.js";
export * from "./response-error.js";
export * from "./retry-policy.js";
export * from "./user-agent.js";
export * from "./agent-pool.js";
export * from "./transport.js";
