// storage: the etcd and watch-cache stand-in, as k8s.io/apiserver/pkg/storage: the revisioned object
// store with its bounded change log (410 Gone once compacted), the watch fan-out, and continue tokens.
export * from "./continue-token.js";
export * from "./store.js";
export * from "./watch-hub.js";
