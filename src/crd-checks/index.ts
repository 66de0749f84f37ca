// Stage: offline CRD checks. Owns the kube-apiserver's CustomResourceDefinition
// validation (apiextensions.k8s.io/v1, as a 1.24 server applies it on create and update): names, versions,
// structural schemas, list/map types, defaults, CEL rules and their cost, RE2 patterns,
// subresources, printer columns, API approval. Callers: the crd generator (on every CRD it
// writes), `kube-codegen validate`, and the test API server (on CRD create).
// It must stay pure: no I/O, no clock, no global state; the same input gives the same
// problems in the same order. It does not validate custom resources (see src/validation), and it
// imports no generator stage (schema, generators ...): they call it, never the other way round.
import { decodeCrd } from "./decode.js";
import { checkApiApproval, checkObjectMeta, checkTypeMeta } from "./object-meta.js";
import type { CrdProblem } from "./problem.js";
import { checkSpec, checkStoredVersionsAndPruning } from "./spec.js";

export { formatCrdProblem, type CrdProblem } from "./problem.js";
export { approvalAnnotationField } from "./object-meta.js";
export { crdInvalidStatus } from "./status.js";
export { normalizeCrd } from "./normalize.js";
export { checkCrdUpdate } from "./update.js";
export { schemaLocation } from "./location.js";
// For the schema stage, which checks messageExpression (a field a 1.24 server drops) at generation.
export { messageExpressionError } from "./cel/cel-rules.js";
export { celTypeOf } from "./cel/cel-types.js";

/** Every reason the server would reject creating `crd` (a v1 CRD as plain JSON); empty when it would accept it. */
export function checkCrd(crd: unknown): CrdProblem[] {
  const kindProblems = checkTypeMeta(crd);
  if (kindProblems.length > 0) return kindProblems;
  const { crd: internal, problems } = decodeCrd(crd);
  if (problems.length > 0) return problems;
  return [...checkObjectMeta(internal), ...checkSpec(internal), ...checkStoredVersionsAndPruning(internal), ...checkApiApproval(internal)];
}

/**
 * Problems that stop the CRD from decoding at all (values of the wrong JSON type, a non-v1
 * apiVersion or kind). The real server answers those with 400 BadRequest rather than 422, so a
 * server that wants that fidelity calls this first; checkCrd returns the same problems alone.
 */
export function crdDecodeProblems(crd: unknown): CrdProblem[] {
  const kindProblems = checkTypeMeta(crd);
  return kindProblems.length > 0 ? kindProblems : decodeCrd(crd).problems;
}

/** The CRD's metadata.name (or "" when absent), for building the 422 Status of a rejected CRD. */
export function crdName(crd: unknown): string {
  const meta = (crd as { metadata?: { name?: unknown } } | null)?.metadata;
  return typeof meta?.name === "string" ? meta.name : "";
}
