// cel-go's lists extension at version 3 (ext.Lists, in Kubernetes' CEL environment since 1.34):
// slice, flatten, sort, sortBy (a macro parse.ts expands into @sortByAssociatedKeys), distinct,
// reverse and lists.range, with cel-go's messages (first and last are the optional library's). (Kubernetes' own lists library gained includes() in 1.37, but
// the 1.37 server compiles for 1.36's environment, so it refuses it as undeclared, as here.)
import { celFunc, celMethod, CelScalar, isCelList, isCelUint, listType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { celEqual, compareTemporal, temporal } from "./equality.js";

const { INT, DYN } = CelScalar;
const LIST = listType(DYN);
// cel-go's default bound on lists.range's size (ListsMaxRangeSize), which Kubernetes keeps.
const MAX_RANGE = 10_000_000n;

const items = (v: CelValue): CelValue[] => (isCelList(v) ? [...v] : []);

function flatten(list: CelValue[], depth: bigint): CelValue[] {
  if (depth < 0n) throw new Error("level must be non-negative");
  const out: CelValue[] = [];
  for (const v of list) {
    if (!isCelList(v) || depth === 0n) out.push(v);
    else out.push(...flatten([...v], depth - 1n));
  }
  return out;
}

// The kind of a comparable value, as cel-go's types are (int, uint, double, string, bool, bytes,
// timestamp, duration).
function kind(v: CelValue): string | undefined {
  const t = temporal(v);
  if (t) return t.type;
  if (typeof v === "bigint") return "int";
  if (isCelUint(v)) return "uint";
  if (typeof v === "number") return "double";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (v instanceof Uint8Array) return "bytes";
  return undefined;
}

// Strings by code point (Go compares their UTF-8 bytes, which orders as code points do; UTF-16
// units would put U+FFFF after an emoji).
function compareStrings(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function compare(a: CelValue, b: CelValue): number {
  const [ta, tb] = [temporal(a), temporal(b)];
  if (ta && tb) return compareTemporal(ta, tb);
  if (typeof a === "string" && typeof b === "string") return compareStrings(a, b);
  const [x, y] = [isCelUint(a) ? a.value : a, isCelUint(b) ? b.value : b];
  if (x instanceof Uint8Array && y instanceof Uint8Array) {
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  }
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
}

function sort(list: CelValue[]): CelValue[] {
  if (list.length === 0) return list;
  const first = kind(list[0]!);
  if (first === undefined) throw new Error("list elements must be comparable");
  if (list.some((v) => kind(v) !== first)) throw new Error("list elements must have the same type");
  return [...list].sort(compare);
}

/** The lists extension's functions. */
export const listsExtLibrary: CelFunc[] = [
  celMethod("slice", LIST, [INT, INT], LIST, function (start, end) {
    const list = items(this);
    if (start < 0n || end < 0n) throw new Error(`cannot slice(${start}, ${end}), negative indexes not supported`);
    if (start > end) throw new Error(`cannot slice(${start}, ${end}), start index must be less than or equal to end index`);
    if (BigInt(list.length) < end) throw new Error(`cannot slice(${start}, ${end}), list is length ${list.length}`);
    return list.slice(Number(start), Number(end));
  }),
  celMethod("flatten", LIST, [], LIST, function () {
    return flatten(items(this), 1n);
  }),
  celMethod("flatten", LIST, [INT], LIST, function (depth) {
    return flatten(items(this), depth);
  }),
  celMethod("sort", LIST, [], LIST, function () {
    return sort(items(this));
  }),
  // sortBy's expansion (parse.ts): the list ordered by its associated keys. (Go's sort.Slice is
  // stable up to 12 elements, as this is; beyond, it may order equal keys otherwise.)
  celMethod("@sortByAssociatedKeys", LIST, [LIST], LIST, function (keys) {
    const [list, ks] = [items(this), items(keys)];
    if (list.length !== ks.length)
      throw new Error(
        `@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${list.length} and ${ks.length} elements respectively`,
      );
    sort(ks);
    return ks
      .map((_, i) => i)
      .sort((a, b) => compare(ks[a]!, ks[b]!))
      .map((i) => list[i]!);
  }),
  celMethod("distinct", LIST, [], LIST, function () {
    const out: CelValue[] = [];
    for (const v of items(this)) if (!out.some((o) => celEqual(v, o))) out.push(v);
    return out;
  }),
  celMethod("reverse", LIST, [], LIST, function () {
    return items(this).reverse();
  }),
  celFunc("lists.range", [INT], listType(INT), (n) => {
    if (n < 0n) throw new Error(`lists.range: size must be non-negative, got ${n}`);
    if (n > MAX_RANGE) throw new Error(`lists.range: size ${n} exceeds maximum allowed (${MAX_RANGE})`);
    return Array.from({ length: Number(n) }, (_, i) => BigInt(i));
  }),
];
