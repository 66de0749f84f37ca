// Stage: diagnostics. Owns the Diagnostic shape, how it prints, and the one table of diagnostic
// codes (codes.ts: each code's name, severity, meaning and example, which the docs are generated
// from). Its code depends on no other stage; the table only describes, in words, what the other
// stages report. Every other stage returns these instead of throwing. markdown.ts holds the table
// cell helpers both generated reference pages use (this one and the marker reference in vocab);
// line-map.ts places offsets of a file's text; suggest.ts is the one "did you mean" (edit distance
// and nearest candidates) every stage's hints use: markers, model, config.
export * from "./codes.js";
export * from "./diagnostic.js";
export * from "./line-map.js";
export * from "./markdown.js";
export * from "./print.js";
export * from "./reference.js";
export * from "./suggest.js";
