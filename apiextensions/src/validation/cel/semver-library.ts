// Kubernetes' CEL semver library (k8s.io/apiserver/pkg/cel/library/semverlib.go, version 1, in the
// environment since 1.33): semver() and isSemver(), each with the optional normalize argument, and
// major(), minor(), patch(); its comparisons are in comparison-library.ts, beside the quantity
// library's of the same names. A value is an opaque CEL map holding the version without build
// metadata, which no function of the library reads and equality ignores. major(), minor() and
// patch() give Go's int64 of the uint64 parsed (a number past 2^63 wraps negative, as there).
import { celFunc, celMethod, CelScalar, isCelMap, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { parseSemver, parseSemverNormalized, semverKey, type Semver } from "../semver.js";

const { STRING, BOOL, INT, DYN } = CelScalar;
const OPAQUE = mapType(STRING, DYN);
const KEY = "\u0000semver";

const value = (v: Semver): Map<string, string> => new Map([[KEY, semverKey(v)]]);

/** The version `v` holds, if it is a semver value. */
export function semverOf(v: CelValue): Semver | undefined {
  const text = isCelMap(v) ? v.get(KEY) : undefined;
  return typeof text === "string" ? parseSemver(text) : undefined;
}

const version = (v: CelValue): Semver => {
  const s = semverOf(v);
  if (!s) throw new Error("no such overload");
  return s;
};

const valid = (parse: () => Semver): boolean => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

/** The semver library's functions but its comparisons. */
export const semverLibrary: CelFunc[] = [
  celFunc("semver", [STRING], OPAQUE, (s) => value(parseSemver(s))),
  celFunc("semver", [STRING, BOOL], OPAQUE, (s, normalize) => value(normalize ? parseSemverNormalized(s) : parseSemver(s))),
  celFunc("isSemver", [STRING], BOOL, (s) => valid(() => parseSemver(s))),
  celFunc("isSemver", [STRING, BOOL], BOOL, (s, normalize) => valid(() => (normalize ? parseSemverNormalized(s) : parseSemver(s)))),
  celMethod("major", OPAQUE, [], INT, function () {
    return BigInt.asIntN(64, version(this).major);
  }),
  celMethod("minor", OPAQUE, [], INT, function () {
    return BigInt.asIntN(64, version(this).minor);
  }),
  celMethod("patch", OPAQUE, [], INT, function () {
    return BigInt.asIntN(64, version(this).patch);
  }),
];
