// ObjectMeta handling that the server applies to the resource root and to x-kubernetes-embedded-resource
// objects: which metadata fields exist (others are dropped and reported as unknown) and the embedded
// apiVersion/kind/metadata checks of schemaobjectmeta.Validate.
import type { FieldError } from "./types.js";
import { childPath, invalid, required } from "./field-error.js";
import { isObject, type SchemaNode } from "./schema-node.js";

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
 *  apiVersion and kind required, strings, non-empty, and apiVersion a group/version. */
export function validateEmbeddedResources(node: SchemaNode, obj: unknown, path: string, out: FieldError[], isRoot = true): void {
  if (Array.isArray(obj)) {
    const items = node.items;
    if (items) obj.forEach((x, i) => validateEmbeddedResources(items, x, `${path}[${i}]`, out, false));
    return;
  }
  if (!isObject(obj)) return;
  if (node.embedded && !isRoot) checkEmbedded(obj, path, out);
  for (const [k, v] of Object.entries(obj)) {
    const prop = node.properties?.get(k);
    const sub = prop ?? (typeof node.additional === "object" ? node.additional : undefined);
    if (sub) validateEmbeddedResources(sub, v, prop ? childPath(path, k) : `${path}[${k}]`, out, false);
  }
}

function checkEmbedded(obj: Record<string, unknown>, path: string, out: FieldError[]): void {
  if (!Object.hasOwn(obj, "apiVersion")) out.push(required(childPath(path, "apiVersion"), "must not be empty"));
  if (!Object.hasOwn(obj, "kind")) out.push(required(childPath(path, "kind"), "must not be empty"));
  for (const k of ["apiVersion", "kind"]) {
    if (!Object.hasOwn(obj, k)) continue;
    const v = obj[k];
    const at = childPath(path, k);
    if (typeof v !== "string") out.push(invalid(at, v, "must be a string"));
    else if (v === "") out.push(invalid(at, v, "must not be empty"));
    else if (k === "apiVersion" && v.split("/").length > 2) out.push(invalid(at, v, `unexpected GroupVersion string: ${v}`));
  }
}
