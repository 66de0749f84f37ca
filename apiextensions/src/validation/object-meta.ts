// ObjectMeta handling that the server applies to the resource root and to x-kubernetes-embedded-resource
// objects: which metadata fields exist (others are dropped and reported as unknown), the checks of
// ValidateObjectMetaAccessor on create (names, namespace, labels, annotations, owner references, finalizers)
// and ValidateObjectMetaAccessorUpdate's finalizer rule, and the embedded apiVersion/kind/metadata checks of
// schemaobjectmeta.Validate. The validate command and the test API server both use these, so both answer
// with the same causes (the test server only adds core's finalizer-name rule, see ObjectMetaOptions).
import type { FieldError } from "./types.js";
import { childPath, fieldError, forbidden, indexPath, invalid, invalidPrinted, required } from "./field-error.js";
import { goQuote } from "./go-format.js";
import {
  dns1035LabelProblems,
  dns1123LabelProblems,
  labelValueProblems,
  nameProblems,
  pathSegmentProblems,
  qualifiedNameProblems,
  type NameRule,
  type ServerWording,
} from "./name-rules.js";
import { isObject, keySchema, type SchemaNode } from "./schema-node.js";

/** The JSON field names of metav1.ObjectMeta (1.24). */
export const OBJECT_META_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "generateName",
  "namespace",
  "selfLink",
  "uid",
  "resourceVersion",
  "generation",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "labels",
  "annotations",
  "ownerReferences",
  "finalizers",
  "clusterName",
  "managedFields",
]);

/** Checks embedded resources (x-kubernetes-embedded-resource) below the root like schemaobjectmeta.Validate:
 *  apiVersion and kind required, strings, non-empty, apiVersion a group/version, kind a DNS-1035 label in any
 *  case, metadata.name a valid path segment (the other ObjectMeta checks are not reproduced). */
export function validateEmbeddedResources(
  node: SchemaNode,
  obj: unknown,
  path: string,
  out: FieldError[],
  w: ServerWording,
  isRoot = true,
): void {
  if (Array.isArray(obj)) {
    const items = node.items;
    if (items) obj.forEach((x, i) => validateEmbeddedResources(items, x, `${path}[${i}]`, out, w, false));
    return;
  }
  if (!isObject(obj)) return;
  if (node.embedded && !isRoot) checkEmbedded(obj, path, out, w);
  for (const [k, v] of Object.entries(obj)) {
    const sub = keySchema(node, k);
    if (sub) validateEmbeddedResources(sub, v, node.properties?.has(k) === true ? childPath(path, k) : `${path}[${k}]`, out, w, false);
  }
}

