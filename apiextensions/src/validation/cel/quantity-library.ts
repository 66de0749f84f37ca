// Kubernetes' CEL quantity library (quantity, isQuantity, sign, isInteger, asInteger, asApproximateFloat,
// add, sub; compareTo, isGreaterThan and isLessThan are in comparison-library.ts, shared with the semver
// library's). Quantities are exact rationals parsed from the
// resource.Quantity syntax; a quantity value is an opaque CEL map of numerator and denominator, so equal
// amounts compare equal whatever their spelling.
import { celFunc, celMethod, CelScalar, isCelMap, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { make, parseQuantity, type Rational } from "../quantity.js";

const { STRING, BOOL, INT, DOUBLE, DYN } = CelScalar;
const Q = mapType(STRING, DYN);
const NUM = "\u0000num";
const DEN = "\u0000den";
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

const toCel = (r: Rational): Map<string, string> =>
  new Map([
    [NUM, r.num.toString()],
    [DEN, r.den.toString()],
  ]);

/** The amount `v` holds, if it is a quantity value. */
export function quantityOf(v: CelValue): Rational | undefined {
  if (!isCelMap(v)) return undefined;
  const num = v.get(NUM);
  const den = v.get(DEN);
  return typeof num === "string" && typeof den === "string" ? { num: BigInt(num), den: BigInt(den) } : undefined;
}

function fromCel(v: CelValue): Rational {
  const r = quantityOf(v);
  if (!r) throw new Error("not a quantity");
  return r;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareQuantities(a: Rational, b: Rational): number {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
const isInt64 = (r: Rational): boolean => r.den === 1n && r.num >= INT64_MIN && r.num <= INT64_MAX;
const plus = (a: Rational, b: Rational, sign: bigint): Rational => make(a.num * b.den + sign * b.num * a.den, a.den * b.den);

/** The quantity library's functions. */
export const quantityLibrary: CelFunc[] = [
  celFunc("quantity", [STRING], Q, (s) => {
    const r = parseQuantity(s);
    if (!r) throw new Error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    return toCel(r);
  }),
  celFunc("isQuantity", [STRING], BOOL, (s) => parseQuantity(s) !== undefined),
  celMethod("sign", Q, [], INT, function () {
    return BigInt(compareQuantities(fromCel(this), { num: 0n, den: 1n }));
  }),
  celMethod("isInteger", Q, [], BOOL, function () {
    return isInt64(fromCel(this));
  }),
  celMethod("asInteger", Q, [], INT, function () {
    const r = fromCel(this);
    if (!isInt64(r)) throw new Error("cannot convert value to integer");
    return r.num;
  }),
  celMethod("asApproximateFloat", Q, [], DOUBLE, function () {
    const r = fromCel(this);
    return Number(r.num) / Number(r.den);
  }),
  celMethod("add", Q, [Q], Q, function (o) {
    return toCel(plus(fromCel(this), fromCel(o), 1n));
  }),
  celMethod("add", Q, [INT], Q, function (n) {
    return toCel(plus(fromCel(this), { num: n, den: 1n }, 1n));
  }),
  celMethod("sub", Q, [Q], Q, function (o) {
    return toCel(plus(fromCel(this), fromCel(o), -1n));
  }),
  celMethod("sub", Q, [INT], Q, function (n) {
    return toCel(plus(fromCel(this), { num: n, den: 1n }, -1n));
  }),
];
