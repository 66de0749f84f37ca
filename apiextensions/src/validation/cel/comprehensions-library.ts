// What cel-go's two-variable comprehensions (ext.TwoVarComprehensions, in Kubernetes' environment
// since 1.32) need at run time: `cel.@mapInsert`, which their transformMap and transformMapEntry
// expansions (parse.ts) call, and `@pairs`, the range lower.ts gives them, since @bufbuild/cel's
// planner folds over one variable.
import {
  celFunc,
  celList,
  celMap,
  CelScalar,
  isCelList,
  isCelMap,
  mapType,
  type CelFunc,
  type CelInput,
  type CelValue,
} from "@bufbuild/cel";

const { DYN, STRING } = CelScalar;
const MAP = mapType(STRING, DYN);
type Key = string | bigint | boolean;

/** types.InsertMapKeyValue: a new map with key k set, refused when k is already there. */
function insert(entries: Map<Key, CelInput>, k: CelValue | Key, v: CelValue | CelInput): void {
  const key = k as Key;
  if (entries.has(key)) throw new Error(`insert failed: key ${String(k)} already exists`);
  entries.set(key, v);
}

const copy = (m: CelValue): Map<Key, CelInput> => {
  if (!isCelMap(m)) throw new Error("no such overload");
  return new Map([...m].map(([k, v]) => [k as Key, v as CelInput]));
};

export const comprehensionsLibrary: CelFunc[] = [
  celFunc("cel.@mapInsert", [MAP, DYN, DYN], MAP, (m, k, v) => {
    const out = copy(m);
    insert(out, k, v);
    return celMap(out);
  }),
  celFunc("cel.@mapInsert", [MAP, MAP], MAP, (m, update) => {
    const out = copy(m);
    for (const [k, v] of copy(update)) insert(out, k, v);
    return celMap(out);
  }),
  // A list's [index, value] pairs, a map's [key, value] pairs.
  celFunc("@pairs", [DYN], DYN, (range) => {
    if (isCelList(range)) return celList([...range].map((v, i) => celList([BigInt(i), v as CelInput])));
    if (isCelMap(range)) return celList([...range].map(([k, v]) => celList([k as CelInput, v as CelInput])));
    throw new Error("no such overload");
  }),
];
