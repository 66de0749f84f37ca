// Pieces shared by the create, update, patch and delete paths: object keys, names used in errors,
// field validation (prune + Warning/Strict), defaulting, metadata and schema validation, wire shape.
import { randomBytes } from "node:crypto";
import { tooLongBytes } from "@kube-codegen/apiextensions/on-demand";
import { metaRules } from "../builtin/meta-rules.js";
import { pruneUndeclaredFields } from "../builtin/unknown-fields.js";
import { deepCopy } from "../patch/json.js";
import type { Admission } from "./admission-hooks.js";
import { viewAt } from "./conversion-views.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "./object-meta-validation.js";
import { patchSchemaFor } from "./patch-schema.js";
import { groupVersion, storageKey, type ResourceInfo } from "./resource-info.js";
import type { Emulate, ServerState } from "../server-state.js";
import { ApiError, badRequest, invalid, notFound, type GroupResource, type StatusCause } from "../status-errors.js";
import type { KubeObject } from "../storage/store.js";

/** The per-request knobs that change how a write behaves. */
export interface WriteOptions {
  dryRun: boolean;
  fieldValidation: "Ignore" | "Warn" | "Strict";
  /** Field manager recorded in managedFields. */
  manager: string;
  /** Warnings collected for the response. */
  warnings: string[];
  /** The request's admission (webhooks); absent for the server's own writes, which skip it. */
  admission?: Admission;
}

/** "ns/name" for namespaced objects, "name" otherwise: the storage key within a resource. */
export function objectKey(info: ResourceInfo, namespace: string | undefined, name: string): string {
  return info.namespaced ? `${namespace ?? ""}/${name}` : name;
}

/** The resource as NotFound/Conflict errors name it. */
export function groupResource(info: ResourceInfo): GroupResource {
  return { group: info.group, resource: info.resource };
}

/** "Widget.conformance.example.com" or "ConfigMap": how Invalid errors name a kind. */
export function kindLabel(info: ResourceInfo, kind = info.kind): string {
  return info.group ? `${kind}.${info.group}` : kind;
}

/** 422 naming the object by kind, as schema and metadata validation failures do: the stored type's kind
 *  when the resource is stored in another's shape, since that is the type the server validates. */
export function invalidObject(info: ResourceInfo, name: string, causes: StatusCause[]): ApiError {
  const { group, kind } = info.sharedStorage?.storedKind ?? info;
  return invalid(group ? `${kind}.${group}` : kind, { group, kind }, name, causes);
}

/** 422 naming the object by resource, as storage-level checks (missing resourceVersion) do. */
export function invalidByResource(info: ResourceInfo, name: string, causes: StatusCause[]): ApiError {
  const label = info.group ? `${info.resource}.${info.group}` : info.resource;
  return invalid(label, { group: info.group, kind: info.resource }, name, causes);
}

/** The object as sent to clients: apiVersion and kind of the version the request addressed. */
export function toWire(info: ResourceInfo, obj: KubeObject): KubeObject {
  const apiVersion = groupVersion(info);
  if (info.sharedStorage) obj = info.sharedStorage.fromStorage(obj) as KubeObject;
  // A custom resource converted by webhook: the view made when it was written (conversion-views.ts).
  const view = info.conversion && obj["apiVersion"] !== apiVersion ? viewAt(obj, info.version) : undefined;
  if (view) return { ...view, metadata: obj.metadata, apiVersion, kind: info.kind };
  return { ...obj, apiVersion, kind: info.kind };
}

/** Deep copy for modification; stored objects are shared and never mutated. */
export function clone<T>(v: T): T {
  return deepCopy(v);
}

/** The options object a write's query parameters decode into, as validation errors name it. */
export type WriteOptionsKind = "CreateOptions" | "UpdateOptions" | "PatchOptions";

/** A []string as a NotSupported cause prints a dryRun list: Go's %#v in 1.24, JSON in 1.37. */
export function printStringSlice(values: readonly string[], emulate: Emulate): string {
  return emulate === "1.24" ? `[]string{${values.map((v) => JSON.stringify(v)).join(", ")}}` : JSON.stringify(values);
}

/**
 * Reads the dryRun, fieldValidation and fieldManager query parameters, validated as the server's
 * ValidateCreateOptions / ValidateUpdateOptions / ValidatePatchOptions do: every problem is a cause of
 * one 422 on "<kind>.meta.k8s.io". `leading` are causes found earlier (the patch-only checks).
 */
