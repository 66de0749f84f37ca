// Stage: validation. Owns custom-resource validation as the real kube-apiserver does it: pruning of unknown
// fields, defaulting, OpenAPI schema checks with the Kubernetes extensions, list-type uniqueness, scale
// fields and x-kubernetes-validations CEL rules, with the server's messages, reasons and field paths; and
// the file-level `kube-codegen validate` core; and ObjectMeta validation (names, namespace, labels,
// annotations, owner references, finalizers), shared with the test API server so both answer alike. It must
// not know about HTTP, stores or the test server (nothing here imports src/testing), the CLI or process exit
// codes beyond returning them.
// The schema is walked here rather than handed to ajv: the server's error texts, reasons, paths and the
// order of checks come from kube-openapi, and ajv's own errors cannot be mapped back onto them faithfully.
// The CRD shapes it reads (JSONSchemaProps, ScaleSubresource) are src/apiextensions' to export.
export type { FieldError, SchemaValidator, UncheckedRule, ValidateOptions } from "./types.js";
export { compileSchema, RULES_NOT_CHECKED } from "./compile-schema.js";
export { formatFieldError } from "./field-error.js";
export {
  validateFiles,
  validateDocument,
  loadCrdCatalog,
  formatValidationReport,
  validationExitCode,
  type ValidationReport,
  type ValidationResult,
  type ValidateFilesOptions,
} from "./validate-files.js";
export { CrdCatalog, type CrdVersion } from "./crd-catalog.js";
export { manifestFiles, parseManifests, type ManifestDocument } from "./load-documents.js";
export {
  validateObjectMeta,
  validateObjectMetaUpdate,
  objectMetaWarnings,
  ANNOTATIONS_SIZE_LIMIT,
  type MetaInput,
  type ObjectMetaOptions,
} from "./object-meta.js";
export {
  nameProblems,
  qualifiedNameProblems,
  labelValueProblems,
  dns1123LabelProblems,
  dns1123SubdomainProblems,
  dns1035LabelProblems,
  pathSegmentProblems,
  type NameRule,
} from "./name-rules.js";
