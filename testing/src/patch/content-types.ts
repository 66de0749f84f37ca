// The media types a PATCH request names in Content-Type, and the one the server refuses for custom resources.

/** RFC 6902 JSON patch. */
export const JSON_PATCH = "application/json-patch+json";
/** RFC 7386 JSON merge patch. */
export const MERGE_PATCH = "application/merge-patch+json";
/** Kubernetes strategic merge patch (built-in types only: custom resources answer 415). */
export const STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";
/** Server-side apply (YAML or JSON body). */
export const APPLY_PATCH = "application/apply-patch+yaml";

/** Patch types accepted for custom resources, in the order the server lists them in its 415 message. */
export const CUSTOM_RESOURCE_PATCH_TYPES: readonly string[] = [JSON_PATCH, MERGE_PATCH, APPLY_PATCH];

/** Patch types accepted for built-in resources, in the server's order. */
export const BUILTIN_PATCH_TYPES: readonly string[] = [JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH, APPLY_PATCH];

/** The 415 message the server sends when the Content-Type is not among `accepted`. */
export function unsupportedPatchMessage(accepted: readonly string[]): string {
  return `the body of the request was in an unknown format - accepted media types include: ${accepted.join(", ")}`;
}
