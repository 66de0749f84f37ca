// cel-go's sets extension (ext.Sets, in Kubernetes' CEL environment since 1.29): sets.contains(a, b)
// (every element of b is in a), sets.equivalent(a, b) (each contains the other) and
// sets.intersects(a, b) (some element in both), with CEL's equality (1 == 1u == 1.0).
import { celFunc, CelScalar, isCelList, isCelMap, isCelUint, listType, type CelFunc, type CelValue } from "@bufbuild/cel";

const { BOOL, DYN } = CelScalar;
const LIST = listType(DYN);

function elements(v: CelValue): CelValue[] {
  return isCelList(v) ? [...v] : [];
}

// CEL's heterogeneous equality for the values lists hold: numbers across int, uint and double;
// bytes by content; lists and maps element by element; everything else by value.
function numeric(x: CelValue): number | bigint | undefined {
  if (typeof x === "bigint" || typeof x === "number") return x;
  return isCelUint(x) ? x.value : undefined;
}
function celEqual(a: CelValue, b: CelValue): boolean {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== undefined || y !== undefined) {
    if (x === undefined || y === undefined) return false;
    return typeof x === typeof y ? x === y : Number(x) === Number(y);
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((v, i) => v === b[i]);
  if (isCelList(a) && isCelList(b)) {
    const xs = [...a];
    const ys = [...b];
    return xs.length === ys.length && xs.every((v, i) => celEqual(v, ys[i]!));
  }
  if (isCelMap(a) && isCelMap(b)) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) {
      const w = b.get(k);
      if (w === undefined || !celEqual(v, w)) return false;
    }
    return true;
  }
  return a === b;
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
