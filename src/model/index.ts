// Stage: model. Owns the intermediate representation (readonly data), its builder from loaded
// syntax and parsed markers, naming (one pluralisation), canonical order, and semantic checks.
// It must not read files, format code or know any generator's output.
export * from "./types.js";
export { buildModel } from "./build.js";
export * from "./naming.js";
export * from "./walk.js";
export * from "./controllers.js";
