// controller: the helpers a controller's reconcile loop uses beside informers and the workqueue:
// owner references (controller references on the objects it creates) and an event recorder that
// writes core/v1 Events. It builds on the built-in clients only; no resource of a project by name.
export * from "./owner-references.js";
export * from "./event-recorder.js";
