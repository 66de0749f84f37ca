// Stage: diagnostics. Owns the Diagnostic shape and how it prints; knows nothing of
// markers, models or Kubernetes. Every other stage returns these instead of throwing.
export * from "./diagnostic.js";
export * from "./print.js";
