// cache: the content-keyed cache incremental regeneration reuses work from (docs/architecture.md#incremental-regeneration).
// It owns the store on disk and the keys: every key is a digest of everything the cached value was
// computed from, including the tool's own code, so a hit can only be what the same computation
// would give again. Entries carry a digest of their bytes and are ignored when it does not match,
// so a truncated, corrupted or misplaced entry is never used; the directory is safe to delete at
// any time. It imports nothing from the stages: the stages decide what to key and store.
export * from "./digest.js";
export * from "./plain-data.js";
export * from "./store.js";
export * from "./tool-identity.js";
export * from "./code-cache.js";
