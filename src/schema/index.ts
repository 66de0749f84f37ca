// Stage: schema. Owns model + markers → structural OpenAPI v3 schemas for CRDs (the input
// dialect's type table, docs/guide/writing-api-packages.md#types-and-their-crd-schemas, and
// controller-gen's marker order and descriptions); the offline CRD checks it runs live in
// apiextensions/src/crd-checks. It keeps a map from each schema path to the source position it came from so
// problems can be reported at the marker, field or type that caused them. It must not decide
// file names or serialise anything (the crd generator does), nor touch the disk.
export { buildKindSchema, SCHEMA_ROOT, type SchemaShape } from "./build-schema.js";
export { applyMarkers } from "./apply-markers.js";
export { API_VERSION_DESCRIPTION, QUANTITY_PATTERN } from "./builtin-schemas.js";
export { CURRENT_API_VERSION_DESCRIPTION } from "./builtin-descriptions.js";
export { schemaDescription, truncateDescription, limitDescriptions } from "./description.js";
export { SourceMap, joinPath, parentPath } from "./source-map.js";
