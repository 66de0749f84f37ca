// core: apimachinery's part of the runtime: the meta/v1 types API packages reference, the Scheme
// generated addToScheme functions fill in, the deep-copy helpers generated copies call, metav1.Status,
// ApiError with apierrors' predicates, and the Clock everything time-based reads (FakeClock for tests).
// It imports nothing outside itself. utf8.ts (response body decoding) stays internal: rest and watch
// use it, and it is no part of the API.
export * from "./apimachinery.js";
export * from "./scheme.js";
export * from "./deepcopy.js";
export * from "./status.js";
export * from "./api-error.js";
export * from "./clock.js";
export * from "./conditions.js";
