// checkCrd: every reason a 1.24 server would reject creating a CRD (index.ts says what the checks own).
// A CRD with x-kubernetes-validations needs CEL loaded (cel/engine.ts), one with a pattern RE2
// (validation/re2.ts): the crd-checks entry installs both, the on-demand entry's caller awaits
// prepareFor() first.
import { decodeCrd } from "./decode.js";
import { checkApiApproval, checkObjectMeta, checkTypeMeta } from "./object-meta.js";
import type { CrdProblem } from "./problem.js";
import { checkSpec, checkStoredVersionsAndPruning } from "./spec.js";
import { REFERENCE_MINOR } from "./server-versions.js";

/** Which server the checks model. */
export interface CrdCheckOptions {
  /** The minor version (1.x) whose CEL cost estimate applies; 24 (the recorded server) when absent. */
  readonly serverVersion?: number;
}

/** Every reason the server would reject creating `crd` (a v1 CRD as plain JSON); empty when it would accept it. */
export function checkCrd(crd: unknown, options: CrdCheckOptions = {}): CrdProblem[] {
  const kindProblems = checkTypeMeta(crd);
  if (kindProblems.length > 0) return kindProblems;
  const { crd: internal, problems } = decodeCrd(crd);
  if (problems.length > 0) return problems;
  const minor = options.serverVersion ?? REFERENCE_MINOR;
  return [
    ...checkObjectMeta(internal),
    ...checkSpec(internal, minor),
    ...checkStoredVersionsAndPruning(internal, false, minor),
    ...checkApiApproval(internal),
  ];
}
