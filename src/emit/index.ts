// Stage: emit. The one place that produces code text: the writer generators use, safe literals,
// the header and the generated line, and formatting (prettier for TypeScript). CRD YAML is written
// by the crd generator's go-yaml writer, the only YAML output so far. It must not decide what to generate.
export * from "./literal.js";
export * from "./writer.js";
export * from "./format.js";
export * from "./generated-line.js";
export * from "./marker-literal.js";
