// controller: the helpers a controller's reconcile loop uses beside informers and the workqueue:
// owner references (controller references on the objects it creates), an event recorder that
// writes core/v1 Events, the worker loop over a rate-limited queue and controller-runtime's builder
// and reconcile results on it, leader election on a Lease, and the one-line-per-event logger the
// example controllers print with.
// It builds on the built-in clients and the workqueue only; no resource of a project by name.
export * from "./owner-references.js";
export * from "./run-workers.js";
export * from "./event-recorder.js";
export * from "./leader-election.js";
export * from "./logger.js";
export * from "./reconcile.js";
export * from "./predicates.js";
export * from "./builder.js";
export * from "./healthz.js";
export * from "./manager.js";
export * from "./finalizers.js";
export * from "./cached-client.js";
export * from "./webhook-builder.js";
export * from "./metrics.js";
export * from "./metrics-auth.js";
