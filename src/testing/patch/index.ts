// src/testing/patch — the pure object-mutation library behind the test API server's writes:
// JSON merge patch, JSON patch, strategic merge patch, server-side apply, and metadata.managedFields
// bookkeeping, matching kube-apiserver 1.24 (see test/fixtures/apiserver-transcripts).
//
// It owns: how an object changes under a patch or apply, who owns which fields afterwards, and the
// Status bodies for patch failures and apply conflicts.
// It must not: do I/O, read the clock (times are passed in), generate names/uids/resourceVersions,
// bump metadata.generation, default or validate objects, or choose HTTP routes — the server does that.
//
// How a write uses it (schema = crdResourceSchema(...) or builtinResourceSchema(...)):
//   create:        obj = prepareForCreate(obj, schema); obj = updateManagedFields(undefined, obj, w)
//   update/patch:  next = applyMergePatch | applyJsonPatch | applyStrategicMergePatch (live, body) or the PUT body;
//                  next = updateManagedFields(live, next, w); next = prepareForUpdate(live, next, schema, sub)
//   apply:         r = serverSideApply(live | undefined, body, { ...w, force }); r.object, or answer r.status
//   /scale write:  parent = scaleManagedFields(parentWithNewReplicas, specReplicasPath)
// where w = { manager, apiVersion, subresource?, time, schema }. Then the server defaults, validates,
// bumps generation and resourceVersion, and stores.

export {
  APPLY_PATCH,
  BUILTIN_PATCH_TYPES,
  CUSTOM_RESOURCE_PATCH_TYPES,
  JSON_PATCH,
  MERGE_PATCH,
  STRATEGIC_MERGE_PATCH,
  unsupportedPatchMessage,
} from "./content-types.js";
export { cloneJson, isObject, jsonEqual, type JsonObject, type JsonValue } from "./json.js";
export { applyMergePatch } from "./merge-patch.js";
export { applyJsonPatch, decodeJsonPatch, type JsonPatchOperation } from "./json-patch.js";
export { applyStrategicMergePatch } from "./strategic-merge-patch.js";
export { patchErrorStatus, type PatchError, type PatchResult } from "./patch-error.js";
export { FieldSet, pathToString, type FieldPath, type PathElement } from "./field-set.js";
export { SCALAR, UNTYPED, type ListType, type MapType, type PatchMeta, type TypeInfo } from "./type-info.js";
export { typeInfoFromCrdSchema, typeInfoFromDefinitions, type Definitions, type SchemaNode } from "./schema-types.js";
export { BUILTIN_DEFINITIONS } from "./builtin-definitions.js";
export {
  builtinDefinitionName,
  builtinKinds,
  builtinResourceSchema,
  crdResourceSchema,
  ignoredFields,
  type ResourceSchema,
} from "./resource-schema.js";
export { compare, toFieldSet, type Comparison } from "./typed-walk.js";
export {
  decodeManagedFields,
  encodeManagedFields,
  managerFromUserAgent,
  MAX_UPDATE_MANAGERS,
  STRIPPED_FIELDS,
  updateManagedFields,
  withManagedFields,
  withoutManagedFields,
  type ManagedEntry,
  type UpdateOptions,
  type WriterOptions,
} from "./managed-fields.js";
export { serverSideApply, type ApplyOptions, type ApplyResult } from "./apply.js";
export { conflictMessage, conflictStatus, describeManager, type ApplyConflict } from "./conflict.js";
export { prepareForCreate, prepareForUpdate, scaleManagedFields } from "./subresources.js";
