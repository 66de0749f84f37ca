// CEL's equality of values as functions of the libraries here receive them (@bufbuild/cel keeps its
// own to itself): cel-go's Equal, which the sets, lists and Kubernetes list functions use.
import { isCelList, isCelMap, isCelUint, type CelValue } from "@bufbuild/cel";

// CEL's heterogeneous equality for the values lists hold: numbers across int, uint and double;
// bytes by content; lists and maps element by element; everything else by value.
function numeric(x: CelValue): number | bigint | undefined {
  if (typeof x === "bigint" || typeof x === "number") return x;
  return isCelUint(x) ? x.value : undefined;
}
export function celEqual(a: CelValue, b: CelValue): boolean {
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
