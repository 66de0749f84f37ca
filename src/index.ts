// kube-codegen's programmatic API: the same pipeline the CLI runs, for build tools that want to
// generate without spawning a process. The runtime and the test server have their own entry
// points (@kube-codegen/runtime, kube-codegen/testing).
export { main } from "./cli/index.js";
export { runPipeline, type PipelineResult } from "./pipeline.js";
export { resolveOptions, generatorNames, type Options, type RawOptions, type GeneratorName } from "./config/index.js";
export { formatDiagnostic, formatDiagnosticLine, type Diagnostic, type SourcePos } from "./diagnostics/index.js";
export { applyPlan, planOutput, planDiff, existingGenerated, type FinalFile, type OutputPlan } from "./output/index.js";
export { kubernetesMarkers, formatMarkerHelp, markerReferenceMarkdown } from "./vocab/index.js";
export { checkCrd, formatCrdProblem, type CrdProblem } from "@kube-codegen/apiextensions/crd-checks";
export { validateFiles, formatValidationReport, compileSchema, type ValidationReport } from "@kube-codegen/apiextensions/validation";
export type * from "./model/types.js";
export type { JSONSchemaProps, ScaleSubresource } from "@kube-codegen/apiextensions";
