// kube-codegen/testing: an in-process Kubernetes API server for controller tests (the envtest of this
// project). It owns the HTTP semantics of a real kube-apiserver for the given CRDs and the common
// built-ins: discovery, CRUD, subresources, resourceVersion conflicts, finalizers, garbage collection,
// selectors, pagination, watches, patches and apply, custom-resource validation, auth and TLS, and
// fault switches. It must not import the generator stages (load, model, generators, emit, output); it
// uses only apiextensions/src/validation, apiextensions/src/crd-checks, apiextensions/src/types and its own patch library.
// Layout, after kube-apiserver's: endpoints/ (HTTP handling, discovery), registry/ (served resources,
// the generic write paths, per-resource strategies), storage/ (store, watches), selectors/, builtin/
// (built-in kinds), apiextensions/ (CRDs), controllers/ (garbage collector, namespace lifecycle),
// patch/ (the patch and apply library); server.ts wires them together.
export { startTestApiServer, type StartOptions, type TestApiServer } from "./server.js";
export type { AuditEvent } from "./audit/audit-log.js";
export type { AuditLevel, AuditPolicy, AuditPolicyRule, AuditStage } from "./audit/audit-policy.js";
export { runTestServerCommand, loadCrds, type TestServerCommandOptions } from "./test-server-command.js";
export { Faults, type FailureOptions } from "./faults.js";
export type { Kubeconfig } from "./kubeconfig.js";
