// controller: the helpers a controller's reconcile loop uses beside informers and the workqueue:
// owner references (controller references on the objects it creates), an event recorder that
// writes core/v1 Events, and the worker loop over a rate-limited queue. It builds on the built-in
// clients and the workqueue only; no resource of a project by name.
export * from "./owner-references.js";
export * from "./run-workers.js";
export * from "./event-recorder.js";
