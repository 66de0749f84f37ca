// The patch kinds and their content types. Strategic merge is understood by built-in kinds only;
// a custom resource answers it with 415 Unsupported Media Type.

/** merge: RFC 7386; json: RFC 6902 operations; strategic: Kubernetes strategic merge (built-ins). */
export type PatchType = "merge" | "json" | "strategic";

/** The Content-Type of each patch type. */
export const PATCH_CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  merge: "application/merge-patch+json",
  json: "application/json-patch+json",
  strategic: "application/strategic-merge-patch+json",
};

/** The Content-Type of server-side apply; its body may be YAML, and JSON is YAML. */
export const APPLY_CONTENT_TYPE = "application/apply-patch+yaml";

/** One RFC 6902 operation. */
export type JsonPatchOperation =
  | { op: "add" | "replace" | "test"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "move" | "copy"; from: string; path: string };
