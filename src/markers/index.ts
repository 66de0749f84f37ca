// Stage: markers. Owns the generic marker grammar (`+name`, `+name=value`, `+a:b:arg=v,arg2=v`,
// lists, maps, quoted and raw strings, JSON), the registry of declared markers with "did you mean"
// suggestions, and collecting comment lines above declarations (gengo's two-block rule) or, for
// controller sources, every `//` line of a file (controller-gen's package markers).
// It must not know any Kubernetes marker or concept: those are declared as data in src/vocab.
// It returns diagnostics and never throws for bad input.
export * from "./types.js";
export { MarkerRegistry } from "./registry.js";
export { parseMarkers, parseMarkersAbove, isMarkerLine } from "./parse.js";
export { commentLinesAbove, leadingCommentLines } from "./collect.js";
export { MarkerSet } from "./marker-set.js";
export { typeLabel } from "./values.js";
export { MarkerSyntaxError } from "./scanner.js";
export { lineComments } from "./line-comments.js";
export { writtenMarkerName } from "./marker-name.js";
