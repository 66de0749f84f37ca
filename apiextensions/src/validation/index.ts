// Stage: validation. Owns custom-resource validation as the real kube-apiserver does it: pruning of unknown
// fields, defaulting, OpenAPI schema checks with the Kubernetes extensions, list-type uniqueness, scale
// fields and x-kubernetes-validations CEL rules, with the server's messages, reasons and field paths; and
// the file-level `kube-codegen validate` core; and ObjectMeta validation (names, namespace, labels,
// annotations, owner references, finalizers), shared with the test API server so both answer alike. It must
// not know about HTTP, stores or the test server (nothing here imports testing/src), the CLI or process exit
// codes beyond returning them.
// The schema is walked here rather than handed to ajv: the server's error texts, reasons, paths and the
// order of checks come from kube-openapi, and ajv's own errors cannot be mapped back onto them faithfully.
// The CRD shapes it reads (JSONSchemaProps, ScaleSubresource) are apiextensions/src/types' to export.
import * as re2Module from "@bufbuild/re2";
import { celRules } from "./cel/engine.js";
import * as celRuleEngine from "./cel/rules.js";
import { re2 } from "./re2.js";

// This entry's callers compile schemas synchronously, rules and patterns included: CEL and RE2 are
// here from the start (the test server's on-demand entry loads them only when needed, on-demand.ts).
celRules.install(celRuleEngine);
re2.install(re2Module);

export type { FieldError } from "./types.js";
export { compileSchema } from "./compile-schema.js";
export { resolveFieldPath } from "./json-field-path.js";
export { formatFieldError } from "./field-error.js";
export { validateFiles, formatValidationReport, validationExitCode, type ValidationReport } from "./validate-files.js";
export { manifestFiles, parseManifests, type ManifestDocument } from "./load-documents.js";
export { validateObjectMeta, validateObjectMetaUpdate, type MetaInput } from "./object-meta.js";
export { qualifiedNameProblems, labelValueProblems, type NameRule } from "./name-rules.js";
