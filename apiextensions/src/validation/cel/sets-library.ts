// cel-go's sets extension (ext.Sets, in Kubernetes' CEL environment since 1.29): sets.contains(a, b)
// (every element of b is in a), sets.equivalent(a, b) (each contains the other) and
// sets.intersects(a, b) (some element in both), with CEL's equality (1 == 1u == 1.0).
import { celFunc, CelScalar, isCelList, listType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { celEqual } from "./equality.js";

const { BOOL, DYN } = CelScalar;
const LIST = listType(DYN);

function elements(v: CelValue): CelValue[] {
  return isCelList(v) ? [...v] : [];
}

const contains = (a: CelValue, b: CelValue): boolean => {
  const xs = elements(a);
  return elements(b).every((y) => xs.some((x) => celEqual(x, y)));
};

/** The sets extension's functions. */
export const setsLibrary: CelFunc[] = [
  celFunc("sets.contains", [LIST, LIST], BOOL, (a, b) => contains(a, b)),
  celFunc("sets.equivalent", [LIST, LIST], BOOL, (a, b) => contains(a, b) && contains(b, a)),
  celFunc("sets.intersects", [LIST, LIST], BOOL, (a, b) => {
    const xs = elements(a);
    return elements(b).some((y) => xs.some((x) => celEqual(x, y)));
  }),
];
