// webhook: admission webhooks served by a controller, as controller-runtime's pkg/webhook:
// AdmissionReview v1 in and out, validators and defaulters per kind (CustomValidator,
// CustomDefaulter), a defaulter's answer as a JSON Patch, conversion between a kind's versions
// through its hub (ConversionReview), and an HTTPS server whose certificate is
// read again when its files change. The Manager runs the server (controller/webhook-builder.ts
// registers a kind's handlers on it: newWebhookManagedBy(mgr)). It builds on core only (and the
// client's object type); no HTTP client, no cache.
export * from "./admission.js";
export * from "./conversion.js";
export * from "./custom.js";
export * from "./json-patch.js";
export * from "./server.js";
