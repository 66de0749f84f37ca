// cache: client-go's tools/cache for the runtime: the reflector (list, then watch, with relist on
// 410 and backoff), the keyed and indexed store, the shared index informer with its per-handler
// listeners, the SharedInformerFactory, and generic listers over an indexer. Built on the client's
// list and watch verbs only; it must not know any resource by name (generated informers and
// listers are thin layers over this).
export * from "./backoff.js";
export * from "./object-key.js";
export * from "./index-funcs.js";
export * from "./indexer.js";
export * from "./lister-watcher.js";
export * from "./reflector.js";
export * from "./event-handler.js";
export * from "./freeze.js";
export * from "./string-interner.js";
export * from "./processor-listener.js";
export * from "./shared-informer.js";
export * from "./label-match.js";
export * from "./lister.js";
export * from "./wait-for-sync.js";
export * from "./informer-factory.js";
