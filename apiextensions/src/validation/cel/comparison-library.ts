// compareTo(), isGreaterThan() and isLessThan(), which the quantity and semver libraries both
// declare: here their receivers are the same opaque map type, so one overload of each serves both
// and compares two quantities or two versions (anything else is "no such overload").
import { celMethod, CelScalar, mapType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { compareSemver } from "../semver.js";
import { compareQuantities, quantityOf } from "./quantity-library.js";
import { semverOf } from "./semver-library.js";

const { STRING, BOOL, INT, DYN } = CelScalar;
const OPAQUE = mapType(STRING, DYN);

function compare(a: CelValue, b: CelValue): number {
  const [qa, qb] = [quantityOf(a), quantityOf(b)];
  if (qa && qb) return compareQuantities(qa, qb);
  const [sa, sb] = [semverOf(a), semverOf(b)];
  if (sa && sb) return compareSemver(sa, sb);
  throw new Error("no such overload");
}

/** The comparisons of quantities and of versions. */
export const comparisonLibrary: CelFunc[] = [
  celMethod("compareTo", OPAQUE, [OPAQUE], INT, function (o) {
    return BigInt(compare(this, o));
  }),
  celMethod("isGreaterThan", OPAQUE, [OPAQUE], BOOL, function (o) {
    return compare(this, o) > 0;
  }),
  celMethod("isLessThan", OPAQUE, [OPAQUE], BOOL, function (o) {
    return compare(this, o) < 0;
  }),
];
