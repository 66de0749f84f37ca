// Semantic versions as github.com/blang/semver/v4 parses and orders them, which Kubernetes' CEL
// semver library wraps: its Parse's checks in its order and its error messages, and Compare's
// ordering (prerelease identifiers numeric below alphanumeric, build metadata ignored).
import { goQuote } from "./go-format.js";

export interface Semver {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  /** Prerelease identifiers: numbers as bigint, the rest as text. */
  readonly pre: readonly (bigint | string)[];
}

const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const UINT64_MAX = 2n ** 64n - 1n;

const leadingZero = (s: string): boolean => s.length > 1 && s[0] === "0";

// strconv.ParseUint(s, 10, 64) of a string of digits.
function parseUint(s: string): bigint {
  if (s === "") throw new Error(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > UINT64_MAX) throw new Error(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`);
  return n;
}

function splitN(s: string, sep: string, n: number): string[] {
  const parts = s.split(sep);
  return parts.length <= n ? parts : [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

/** semver.Parse. */
export function parseSemver(s: string): Semver {
  if (s.length === 0) throw new Error("Version string empty");
  const parts = splitN(s, ".", 3);
  if (parts.length !== 3) throw new Error("No Major.Minor.Patch elements found");
  const number = (text: string, what: string): bigint => {
    if (!NUMBERS.test(text)) throw new Error(`Invalid character(s) found in ${what} number ${goQuote(text)}`);
    if (leadingZero(text))
      throw new Error(`${what[0]!.toUpperCase()}${what.slice(1)} number must not contain leading zeroes ${goQuote(text)}`);
    return parseUint(text);
  };
  const major = number(parts[0]!, "major");
  const minor = number(parts[1]!, "minor");
  let patchStr = parts[2]!;
  let build: string[] = [];
  let prerelease: string[] = [];
  const plus = patchStr.indexOf("+");
  if (plus !== -1) {
    build = patchStr.slice(plus + 1).split(".");
    patchStr = patchStr.slice(0, plus);
  }
  const dash = patchStr.indexOf("-");
  if (dash !== -1) {
    prerelease = patchStr.slice(dash + 1).split(".");
    patchStr = patchStr.slice(0, dash);
  }
  const patch = number(patchStr, "patch");
  const pre = prerelease.map((p) => {
    if (p.length === 0) throw new Error("Prerelease is empty");
    if (NUMBERS.test(p)) {
      if (leadingZero(p)) throw new Error(`Numeric PreRelease version must not contain leading zeroes ${goQuote(p)}`);
      return parseUint(p);
    }
    if (ALPHANUM.test(p)) return p;
    throw new Error(`Invalid character(s) found in prerelease ${goQuote(p)}`);
  });
  for (const b of build) {
    if (b.length === 0) throw new Error("Build meta data is empty");
    if (!ALPHANUM.test(b)) throw new Error(`Invalid character(s) found in build meta data ${goQuote(b)}`);
  }
  return { major, minor, patch, pre };
}

/**
 * The library's normalization: no leading "v", missing minor and patch as 0, no leading zeros in
 * the (up to three) dot-separated parts; then semver.Parse.
 */
export function parseSemverNormalized(input: string): Semver {
  const parts = splitN(input.startsWith("v") ? input.slice(1) : input, ".", 3).map((p) => {
    if (p.length <= 1) return p;
    const t = p.replace(/^0+/, "");
    return t.length === 0 || !/^[0-9]/.test(t) ? `0${t}` : t;
  });
  if (parts.length < 3) {
    if (/[+-]/.test(parts[parts.length - 1]!)) throw new Error("short version cannot contain PreRelease/Build meta data");
    while (parts.length < 3) parts.push("0");
  }
  return parseSemver(parts.join("."));
}

const cmp = (a: bigint, b: bigint): number => (a === b ? 0 : a > b ? 1 : -1);

/** Version.Compare: -1, 0 or 1. */
export function compareSemver(v: Semver, o: Semver): number {
  const c = cmp(v.major, o.major) || cmp(v.minor, o.minor) || cmp(v.patch, o.patch);
  if (c !== 0) return c;
  if (v.pre.length === 0 || o.pre.length === 0) return v.pre.length === o.pre.length ? 0 : v.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < v.pre.length && i < o.pre.length; i++) {
    const [a, b] = [v.pre[i]!, o.pre[i]!];
    const d =
      typeof a === "bigint" && typeof b === "bigint"
        ? cmp(a, b)
        : typeof a === "bigint"
          ? -1
          : typeof b === "bigint"
            ? 1
            : a === b
              ? 0
              : a > b
                ? 1
                : -1;
    if (d !== 0) return d;
  }
  return cmp(BigInt(v.pre.length), BigInt(o.pre.length));
}

/** The version without build metadata (what equality and every function of the library see). */
export function semverKey(v: Semver): string {
  return `${v.major}.${v.minor}.${v.patch}${v.pre.length > 0 ? `-${v.pre.join(".")}` : ""}`;
}
