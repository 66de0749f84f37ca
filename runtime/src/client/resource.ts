// What a client needs to know about a resource to build its URLs: group, version, plural, kind,
// scope and name rule; and the one function that builds those URLs, validating each name and
// namespace and percent-encoding every segment.
import { validateNamespace, validateObjectName } from "./names.js";
import type { NameRule } from "./names.js";

/** A served resource, e.g. { group: "apps", version: "v1", plural: "deployments", kind: "Deployment", namespaced: true }. */
export interface ResourceDescription {
  /** "" for the core group (served under /api/v1). */
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly kind: string;
  readonly namespaced: boolean;
  /** How object names are validated before they reach a URL (default "dns1123-subdomain"). */
  readonly nameRule?: NameRule;
}

/** The apiVersion of the resource's objects ("v1" for the core group). */
export function resourceApiVersion(r: ResourceDescription): string {
  return r.group === "" ? r.version : `${r.group}/${r.version}`;
}

/** The path of a collection, an object or an object's subresource; names are validated first. */
export function resourcePath(r: ResourceDescription, namespace: string | undefined, name?: string, subresource?: string): string {
  const segments: string[] = r.group === "" ? ["api", r.version] : ["apis", r.group, r.version];
  if (namespace !== undefined) {
    validateNamespace(namespace);
    segments.push("namespaces", namespace);
  }
  segments.push(r.plural);
  if (name !== undefined) {
    validateObjectName(name, r.nameRule);
    segments.push(name);
    if (subresource !== undefined) {
      validateObjectName(subresource, "path-segment", "subresource");
      segments.push(subresource);
    }
  }
  return `/${segments.map(encodeURIComponent).join("/")}`;
}
