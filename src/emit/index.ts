// Stage: emit. The one place that produces code text: the writer generators use, safe literals,
// the header, and formatting (prettier for TypeScript, the yaml package for manifests). It must
// not decide what to generate.
export * from "./literal.js";
export * from "./writer.js";
export * from "./format.js";
export * from "./generated-line.js";
export * from "./yaml.js";
