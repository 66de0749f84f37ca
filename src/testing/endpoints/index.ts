// endpoints: the HTTP face of the test server, as k8s.io/apiserver/pkg/endpoints: the request handler and
// its filters (authentication), routing, request decoding and query parameters, the verb handlers that
// are more than a registry call (list, watch, patch, the scale subresource), discovery documents and
// Table output. It turns requests into registry calls and ApiErrors into Status answers.
// Modules inside src/testing import each other's files directly, not through these index files, so
// that module evaluation order never depends on the folders' mutual imports.
export * from "./auth.js";
export * from "./discovery.js";
export * from "./http-io.js";
export * from "./list-query.js";
export * from "./object-decode.js";
export * from "./patch-request.js";
export * from "./query-params.js";
export * from "./request-handler.js";
export * from "./route.js";
export * from "./scale-subresource.js";
export * from "./storage-version-hash.js";
export * from "./table-output.js";
export * from "./watch-stream.js";