export function writeOptions(
  query: URLSearchParams,
  userAgent: string | undefined,
  kind: WriteOptionsKind = "CreateOptions",
  leading: StatusCause[] = [],
  emulate: Emulate = "1.24",
): WriteOptions {
  const causes: StatusCause[] = [...leading];
  const given = query.get("fieldManager") ?? "";
  if (given.length > 128)
    causes.push({ reason: "FieldValueTooLong", message: `Too long: ${tooLongBytes(128, emulate)}`, field: "fieldManager" });
  const dry = query.getAll("dryRun");
  if (dry.some((d) => d !== "All"))
    causes.push({
      reason: "FieldValueNotSupported",
      message: `Unsupported value: ${printStringSlice(dry, emulate)}: supported values: "All"`,
      field: "dryRun",
    });
  const fvText = query.get("fieldValidation") ?? "";
  if (!["", "Ignore", "Warn", "Strict"].includes(fvText))
    causes.push({
      reason: "FieldValueNotSupported",
      message: `Unsupported value: ${JSON.stringify(fvText)}: supported values: "", "Ignore", "Strict", "Warn"`,
      field: "fieldValidation",
    });
  if (causes.length > 0) throw invalid(`${kind}.meta.k8s.io`, { group: "meta.k8s.io", kind }, "", causes);
  const fv = fvText === "" ? "Warn" : (fvText as WriteOptions["fieldValidation"]);
  // Without a fieldManager the User-Agent's product name stands in, cut to 128 printable characters.
  const fromAgent = [...(userAgent?.split("/")[0] ?? "")]
    .filter((c) => c >= " " && c !== "\u007f")
    .slice(0, 128)
    .join("");
  const manager = given || fromAgent || "unknown";
  return { dryRun: dry.length > 0, fieldValidation: fv, manager, warnings: [] };
}

/** Prunes unknown fields (custom resources) and reports them per fieldValidation: warnings or a 400. */
export function pruneUnknown(info: ResourceInfo, obj: KubeObject, opts: WriteOptions): void {
  // The server's pruning and defaulting are keyed by kind: an object of the wrong kind skips both.
  if (obj["kind"] !== info.kind) return;
  const unknown = info.schema ? info.schema.prune(obj) : info.custom ? [] : pruneUndeclaredFields(patchSchemaFor(info).type, obj);
  if (unknown.length === 0 || opts.fieldValidation === "Ignore") return;
  if (opts.fieldValidation === "Strict")
    throw badRequest(`strict decoding error: ${unknown.map((f) => `unknown field "${f}"`).join(", ")}`);
  for (const f of unknown) opts.warnings.push(`unknown field "${f}"`);
}

/**
 * Deepest object nesting kube-apiserver 1.24 answers for a custom resource. Its field manager takes
 * time exponential in the nesting of maps it keeps (a preserve-unknown-fields value; arrays are
 * linear): on the recording machine a document 20 objects deep took 32 s to create and 21 deep
 * timed out (test/fixtures/hostile-requests.json). The test server answers the same 504 at once.
 * The real server declares no such limit, so this is an approximation of its timing (docs/guide/testing.md).
 */
const MAX_CUSTOM_OBJECT_DEPTH = 20;

/** Whether `v` nests JSON objects more than `limit` deep (arrays do not count); iterative, for any depth. */
function objectsDeeperThan(v: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [x, depth] = top;
    if (!x || typeof x !== "object") continue;
    const d = Array.isArray(x) ? depth : depth + 1;
    if (d > limit) return true;
    for (const child of Array.isArray(x) ? (x as unknown[]) : Object.values(x)) stack.push([child, d]);
  }
  return false;
}

/** The real server's answer to a custom resource it cannot track fields of in time: a 504 Timeout. */
export function checkFieldManagerDepth(info: ResourceInfo, obj: KubeObject): void {
  if (info.custom && objectsDeeperThan(obj, MAX_CUSTOM_OBJECT_DEPTH))
    throw new ApiError(504, "Timeout", "Timeout: request did not complete within requested timeout - context deadline exceeded", {});
}

/** Schema defaults for custom resources, SetDefaults for built-ins. */
export function applyDefaults(info: ResourceInfo, obj: KubeObject): void {
  if (obj["kind"] === info.kind) info.schema?.applyDefaults(obj);
  info.defaulter?.(obj);
}

/**
 * What the server does to an object a mutating webhook patched: decodes it again, so a custom resource
 * is pruned of fields its schema does not declare (silently) and defaulted, and the kind and
 * apiVersion are the request's whatever the patch said.
 */
