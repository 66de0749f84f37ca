// Which kube-apiserver minor versions the offline CRD checks model, and how their CEL cost
// estimates differ. Every check but the CEL cost estimate is the same for 1.24 and later in what
// these checks cover; the cost estimate changed once that matters to CRD authors:
//
// - 1.24 (cel-go 0.10): a value whose size the estimator cannot derive has an unknown size
//   (2^64), scalars included. `==` and `!=` cost a traversal of the smaller operand, so comparing
//   two computed booleans, ints or durations — `has(a.x) == has(b.x)`, `a.size() == b.size()`,
//   `duration(a) != duration('0s')` (a call, not a literal, so unsized too) — is estimated at
//   2^64 x 0.1 and rejected. Gateway API's parentRefs and timeouts rules hit this. A literal
//   (`0`, `'x'`, `[1, 2]`) and a schema field (sized by maxLength/maxItems, scalars 0) are sized.
// - 1.25 and later (cel-go 0.12+): values of scalar type (bool, int, uint, double, duration,
//   timestamp) have size 1, so those comparisons cost 1.
//
// The limits themselves (10^7 per rule, 10^8 per schema) are the same in every modelled version.

import type { ServerWording } from "../validation/name-rules.js";

/** The oldest and newest minor (of 1.x) the checks model. */
export const OLDEST_MODELLED_MINOR = 24;
export const NEWEST_MODELLED_MINOR = 37;

/** The default target: the three minors Kubernetes supports in December 2026 (1.37.2 is the newest recorded). */
export const DEFAULT_SERVER_VERSIONS = "1.35-1.37";

/** The minor the test API server and `checkCrd` without options model (the recorded server). */
export const REFERENCE_MINOR = 24;

/** From this environment minor CEL has cel-go's optional types: the `.?` syntax, optional.of ... */
export const OPTIONAL_TYPES_MINOR = 28;
/** From this environment minor list and map literals must be homogeneous (cel.ValidateHomogeneousAggregateLiterals). */
export const HOMOGENEOUS_LITERALS_MINOR = 29;
/** From this environment minor CEL has two-variable comprehensions (ext.TwoVarComprehensions). */
export const TWO_VAR_COMPREHENSIONS_MINOR = 32;
/** From this environment minor CEL has the lists extension at version 3, with sortBy. */
export const SORT_BY_MINOR = 34;

/**
 * The CEL environment a server of minor `minor` compiles a new expression in: the previous minor's
 * (environment.DefaultCompatibilityVersion, so that a rollback can still run what was accepted),
 * as the real 1.37.2 shows by refusing the lists library's includes(), new in 1.37.
 */
export const celEnvironmentMinor = (minor: number): number => minor - 1;
/**
 * From this minor apimachinery prints a compound bad value (a struct, slice or map) as JSON and nil as
 * null, where earlier servers use Go's %#v and "null"; and a limit of one as "at most 1 item".
 */
export const JSON_BAD_VALUES_MINOR = 34;
/** The message wording of server 1.`minor`: 1.24's up to 1.33, 1.37's from 1.34. */
export const wordingOf = (minor: number): ServerWording => (minor >= JSON_BAD_VALUES_MINOR ? "1.37" : "1.24");
/** From this minor "must have the storage version" prints the stored versions, not the version (1.27 still did). */
export const STORED_VERSIONS_SHOWN_MINOR = 28;
/** From this minor a CRD's selectableFields are kept (CustomResourceFieldSelectors, beta), and checked. */
export const SELECTABLE_FIELDS_MINOR = 31;
/** From this minor a rule's messageExpression, reason and fieldPath are kept, and checked. */
export const RULE_FIELDS_MINOR = 28;
/** From this minor a rule's optionalOldSelf is kept and honoured (CRDValidationRatcheting, on by default). */
export const OPTIONAL_OLD_SELF_MINOR = 30;
/** From this minor an unrecognized schema format is a warning on a CRD write. */
export const FORMAT_WARNINGS_MINOR = 34;
/**
 * Whether server 1.`minor` knows the `k8s-short-name` and `k8s-long-name` formats: they came at
 * compatibility version 1.34, and a server checks formats at the previous minor's, so from 1.35 (a
 * 1.34 server warns that they are unrecognized).
 */
export const nameFormatsAt = (minor: number): boolean => celEnvironmentMinor(minor) >= 34;
/** From this minor a set of objects or arrays is a warning on a CRD write. */
export const SET_ITEMS_WARNINGS_MINOR = 37;

/** How one server version estimates CEL cost. */
export interface CostModel {
  /** The minor version (1.x) this model describes. */
  readonly minor: number;
  /** Whether values of scalar type have a known size of 1 (cel-go 0.12+, Kubernetes 1.25+). */
  readonly scalarSizes: boolean;
}

/** The cost model of server 1.`minor`. */
export function costModelFor(minor: number): CostModel {
  return { minor, scalarSizes: minor >= 25 };
}

/** "1.24", "1.30-1.32" or "1.24, 1.30-1.32" for a sorted list of minors. */
export function formatServerVersions(minors: readonly number[]): string {
  const sorted = [...new Set(minors)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `1.${sorted[i]!}` : `1.${sorted[i]!}-1.${sorted[j]!}`);
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * Parses a `--server-versions` value: comma-separated `1.N` or ranges `1.N-1.M` (a `v` prefix is
 * allowed), each within 1.24-1.37. Returns the sorted minors, or why the value is refused.
 */
export function parseServerVersions(text: string): { minors: number[] } | { error: string } {
  const minors = new Set<number>();
  const parts = text.split(",").map((p) => p.trim());
  const one = (s: string): number | undefined => {
    const m = /^v?1\.(\d{1,3})$/.exec(s.trim());
    return m === null ? undefined : Number(m[1]);
  };
  const range = `1.${OLDEST_MODELLED_MINOR}-1.${NEWEST_MODELLED_MINOR}`;
  for (const p of parts) {
    const [a, b, extra] = p.split("-");
    const lo = a === undefined ? undefined : one(a);
    const hi = b === undefined ? lo : one(b);
    if (p === "" || extra !== undefined || lo === undefined || hi === undefined) {
      return { error: `"${p}" is not a server version: write 1.N, or a range 1.N-1.M, e.g. ${DEFAULT_SERVER_VERSIONS}` };
    }
    if (hi < lo) return { error: `"${p}" is an empty range: write the older version first` };
    if (lo < OLDEST_MODELLED_MINOR || hi > NEWEST_MODELLED_MINOR) {
      return { error: `"${p}" is outside the versions the offline checks model (${range})` };
    }
    for (let m = lo; m <= hi; m++) minors.add(m);
  }
  return { minors: [...minors].sort((x, y) => x - y) };
}
