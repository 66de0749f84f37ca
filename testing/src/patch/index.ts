// testing/src/patch — the pure object-mutation library behind the test API server's writes:
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
export { deepCopy, isObject, type JsonObject, type JsonValue } from "./json.js";
export { applyMergePatch } from "./merge-patch.js";
export { applyJsonPatch } from "./json-patch.js";
export { applyStrategicMergePatch } from "./strategic-merge-patch.js";
export { patchErrorStatus, type PatchError } from "./patch-error.js";
export { FieldSet, pathToString } from "./field-set.js";
export { UNTYPED, type ListType, type MapType, type TypeInfo } from "./type-info.js";
export { typeInfoFromCrdSchema, type Definitions, type SchemaNode } from "./schema-types.js";
export { BUILTIN_DEFINITIONS } from "./builtin-definitions.js";
export {
  builtinDefinitionName,
  builtinDefinitionsOf,
  builtinKinds,
  builtinResourceSchema,
  crdResourceSchema,
  type ResourceSchema,
  type SchemaRelease,
} from "./resource-schema.js";
export { compare, toFieldSet } from "./typed-walk.js";
export { decodeManagedFields, managerFromUserAgent, MAX_UPDATE_MANAGERS, updateManagedFields } from "./managed-fields.js";
export { serverSideApply, type ApplyOptions } from "./apply.js";
export { conflictMessage } from "./conflict.js";
export { prepareForCreate, prepareForUpdate, scaleManagedFields } from "./subresources.js";
