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
 *  apiVersion and kind required, strings, non-empty, apiVersion a group/version, kind a DNS-1035 label in any
 *  case, metadata.name a valid path segment (the other ObjectMeta checks are not reproduced). */
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

const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035_MESSAGE =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

// utilvalidation.IsDNS1035Label: the messages joined with "," by the caller.
function dns1035Errors(s: string): string[] {
  const errs: string[] = [];
  if (s.length > 63) errs.push("must be no more than 63 characters");
  if (!DNS1035_LABEL.test(s)) errs.push(DNS1035_MESSAGE);
  return errs;
}

// path.ValidatePathSegmentName, the name rule embedded ObjectMeta is held to.
function pathSegmentErrors(name: string): string[] {
  if (name === "." || name === "..") return [`may not be '${name}'`];
  return ["/", "%"].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

function checkEmbedded(obj: Record<string, unknown>, path: string, out: FieldError[]): void {
  if (!Object.hasOwn(obj, "apiVersion")) out.push(required(childPath(path, "apiVersion")));
  if (!Object.hasOwn(obj, "kind")) out.push(required(childPath(path, "kind")));
  const apiVersion = obj["apiVersion"];
  if (Object.hasOwn(obj, "apiVersion")) {
    const at = childPath(path, "apiVersion");
    if (typeof apiVersion !== "string") out.push(invalid(at, apiVersion, "must be a string"));
    else if (apiVersion === "") out.push(invalid(at, apiVersion, "must not be empty"));
    else if (apiVersion.split("/").length > 2) out.push(invalid(at, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  }
  const kind = obj["kind"];
  if (Object.hasOwn(obj, "kind")) {
    const at = childPath(path, "kind");
    if (typeof kind !== "string") out.push(invalid(at, kind, "must be a string"));
    else if (kind === "") out.push(invalid(at, kind, "must not be empty"));
    else {
      const errs = dns1035Errors(kind.toLowerCase());
      if (errs.length > 0) out.push(invalid(at, kind, `may have mixed case, but should otherwise match: ${errs.join(",")}`));
    }
  }
  const meta = obj["metadata"];
  if (isObject(meta) && typeof meta["name"] === "string" && meta["name"] !== "") {
    const name = meta["name"];
    for (const msg of pathSegmentErrors(name)) out.push(invalid(childPath(path, "metadata.name"), name, msg));
  }
}
