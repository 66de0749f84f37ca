// controller: the helpers a controller's reconcile loop uses beside informers and the workqueue:
// owner references (controller references on the objects it creates), an event recorder that
// writes core/v1 Events, the worker loop over a rate-limited queue, and leader election on a Lease.
// It builds on the built-in clients and the workqueue only; no resource of a project by name.
export * from "./owner-references.js";
export * from "./run-workers.js";
export * from "./event-recorder.js";
export * from "./leader-election.js";
