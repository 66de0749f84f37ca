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

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Checks embedded resources (x-kubernetes-embedded-resource) below the root: kind and apiVersion present,
 *  metadata.name a DNS subdomain when set. */
export function validateEmbeddedResources(node: SchemaNode, obj: unknown, path: string, out: FieldError[]): void {
  if (Array.isArray(obj)) {
    if (node.items) obj.forEach((x, i) => validateEmbeddedResources(node.items as SchemaNode, x, `${path}[${i}]`, out));
    return;
  }
  if (!isObject(obj)) return;
  if (node.embedded) checkEmbedded(obj, path, out);
  for (const [k, v] of Object.entries(obj)) {
    const sub = node.properties?.get(k) ?? (typeof node.additional === "object" ? node.additional : undefined);
    if (sub) validateEmbeddedResources(sub, v, node.properties?.has(k) ? childPath(path, k) : `${path}[${k}]`, out);
  }
}

function checkEmbedded(obj: Record<string, unknown>, path: string, out: FieldError[]): void {
  const kind = obj["kind"];
  const apiVersion = obj["apiVersion"];
  if (kind === undefined || kind === "") out.push(required(childPath(path, "kind"), "must not be empty"));
  if (apiVersion === undefined || apiVersion === "") out.push(required(childPath(path, "apiVersion"), "must not be empty"));
  else if (typeof apiVersion === "string" && apiVersion.split("/").length > 2) {
    out.push(invalid(childPath(path, "apiVersion"), apiVersion, "must be of the format <group>/<version> or <version>"));
  }
  const meta = obj["metadata"];
  if (isObject(meta) && typeof meta["name"] === "string" && meta["name"] !== "") {
    const name = meta["name"];
    if (name.length > 253) out.push(invalid(childPath(path, "metadata.name"), name, "must be no more than 253 characters"));
    else if (!DNS1123_SUBDOMAIN.test(name)) {
      out.push(
        invalid(
          childPath(path, "metadata.name"),
          name,
          "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        ),
      );
    }
  }
}
