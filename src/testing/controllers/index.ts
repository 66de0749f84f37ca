// controllers: the kube-controller-manager loops the test server runs after each response: owner-reference
// garbage collection and the namespace lifecycle controller.
export * from "./garbage-collector.js";
export * from "./namespace-controller.js";
