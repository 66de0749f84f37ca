// CEL's equality of values as functions of the libraries here receive them (@bufbuild/cel keeps its
// own to itself): cel-go's Equal, which the sets, lists and Kubernetes list functions use.
import { isCelList, isCelMap, isCelUint, type CelValue } from "@bufbuild/cel";

// CEL's heterogeneous equality for the values lists hold: numbers across int, uint and double;
// bytes by content; lists and maps element by element; everything else by value.
function numeric(x: CelValue): number | bigint | undefined {
  if (typeof x === "bigint" || typeof x === "number") return x;
  return isCelUint(x) ? x.value : undefined;
}
/** A timestamp's or duration's type and value (@bufbuild/cel holds them as protobuf messages). */
export function temporal(v: CelValue): { type: string; seconds: bigint; nanos: number } | undefined {
  const m = v as { desc?: { typeName?: string }; message?: { seconds?: bigint; nanos?: number } } | null;
  const type = m?.desc?.typeName;
  if ((type !== "google.protobuf.Timestamp" && type !== "google.protobuf.Duration") || !m?.message) return undefined;
  return { type, seconds: m.message.seconds ?? 0n, nanos: m.message.nanos ?? 0 };
}

/** -1, 0 or 1 for two timestamps or two durations. */
export function compareTemporal(a: { seconds: bigint; nanos: number }, b: { seconds: bigint; nanos: number }): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return Math.sign(a.nanos - b.nanos);
}

export function celEqual(a: CelValue, b: CelValue): boolean {
  const [ta, tb] = [temporal(a), temporal(b)];
  if (ta || tb) return ta !== undefined && tb !== undefined && ta.type === tb.type && compareTemporal(ta, tb) === 0;
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
