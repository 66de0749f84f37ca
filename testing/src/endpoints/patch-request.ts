// PATCH: merge, JSON and strategic merge patches (the last for built-ins only: custom resources answer
// 415) and server-side apply (fieldManager required, create when missing, 409 on conflicts unless force),
// computed by the patch library and stored through the normal update path.
import { parse as parseYaml } from "yaml";
import { noteRequestObject } from "../audit/audit-log.js";
import {
  APPLY_PATCH,
  applyJsonPatch,
  applyMergePatch,
  applyStrategicMergePatch,
  BUILTIN_PATCH_TYPES,
  CUSTOM_RESOURCE_PATCH_TYPES,
  JSON_PATCH,
  MERGE_PATCH,
  patchErrorStatus,
  serverSideApply,
  STRATEGIC_MERGE_PATCH,
  type JsonObject,
  type JsonValue,
  type PatchError,
} from "../patch/index.js";
import { builtinDecodeError } from "../builtin/decode.js";
import { patchSchemaFor } from "../registry/patch-schema.js";
import { mediaType } from "./http-io.js";
import { decodeObject, goJsonError, jsonDepthError } from "./object-decode.js";
import { groupVersion, type ResourceInfo, type KubeObject } from "../registry/resource-info.js";
import { nowTimestamp, type ServerState } from "../server-state.js";
import { ApiError, badRequest, invalid, notFound, unsupportedMediaType, type StatusCause } from "../status-errors.js";
import { createObject, type WriteResult } from "../registry/write-create.js";
import { groupResource, objectKey, resourceKey, toWire, type WriteOptions } from "../registry/write-common.js";
import { updateObject } from "../registry/write-update.js";
import { queryBool } from "./query-params.js";
import { deepCopy, stringifyJson } from "../patch/json.js";

/** Turns a patch library error into the Status the server answers with. */
export function patchFailure(err: PatchError): ApiError {
  const status = patchErrorStatus(err) as Record<string, unknown>;
  const details = status["details"] as Record<string, unknown> | undefined;
  return new ApiError(err.code, err.reason, err.message, details ? {} : undefined);
}

/** Parses a JSON patch document, or the server's 400 for malformed JSON. */
export function parsePatchJson(body: string): JsonValue {
  const deep = jsonDepthError(body);
  if (deep) throw badRequest(`error decoding patch: ${deep}`);
  let doc: JsonValue;
  try {
    doc = JSON.parse(body) as JsonValue;
  } catch (e) {
    throw badRequest(`error decoding patch: ${goJsonError(e)}`);
  }
  // The audit log's requestObject for a patch is the patch document.
  noteRequestObject(doc, true);
  return doc;
}

/** Applies a non-apply patch of type `type` to `current`, returning the patched object. */
export function applyPatchDocument(info: ResourceInfo, type: string, current: JsonObject, body: string): JsonObject {
  const doc = parsePatchJson(body);
  let out: JsonValue | undefined;
  if (type === MERGE_PATCH) {
    if (doc === null || typeof doc !== "object" || Array.isArray(doc))
      throw badRequest("json: cannot unmarshal non-object into Go value of type map[string]interface {}");
    out = applyMergePatch(current, doc);
  } else if (type === JSON_PATCH) {
    const r = applyJsonPatch(current, doc);
    if (!r.ok) throw patchFailure(r.error);
    out = r.value;
  } else if (type === STRATEGIC_MERGE_PATCH) {
    const r = applyStrategicMergePatch(current, doc, patchSchemaFor(info).type);
    if (!r.ok) throw patchFailure(r.error);
    out = r.value;
  }
  if (!out || typeof out !== "object" || Array.isArray(out)) throw badRequest("the patched object is not a JSON object");
  return out;
}

/** What a PATCH request addresses. */
export interface PatchTarget {
  namespace: string | undefined;
  name: string;
  subresource?: string;
}

/**
 * The checks ValidatePatchOptions makes before the ones every write shares: `force` only on apply
 * patches, and a fieldManager required on them.
 */
export function patchOptionCauses(contentType: string | undefined, query: URLSearchParams): StatusCause[] {
  const apply = (contentType ?? "").split(";")[0]?.trim() === APPLY_PATCH;
  if (!apply)
    return query.has("force")
      ? [{ reason: "FieldValueForbidden", message: "Forbidden: may not be specified for non-apply patch", field: "force" }]
      : [];
  return query.get("fieldManager")
    ? []
    : [{ reason: "FieldValueRequired", message: "Required value: is required for apply patch", field: "fieldManager" }];
}

function requireManager(query: URLSearchParams): string {
  const m = query.get("fieldManager");
  if (!m)
    throw invalid("PatchOptions.meta.k8s.io", { group: "meta.k8s.io", kind: "PatchOptions" }, "", [
      { reason: "FieldValueRequired", message: "Required value: is required for apply patch", field: "fieldManager" },
    ]);
  return m;
}