function checkEmbedded(obj: Record<string, unknown>, path: string, out: FieldError[], w: ServerWording): void {
  if (!Object.hasOwn(obj, "apiVersion")) out.push(required(childPath(path, "apiVersion")));
  if (!Object.hasOwn(obj, "kind")) out.push(required(childPath(path, "kind")));
  const apiVersion = obj["apiVersion"];
  if (Object.hasOwn(obj, "apiVersion")) {
    const at = childPath(path, "apiVersion");
    if (typeof apiVersion !== "string") out.push(invalid(at, apiVersion, "must be a string", w));
    else if (apiVersion === "") out.push(invalid(at, apiVersion, "must not be empty"));
    else if (apiVersion.split("/").length > 2) out.push(invalid(at, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  }
  const kind = obj["kind"];
  if (Object.hasOwn(obj, "kind")) {
    const at = childPath(path, "kind");
    if (typeof kind !== "string") out.push(invalid(at, kind, "must be a string", w));
    else if (kind === "") out.push(invalid(at, kind, "must not be empty"));
    else {
      const errs = dns1035LabelProblems(kind.toLowerCase());
      if (errs.length > 0) out.push(invalid(at, kind, `may have mixed case, but should otherwise match: ${errs.join(",")}`));
    }
  }
  const meta = obj["metadata"];
  if (isObject(meta) && typeof meta["name"] === "string" && meta["name"] !== "") {
    const name = meta["name"];
    for (const msg of pathSegmentProblems(name)) out.push(invalid(childPath(path, "metadata.name"), name, msg));
  }
}

/** The metadata fields ValidateObjectMeta inspects, as decoded JSON (so any type may turn up). */
export interface MetaInput {
  name?: unknown;
  generateName?: unknown;
  namespace?: unknown;
  labels?: unknown;
  annotations?: unknown;
  finalizers?: unknown;
  ownerReferences?: unknown;
  deletionTimestamp?: unknown;
  uid?: unknown;
}

/** How validateObjectMeta treats one kind. */
export interface ObjectMetaOptions {
  /** The kind's name syntax (custom resources: DNS subdomain). */
  nameRule: NameRule;
  /** Namespaced kinds need a DNS-1123 label namespace; cluster-scoped kinds must carry none. */
  namespaced: boolean;
  /** Report a missing namespace of a namespaced kind. The server fills it from the URL first, so only
   *  callers that validate objects as stored want this; files normally leave it to kubectl. */
  requireNamespace?: boolean;
  /** Add pkg/apis/core's rule for built-in kinds that a finalizer without '/' must be a standard one
   *  (kubernetes, orphan, foregroundDeletion). Custom resources are not held to it. */
  builtinFinalizerRule?: boolean;
  /** Whose messages to give: kube-apiserver 1.24's (the default, what `kube-codegen validate` checks
   *  against) or 1.37's (the test server's default), see ServerWording and ownerReferenceErrors137. */
  wording?: ServerWording;
}

/** ValidateObjectMetaAccessor on create: the causes, in the server's order and with its messages and paths. */
export function validateObjectMeta(meta: MetaInput, options: ObjectMetaOptions): FieldError[] {
  const out: FieldError[] = [];
  const wording = options.wording ?? "1.24";
  const generateName = typeof meta.generateName === "string" ? meta.generateName : "";
  const name = typeof meta.name === "string" ? meta.name : "";
  if (generateName !== "") {
    for (const m of nameProblems(generateName, options.nameRule, true, wording))
      out.push(invalid("metadata.generateName", generateName, m));
  }
  if (name === "") {
    if (generateName === "") out.push(required("metadata.name", "name or generateName is required"));
  } else {
    for (const m of nameProblems(name, options.nameRule, false, wording)) out.push(invalid("metadata.name", name, m));
  }
  out.push(...namespaceErrors(meta.namespace, options));
  out.push(...labelErrors(meta.labels, wording));
  out.push(...annotationErrors(meta.annotations, wording));
  out.push(...(wording === "1.37" ? ownerReferenceErrors137 : ownerReferenceErrors)(meta.ownerReferences));
  out.push(...finalizerErrors(meta.finalizers, options.builtinFinalizerRule === true, wording));
  return out;
}

function namespaceErrors(value: unknown, options: ObjectMetaOptions): FieldError[] {
  const namespace = typeof value === "string" ? value : "";
  if (!options.namespaced) return namespace === "" ? [] : [forbidden("metadata.namespace", "not allowed on this type")];
  if (namespace === "") return options.requireNamespace ? [required("metadata.namespace")] : [];
  return dns1123LabelProblems(namespace).map((m) => invalid("metadata.namespace", namespace, m));
}

// A non-string value cannot reach the server's checks (decoding fails first); check its text so that the
// caller still gets an answer rather than a crash.
const text = (v: unknown): string => (typeof v === "string" ? v : String(v));

/** v1validation.ValidateLabels: every key a qualified name, every value a label value. */
function labelErrors(labels: unknown, wording: ServerWording): FieldError[] {
  if (!isObject(labels)) return [];
  const out: FieldError[] = [];
  for (const [k, v] of Object.entries(labels)) {
    for (const m of qualifiedNameProblems(k, wording)) out.push(invalid("metadata.labels", k, m));
    const value = text(v);
    for (const m of labelValueProblems(value, wording)) out.push(invalid("metadata.labels", value, m));
  }
  return out;
}

/** TotalAnnotationSizeLimitB: keys and values together, in bytes. */
export const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

/** ValidateAnnotations: keys are qualified names in any case; keys and values at most 256 KiB in all. */
function annotationErrors(annotations: unknown, wording: ServerWording): FieldError[] {
  if (!isObject(annotations)) return [];
  const out: FieldError[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) {
    for (const m of qualifiedNameProblems(k.toLowerCase(), wording)) out.push(invalid("metadata.annotations", k, m));
    total += Buffer.byteLength(k, "utf8") + Buffer.byteLength(text(v), "utf8");
  }
  // field.TooLong prints no value; 1.24 words the limit "must have at most", 1.37 "may not be more than".
  if (total > ANNOTATIONS_SIZE_LIMIT)
    out.push(fieldError("FieldValueTooLong", "metadata.annotations", undefined, tooLongBytes(ANNOTATIONS_SIZE_LIMIT, wording)));
  return out;
}

// schema.ParseGroupVersion's version: "" for "", "apps/" and anything with more than one '/'.
function apiVersionVersion(apiVersion: string): string {
  const parts = apiVersion.split("/");
  if (parts.length === 1) return apiVersion;
  return parts.length === 2 ? (parts[1] ?? "") : "";
}

/** field.TooLong's detail for a byte limit, as each server words it. */
export function tooLongBytes(limit: number, wording: ServerWording): string {
  return wording === "1.37" ? `may not be more than ${limit} bytes` : `must have at most ${limit} bytes`;
}

/** ValidateOwnerReferences as 1.24 words it: causes under "metadata.ownerReferences" without an index. */
function ownerReferenceErrors(refs: unknown): FieldError[] {
  if (!Array.isArray(refs)) return [];
  const out: FieldError[] = [];
  const base = "metadata.ownerReferences";
  let firstController = "";
  for (const r of refs) {
    const ref = isObject(r) ? r : {};
    const str = (k: string): string => (typeof ref[k] === "string" ? ref[k] : "");
    const apiVersion = str("apiVersion");
    if (apiVersionVersion(apiVersion) === "") out.push(invalid(`${base}.apiVersion`, apiVersion, "version must not be empty"));
    if (str("kind") === "") out.push(invalid(`${base}.kind`, str("kind"), "kind must not be empty"));
    if (str("name") === "") out.push(invalid(`${base}.name`, str("name"), "name must not be empty"));
    if (str("uid") === "") out.push(invalid(`${base}.uid`, str("uid"), "uid must not be empty"));
    if (apiVersion === "v1" && str("kind") === "Event") out.push(invalid(base, ref, "/v1, Kind=Event is disallowed from being an owner"));
    if (ref["controller"] !== true) continue;
    const current = `${str("kind")}/${str("name")}`;
    if (firstController === "") firstController = current;
    else
      out.push(
        invalid(
          base,
          refs,
          `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
        ),
      );
  }
  return out;
}

/** An owner reference as 1.37 prints it in a message: JSON in the Go struct's field order, empty fields left out. */
function ownerReferenceJson(ref: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ["apiVersion", "kind", "name", "uid"]) out[k] = typeof ref[k] === "string" ? ref[k] : "";
  for (const k of ["controller", "blockOwnerDeletion"]) if (typeof ref[k] === "boolean") out[k] = ref[k];
  return out;
}

/** ValidateOwnerReferences as 1.37 words it: each reference's errors under its index, an empty field
 *  Required ("must not be empty"), compound values printed as JSON. */
function ownerReferenceErrors137(refs: unknown): FieldError[] {
  if (!Array.isArray(refs)) return [];
  const out: FieldError[] = [];
  const base = "metadata.ownerReferences";
  let firstController = "";
  refs.forEach((r, i) => {
    const ref = ownerReferenceJson(isObject(r) ? r : {});
    const at = indexPath(base, i);
    const str = (k: string): string => String(ref[k]);
    if (str("apiVersion") === "") out.push(required(childPath(at, "apiVersion"), "must not be empty"));
    else if (apiVersionVersion(str("apiVersion")) === "")
      out.push(invalid(childPath(at, "apiVersion"), str("apiVersion"), "must be <group>/<version> or <version>"));
    for (const k of ["kind", "name", "uid"]) if (str(k) === "") out.push(required(childPath(at, k), "must not be empty"));
    if (str("apiVersion") === "v1" && str("kind") === "Event")
      out.push(invalidPrinted(at, JSON.stringify(ref), "/v1, Kind=Event is disallowed from being an owner"));
    if (ref["controller"] !== true) return;
    const current = `${str("kind")}/${str("name")}`;
    if (firstController === "") firstController = current;
    else
      out.push(
        invalidPrinted(
          base,
          JSON.stringify(refs.map((x) => ownerReferenceJson(isObject(x) ? x : {}))),
          `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
        ),
      );
  });
  return out;
}

const STANDARD_FINALIZERS: ReadonlySet<string> = new Set(["kubernetes", "orphan", "foregroundDeletion"]);

/** ValidateFinalizers (qualified names under "metadata.finalizers", orphan and foregroundDeletion exclusive),
 *  plus, for built-in kinds, core's per-index rule that an unqualified finalizer must be a standard one. */
function finalizerErrors(finalizers: unknown, builtinRule: boolean, wording: ServerWording): FieldError[] {
  if (!Array.isArray(finalizers)) return [];
  const names = finalizers.map(text);
  const out: FieldError[] = [];
  for (const f of names) for (const m of qualifiedNameProblems(f, wording)) out.push(invalid("metadata.finalizers", f, m));
  if (names.includes("orphan") && names.includes("foregroundDeletion")) {
    // The list is Go's %#v in 1.24, JSON in 1.37.
    const shown = wording === "1.37" ? JSON.stringify(names) : `[]string{${names.map(goQuote).join(", ")}}`;
    out.push(invalidPrinted("metadata.finalizers", shown, "finalizer orphan and foregroundDeletion cannot be both set"));
  }
  if (builtinRule)
    names.forEach((f, i) => {
      if (!f.includes("/") && !STANDARD_FINALIZERS.has(f))
        out.push(invalid(indexPath("metadata.finalizers", i), f, "name is neither a standard finalizer name nor is it fully qualified"));
    });
  return out;
}

/** Warnings newer servers (not 1.24) send for metadata the server accepts: finalizers without a '/'. */
export function objectMetaWarnings(meta: MetaInput): string[] {
  if (!Array.isArray(meta.finalizers)) return [];
  return meta.finalizers
    .filter((f): f is string => typeof f === "string" && !f.includes("/") && !STANDARD_FINALIZERS.has(f))
    .map(
      (f) =>
        `metadata.finalizers: ${goQuote(f)}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
    );
}

/** ValidateObjectMetaAccessorUpdate's finalizer rule (no new finalizers once deletion has started), then
 *  its uid rule: an update may leave the uid out but not change it. */
export function validateObjectMetaUpdate(meta: MetaInput, old: MetaInput): FieldError[] {
  const uid = typeof meta.uid === "string" ? meta.uid : "";
  const uidChanged = uid !== "" && uid !== old.uid ? [invalid("metadata.uid", uid, "field is immutable")] : [];
  return [...finalizersAddedWhileDeleting(meta, old), ...uidChanged];
}

function finalizersAddedWhileDeleting(meta: MetaInput, old: MetaInput): FieldError[] {
  if (!old.deletionTimestamp) return [];
  const before = new Set(Array.isArray(old.finalizers) ? old.finalizers.map(text) : []);
  const after = Array.isArray(meta.finalizers) ? meta.finalizers.map(text) : [];
  // sets.String.List(): distinct and sorted.
  const extra = [...new Set(after.filter((f) => !before.has(f)))].sort();
  if (extra.length === 0) return [];
  const shown = `[]string{${extra.map(goQuote).join(", ")}}`;
  return [forbidden("metadata.finalizers", `no new finalizers can be added if the object is being deleted, found new finalizers ${shown}`)];
}
