// Stage: offline CRD checks. Owns the kube-apiserver's CustomResourceDefinition
// validation (apiextensions.k8s.io/v1, as a 1.24 server applies it on create and update): names, versions,
// structural schemas, list/map types, defaults, CEL rules and their cost, RE2 patterns,
// subresources, printer columns, API approval. Callers: the crd generator (on every CRD it
// writes), `kube-codegen validate`, and the test API server (on CRD create).
// It must stay pure: no I/O, no clock, no global state; the same input gives the same
// problems in the same order. It does not validate custom resources (see apiextensions/src/validation), and it
// imports no generator stage (schema, generators ...): they call it, never the other way round.
import * as re2Module from "@bufbuild/re2";
import { celChecks } from "./cel/engine.js";
import * as celRuleCompiler from "./cel/cel-rules.js";
import { re2 } from "../validation/re2.js";
import { checkCrd } from "./check-crd.js";
import { decodeCrd } from "./decode.js";
import { checkTypeMeta } from "./object-meta.js";
import type { CrdProblem } from "./problem.js";
import { costModelGroups, formatServerVersions, REFERENCE_MINOR } from "./server-versions.js";

// This entry's callers check CRDs synchronously, rules and patterns included: CEL and RE2 are here from
// the start (the test server's on-demand entry loads them only when needed, validation/on-demand.ts).
celChecks.install(celRuleCompiler);
re2.install(re2Module);

export { checkCrd, type CrdCheckOptions } from "./check-crd.js";

export { formatCrdProblem, type CrdProblem } from "./problem.js";
export { approvalAnnotationField } from "./object-meta.js";
export { crdInvalidStatus } from "./status.js";
export { normalizeCrd } from "./normalize.js";
export { checkCrdUpdate } from "./update.js";
export { crdWarnings, crdWarningsForServers, type CrdWarning, type ServersWarning } from "./warnings.js";
export { schemaLocation } from "./location.js";
// For the schema stage, which checks messageExpression (a field a 1.24 server drops) at generation.
export { messageExpressionError } from "./cel/cel-rules.js";
export { celTypeOf } from "./cel/cel-types.js";
export { formatServerVersions, parseServerVersions } from "./server-versions.js";

/** A problem some, but not all, of the target servers would reject the CRD for. */
export interface PartialRejection {
  readonly problem: CrdProblem;
  /** The target minors that reject it, sorted. */
  readonly minors: readonly number[];
  /** Those minors as text: "1.24" or "1.25-1.27". */
  readonly versions: string;
}

/** What a range of target servers says about one CRD. */
export interface RangeVerdict {
  /** Problems every target server rejects the CRD for (worded as the newest one words them). */
  readonly rejected: CrdProblem[];
  /** Problems only some target servers reject it for: today, CEL rules over the cost budget there. */
  readonly partial: PartialRejection[];
}

// The cost factor varies between versions for the same over-budget rule; the rest of the problem does not.
function problemKey(p: CrdProblem): string {
  return `${p.field}\u0000${p.reason}\u0000${p.message.replace(/by factor of \S+( than 100x)?/, "")}`;
}

/**
 * checkCrd against each of `minors` (1.x): a problem all of them have is a rejection, one only
 * some have is partial (a CRD author targeting the range must fix it, but it installs elsewhere).
 */
export function checkCrdForServers(crd: unknown, minors: readonly number[]): RangeVerdict {
  const groups = costModelGroups(minors.length > 0 ? minors : [REFERENCE_MINOR]);
  const runs = groups.map((g) => ({ minors: g, problems: checkCrd(crd, { serverVersion: g[g.length - 1]! }) }));
  const newest = runs[runs.length - 1]!;
  const seen = new Set<string>();
  const rejected: CrdProblem[] = [];
  const partial: PartialRejection[] = [];
  for (const run of [...runs].reverse()) {
    for (const p of run.problems) {
      const key = problemKey(p);
      if (seen.has(key)) continue;
      seen.add(key);
      const having = runs.filter((r) => r.problems.some((q) => problemKey(q) === key)).flatMap((r) => r.minors);
      if (having.length === runs.flatMap((r) => r.minors).length) rejected.push(p);
      else partial.push({ problem: p, minors: having, versions: formatServerVersions(having) });
    }
  }
  // Keep the newest server's order for rejections (the order the checks produce them in).
  const order = new Map(newest.problems.map((p, i) => [problemKey(p), i]));
  rejected.sort((a, b) => (order.get(problemKey(a)) ?? 0) - (order.get(problemKey(b)) ?? 0));
  return { rejected, partial };
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
