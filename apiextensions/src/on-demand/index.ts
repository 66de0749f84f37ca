// Entry for the test API server: what it needs of the CRD checks and custom-resource validation, with
// CEL loaded on demand (validation/on-demand.ts) instead of at import, so a server whose CRDs have no
// x-kubernetes-validations never loads @bufbuild/cel (issue 26, bench/testing-startup.ts). The
// functions are the public entries' own; the difference is only that checkCrd, checkCrdUpdate and
// compileSchema need `await loadCel()` first for a CRD or schema with rules (mentionsCel says).
import { celChecks } from "../crd-checks/cel/engine.js";
import { celRules } from "../validation/cel/engine.js";

export { checkCrd } from "../crd-checks/check-crd.js";
export { checkCrdUpdate } from "../crd-checks/update.js";
export { compileSchema } from "../validation/compile-schema.js";
export { manifestFiles, parseManifests } from "../validation/load-documents.js";
export { validateObjectMeta, validateObjectMetaUpdate, type MetaInput } from "../validation/object-meta.js";
export { qualifiedNameProblems, labelValueProblems, type NameRule } from "../validation/name-rules.js";

/** Loads CEL for both the CRD checks and validation, once; concurrent callers share the import. */
export async function loadCel(): Promise<void> {
  await Promise.all([celChecks.load(), celRules.load()]);
}

/** Whether CEL is loaded, so a caller need not wait for it. */
export function celLoaded(): boolean {
  return celChecks.loaded() && celRules.loaded();
}

/**
 * Whether `value` (a CRD, or a schema) has an "x-kubernetes-validations" key anywhere: a superset of
 * what needs CEL (a property so named counts too, which only loads CEL without need).
 */
export function mentionsCel(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsCel);
  if (typeof value !== "object" || value === null) return false;
  for (const [k, v] of Object.entries(value)) if (k === "x-kubernetes-validations" || mentionsCel(v)) return true;
  return false;
}