export function afterMutation(info: ResourceInfo, obj: KubeObject): void {
  if (!obj.metadata || typeof obj.metadata !== "object") obj.metadata = {};
  obj["apiVersion"] = groupVersion(info);
  obj["kind"] = info.kind;
  pruneUnknown(info, obj, { dryRun: false, fieldValidation: "Ignore", manager: "", warnings: [] });
  applyDefaults(info, obj);
}

/** A custom resource whose kind is not the resource's: the type error, plus the CEL rules, which still run. */
function wrongKind(info: ResourceInfo, obj: KubeObject): ApiError {
  const kind = String(obj["kind"]);
  const causes: StatusCause[] = [
    { reason: "FieldValueInvalid", message: `Invalid value: ${JSON.stringify(kind)}: must be ${info.kind}`, field: "kind" },
  ];
  if (info.schema) causes.push(...info.schema.validateRules(obj));
  return invalid(kindLabel(info, kind), { group: info.group, kind }, String(obj.metadata["name"] ?? ""), causes);
}

/**
 * Metadata + schema validation, worded as the emulated server words it; throws a 422 listing every
 * cause. The rules a ratcheting update excuses, and then the strategy's warnings, become `warnings`
 * (Warning headers); a status update checks the status alone against the schema.
 */
export function validateObject(
  info: ResourceInfo,
  obj: KubeObject,
  emulate: Emulate,
  old?: KubeObject,
  options: { warnings?: string[]; status?: boolean } = {},
): void {
  if (info.custom && obj["kind"] !== info.kind) throw wrongKind(info, obj);
  const rules = metaRules(info, emulate);
  const causes: StatusCause[] = info.ownMetaValidation
    ? []
    : validateObjectMeta(obj.metadata, rules.nameRule, info.namespaced, rules.coreFinalizerRule, emulate);
  if (old) causes.push(...validateObjectMetaUpdate(obj.metadata, old.metadata));
  if (info.schema) causes.push(...info.schema.validate(obj, old, options));
  if (info.validator) causes.push(...info.validator(obj, old, emulate));
  if (causes.length > 0) throw invalidObject(info, String(obj.metadata["name"] ?? ""), causes);
  // A status update's strategy has no warnings of its own (the CRD's statusStrategy returns none).
  if (info.warner && !options.status) options.warnings?.push(...info.warner(obj, old));
}

/** 404 unless the namespace exists; 403 when it is terminating and `creating`. */
export function checkNamespace(
  state: ServerState,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  creating: boolean,
): void {
  if (!info.namespaced || namespace === undefined) return;
  const ns = state.store.get("/namespaces", namespace);
  if (!ns) throw notFound({ group: "", resource: "namespaces" }, namespace);
  if (creating && ns.metadata["deletionTimestamp"]) {
    const message = `unable to create new content in namespace ${namespace} because it is being terminated`;
    const qualified = info.group ? `${info.resource}.${info.group}` : info.resource;
    throw new ApiError(403, "Forbidden", `${qualified} "${name}" is forbidden: ${message}`, {
      name,
      group: info.group,
      kind: info.resource,
      // The cause words it differently from the message, as the NamespaceLifecycle admission does.
      causes: [{ reason: "NamespaceTerminating", message: `namespace ${namespace} is being terminated`, field: "metadata.namespace" }],
    });
  }
}

const NAME_CHARS = "bcdfghjklmnpqrstvwxz2456789";

/** generateName + 5 random characters from the server's alphabet (no vowels, no look-alike digits). */
export function generateName(base: string): string {
  const bytes = randomBytes(5);
  let suffix = "";
  for (const b of bytes) suffix += NAME_CHARS.charAt(b % NAME_CHARS.length);
  return `${base.slice(0, 58)}${suffix}`;
}

/** The storage key of a resource (shared by its versions). */
export function resourceKey(info: ResourceInfo): string {
  return info.sharedStorage?.key ?? storageKey(info);
}

/** What is stored for `wire`, an object at the resource's version: the shared storage's shape, if any. */
export function storedForm(info: ResourceInfo, wire: KubeObject): KubeObject {
  return info.sharedStorage ? (info.sharedStorage.toStorage(wire) as KubeObject) : wire;
}

/** Deep equality of JSON values, used for no-op detection and generation bumps. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ka = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const kb = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual(ao[k], bo[k]));
}

/** Everything but metadata (and status when split off): what metadata.generation tracks. */
export function specPart(info: ResourceInfo, obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === "metadata" || k === "apiVersion" || k === "kind") continue;
    if (k === "status" && info.statusSubresource) continue;
    out[k] = v;
  }
  return out;
}