function parseApplyBody(body: string): JsonObject {
  let v: unknown;
  try {
    v = parseYaml(body);
  } catch (e) {
    throw badRequest(`error decoding YAML: ${(e as Error).message}`);
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw badRequest("error decoding YAML: the apply patch is not an object");
  // The audit log's requestObject for an apply is its configuration, as for any patch its document.
  noteRequestObject(v, true);
  return v as JsonObject;
}

const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

/** Go's encoding/json of a decoded value: map keys sorted. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return stringifyJson(v);
}

/**
 * The apiserver's last-applied updater: an object once written by client-side apply (it carries the
 * last-applied-configuration annotation) keeps that annotation current under server-side apply, set to
 * the applied configuration (without the annotation itself) as JSON, so a later client-side apply diffs
 * against what was applied last.
 */
function updateLastApplied(live: KubeObject, obj: KubeObject, applied: JsonObject): void {
  const liveAnnotations = live.metadata["annotations"] as Record<string, unknown> | undefined;
  if (liveAnnotations?.[LAST_APPLIED] === undefined) return;
  const config = deepCopy(applied) as Record<string, unknown>;
  const meta = config["metadata"] as Record<string, unknown> | undefined;
  const annotations = meta?.["annotations"] as Record<string, unknown> | undefined;
  if (meta && annotations && typeof annotations === "object") {
    delete annotations[LAST_APPLIED];
    if (Object.keys(annotations).length === 0) delete meta["annotations"];
  }
  const objAnnotations = (obj.metadata["annotations"] ?? {}) as Record<string, unknown>;
  obj.metadata["annotations"] = { ...objAnnotations, [LAST_APPLIED]: `${sortedJson(config)}\n` };
}

function serverSideApplyRequest(
  state: ServerState,
  info: ResourceInfo,
  target: PatchTarget,
  body: string,
  query: URLSearchParams,
  opts: WriteOptions,
): Promise<WriteResult> {
  const manager = requireManager(query);
  const parsed = parseApplyBody(body);
  const applied = decodeObject(stringifyJson(parsed), info) as JsonObject;
  const live = state.store.get(resourceKey(info), objectKey(info, target.namespace, target.name));
  const now = nowTimestamp();
  const applyOpts = {
    manager,
    apiVersion: groupVersion(info),
    ...(target.subresource ? { subresource: target.subresource } : {}),
    time: now,
    schema: patchSchemaFor(info),
    force: queryBool(query, "force") === true,
  };
  const result = serverSideApply(live ? (toWire(info, live) as JsonObject) : undefined, applied, applyOpts);
  if (!result.object) {
    const s = result.status as Record<string, unknown>;
    throw new ApiError(409, "Conflict", String(s["message"]), s["details"] ?? {});
  }
  const obj = result.object as KubeObject;
  if (live) updateLastApplied(live, obj, parsed);
  if (!live) {
    if (target.subresource) throw notFound(groupResource(info), target.name);
    if (obj.metadata["name"] === undefined) obj.metadata["name"] = target.name;
    if (obj.metadata["name"] !== target.name)
      throw badRequest(`the name of the object (${String(obj.metadata["name"])}) does not match the name on the URL (${target.name})`);
    return createObject(state, info, target.namespace, obj, opts, () => {});
  }
  const req = { namespace: target.namespace, name: target.name, fromPatch: true, managed: (): void => {} };
  return updateObject(state, info, obj, target.subresource ? { ...req, subresource: target.subresource } : req, opts);
}

/** Serves PATCH on an object or its status subresource. */
export function patchObject(
  state: ServerState,
  info: ResourceInfo,
  target: PatchTarget,
  contentType: string | undefined,
  body: string,
  query: URLSearchParams,
  opts: WriteOptions,
): Promise<WriteResult> {
  const type = mediaType(contentType);
  const accepted = info.custom ? CUSTOM_RESOURCE_PATCH_TYPES : BUILTIN_PATCH_TYPES;
  if (!accepted.includes(type)) throw unsupportedMediaType([...accepted]);
  if (type === APPLY_PATCH) return serverSideApplyRequest(state, info, target, body, query, opts);
  const live = state.store.get(resourceKey(info), objectKey(info, target.namespace, target.name));
  if (!live) throw notFound(groupResource(info), target.name);
  const patched = applyPatchDocument(info, type, toWire(info, live) as JsonObject, body) as KubeObject;
  if (!info.custom) {
    // The patched document is decoded into the Go struct; a type error there is a 422 on "patch" that
    // quotes the whole patched object, as the real patch handler answers.
    const err = builtinDecodeError(groupVersion(info), info.kind, patched, info.schemaRelease);
    if (err)
      throw invalid("", { group: "", kind: "" }, "", [
        { reason: "FieldValueInvalid", message: `Invalid value: ${JSON.stringify(stringifyJson(patched))}: ${err}`, field: "patch" },
      ]);
  }
  if (!patched.metadata || typeof patched.metadata !== "object") patched.metadata = {};
  const req = { namespace: target.namespace, name: target.name, fromPatch: true };
  return updateObject(state, info, patched, target.subresource ? { ...req, subresource: target.subresource } : req, opts);
}
