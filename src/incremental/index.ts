// incremental: reusing a generator's units from the cache (docs/architecture.md#incremental-regeneration).
// It keys each unit by the model data the unit reads (model-fingerprint.ts) and runs only the units
// whose key the cache does not hold. It sits beside the pipeline, above the generators: generators
// stay pure functions that know nothing of the cache, and the store itself is src/cache.
export * from "./cached-units.js";
export { fingerprintModel, packageInputDigests } from "./model-fingerprint.js";
