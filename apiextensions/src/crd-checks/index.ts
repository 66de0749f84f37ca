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
import { declaredFunctions } from "./cel/declarations.js";
import {
  celEnvironmentMinor,
  costModelFor,
  formatServerVersions,
  HOMOGENEOUS_LITERALS_MINOR,
  JSON_BAD_VALUES_MINOR,
  nameFormatsAt,
  OPTIONAL_OLD_SELF_MINOR,
  OPTIONAL_TYPES_MINOR,
  REFERENCE_MINOR,
  RULE_FIELDS_MINOR,
  SELECTABLE_FIELDS_MINOR,
  SORT_BY_MINOR,
  STORED_VERSIONS_SHOWN_MINOR,
  TWO_VAR_COMPREHENSIONS_MINOR,
} from "./server-versions.js";
import { crdWarningsForServers, type ServersWarning } from "./warnings.js";

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
export { crdWarnings, type CrdWarning, type ServersWarning } from "./warnings.js";
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
  /** What the target servers that accept it warn of when it is written (none when every one rejects it). */
  readonly warnings: ServersWarning[];
}

/**
 * One problem's identity across releases: its field, its reason and which of that field's problems of
 * that reason it is. Not its message: releases word the same refusal differently (1.34 prints values
 * as JSON, the cost factor varies), and the newest target's words are the ones reported.
 */
function problemKeys(problems: readonly CrdProblem[]): string[] {
  const seen = new Map<string, number>();
  return problems.map((p) => {
    const base = `${p.field}\u0000${p.reason}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}\u0000${String(n)}`;
  });
}

/**
 * checkCrd against each of `minors` (1.x): a problem all of them have is a rejection, one only
 * some have is partial (a CRD author targeting the range must fix it, but it installs elsewhere).
 */
/**
 * What checkCrd's answer for server 1.`minor` depends on: its cost model, its CEL environment (the
 * functions it declares, its syntax and literal rules) and every release gate of the checks. A gate
 * added to the checks belongs here too, or the releases it separates are checked as one.
 */
function checksKey(minor: number): string {
  const env = celEnvironmentMinor(minor);
  return JSON.stringify([
    costModelFor(minor).scalarSizes,
    declaredFunctions(env).size,
    [OPTIONAL_TYPES_MINOR, HOMOGENEOUS_LITERALS_MINOR, TWO_VAR_COMPREHENSIONS_MINOR, SORT_BY_MINOR].map((g) => env >= g),
    [JSON_BAD_VALUES_MINOR, STORED_VERSIONS_SHOWN_MINOR, SELECTABLE_FIELDS_MINOR, RULE_FIELDS_MINOR, OPTIONAL_OLD_SELF_MINOR].map(
      (g) => minor >= g,
    ),
    nameFormatsAt(minor),
  ]);
}

/** `minors` grouped by checksKey, oldest first: each group is checked once, at its newest. */
function checkGroups(minors: readonly number[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const m of [...new Set(minors)].sort((a, b) => a - b)) groups.set(checksKey(m), [...(groups.get(checksKey(m)) ?? []), m]);
  return [...groups.values()];
}

export function checkCrdForServers(crd: unknown, minors: readonly number[]): RangeVerdict {
  const groups = checkGroups(minors.length > 0 ? minors : [REFERENCE_MINOR]);
  const runs = groups.map((g) => {
    const problems = checkCrd(crd, { serverVersion: g[g.length - 1]! });
    return { minors: g, problems, keys: problemKeys(problems) };
  });
  const all = runs.flatMap((r) => r.minors).length;
  const seen = new Set<string>();
  const rejected: CrdProblem[] = [];
  const partial: PartialRejection[] = [];
  // Newest first, in each run's own order: so rejections keep the newest server's order.
  for (const run of [...runs].reverse()) {
    run.problems.forEach((p, i) => {
      const key = run.keys[i]!;
      if (seen.has(key)) return;
      seen.add(key);
      const having = runs.filter((r) => r.keys.includes(key)).flatMap((r) => r.minors);
      if (having.length === all) rejected.push(p);
      else partial.push({ problem: p, minors: having, versions: formatServerVersions(having) });
    });
  }
  // A server that refuses the CRD warns of nothing.
  const accepting = rejected.length > 0 ? [] : groups.flat().filter((m) => !partial.some((p) => p.minors.includes(m)));
  return { rejected, partial, warnings: crdWarningsForServers(crd, accepting) };
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
