// cel-go's optional types library (cel.OptionalTypes, in Kubernetes' environment since 1.28) for
// evaluation: optional.of/ofNonZeroValue/none/unwrap, hasValue(), value(), or(), orValue(),
// first(), last(), unwrapOpt(), and the `_?._`/`_[?_]` operators the parser (parse.ts) produces.
// An optional is an opaque CEL map under keys no JSON object can have, so two optionals are equal
// when both are empty or their values are equal, as cel-go compares them.
//
// @bufbuild/cel evaluates a call's arguments eagerly and knows nothing of optionals, so before
// planning lower.ts rewrites what cannot be a plain function (selection through an optional, the
// short-circuiting or()/orValue(), optional list and map elements) into calls of these.
import {
  celFunc,
  celList,
  celMap,
  celMethod,
  CelScalar,
  isCelList,
  isCelMap,
  isCelUint,
  listType,
  mapType,
  type CelFunc,
  type CelInput,
  type CelMap,
  type CelValue,
} from "@bufbuild/cel";

const { DYN, STRING, BOOL } = CelScalar;
const OPAQUE = mapType(STRING, DYN);
const HAS = "\u0000optional";
const VALUE = "\u0000value";

/** `_?._` and `_[?_]` once lowered (lower.ts), under names the planner does not treat as its own. */
export const OPT_SELECT = "@optselect";
export const OPT_INDEX = "@optindex";

const NONE = celMap(new Map<string, CelInput>([[HAS, false]]));
export const optionalOf = (v: CelValue): CelValue =>
  celMap(
    new Map<string, CelInput>([
      [HAS, true],
      [VALUE, v],
    ]),
  );
export const optionalNone = (): CelValue => NONE;

/** Whether `v` is an optional value. */
export function isOptional(v: CelValue): boolean {
  return isCelMap(v) && typeof v.get(HAS) === "boolean";
}

/** The value an optional holds; undefined for optional.none(); throws for a value that is not optional. */
export function unwrap(v: CelValue): CelValue | undefined {
  if (!isOptional(v)) throw new Error("no such overload");
  return (v as ReadonlyMap<string, CelValue>).get(HAS) === true ? (v as ReadonlyMap<string, CelValue>).get(VALUE) : undefined;
}

/** cel-go's zero values (traits.Zeroer): what ofNonZeroValue turns into optional.none(). */
function isZero(v: CelValue): boolean {
  if (v === null || v === false || v === "" || v === 0n || v === 0) return true;
  if (isCelUint(v)) return v.value === 0n;
  if (v instanceof Uint8Array) return v.length === 0;
  if (isOptional(v)) return unwrap(v) === undefined;
  if (isCelList(v)) return v.size === 0;
  if (isCelMap(v)) return v.size === 0;
  if (typeof v === "object" && "$typeName" in v) {
    const m = v as { $typeName: string; seconds?: bigint; nanos?: number };
    if (m.$typeName === "google.protobuf.Duration" || m.$typeName === "google.protobuf.Timestamp") return m.seconds === 0n && m.nanos === 0;
  }
  return false;
}

/** Whether a map has a key, a null value included (@bufbuild/cel's has() counts a null value as absent). */
function hasKey(m: CelMap, key: string | bigint | boolean): boolean {
  if (m.has(key)) return true;
  if (m.get(key) !== null) return false;
  for (const k of m.keys()) if (k === key) return true;
  return false;
}

/** `x.?f` (and a selection after one): optional.none() when x is empty or lacks f. */
function optSelect(x: CelValue, field: string): CelValue {
  const v = isOptional(x) ? unwrap(x) : x;
  if (v === undefined) return NONE;
  if (!isCelMap(v)) throw new Error("no such overload");
  return hasKey(v, field) ? optionalOf(v.get(field) as CelValue) : NONE;
}

/** `x[?i]` (and an index after an optional): optional.none() when x is empty or lacks the index or key. */
function optIndex(x: CelValue, i: CelValue): CelValue {
  const v = isOptional(x) ? unwrap(x) : x;
  if (v === undefined) return NONE;
  if (isCelList(v)) {
    const n = typeof i === "bigint" ? i : isCelUint(i) ? i.value : typeof i === "number" && Number.isInteger(i) ? BigInt(i) : undefined;
    if (n === undefined) throw new Error("no such overload");
    return n >= 0n && n < BigInt(v.size) ? optionalOf(v.get(Number(n)) as CelValue) : NONE;
  }
  if (isCelMap(v)) {
    const key = i as string | bigint | boolean;
    return hasKey(v, key) ? optionalOf(v.get(key) as CelValue) : NONE;
  }
  throw new Error("no such overload");
}

function unwrapList(list: CelValue): CelInput[] {
  if (!isCelList(list)) throw new Error("no such overload");
  const out: CelInput[] = [];
  for (const x of list) {
    if (!isOptional(x)) throw new Error(`value ${String(x)} is not optional`);
    const v = unwrap(x);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** has() as lowered (lower.ts): a key present with a null value is present, as in cel-go. */
export const HAS_FIELD = "@has";

export const optionalLibrary: CelFunc[] = [
  celFunc(HAS_FIELD, [DYN, STRING], BOOL, (x, field) => {
    if (isCelMap(x)) return hasKey(x, field);
    if (isCelList(x)) throw new Error(`unsupported index type 'string' in list`);
    return false;
  }),
  celFunc("optional.of", [DYN], DYN, (v) => optionalOf(v)),
  celFunc("optional.ofNonZeroValue", [DYN], DYN, (v) => (isZero(v) ? NONE : optionalOf(v))),
  celFunc("optional.none", [], DYN, () => NONE),
  celFunc("optional.unwrap", [listType(DYN)], listType(DYN), (list) => unwrapList(list)),
  celMethod("unwrapOpt", listType(DYN), [], listType(DYN), function () {
    return unwrapList(this);
  }),
  celMethod("hasValue", OPAQUE, [], BOOL, function () {
    return unwrap(this) !== undefined;
  }),
  celMethod("value", OPAQUE, [], DYN, function () {
    const v = unwrap(this);
    if (v === undefined) throw new Error("optional.none() dereference");
    return v;
  }),
  // Evaluation reaches these only where lowerOptionals has not made them short-circuit.
  celMethod("or", OPAQUE, [DYN], DYN, function (other) {
    if (unwrap(this) !== undefined) return this;
    unwrap(other);
    return other;
  }),
  celMethod("orValue", OPAQUE, [DYN], DYN, function (fallback) {
    const v = unwrap(this);
    return v === undefined ? fallback : v;
  }),
  celMethod("first", listType(DYN), [], DYN, function () {
    return this.size === 0 ? NONE : optionalOf(this.get(0) as CelValue);
  }),
  celMethod("last", listType(DYN), [], DYN, function () {
    return this.size === 0 ? NONE : optionalOf(this.get(this.size - 1) as CelValue);
  }),
  // `_?._` and `_[?_]` under names @bufbuild/cel's planner does not treat as its own (partial) optional access.
  celFunc(OPT_SELECT, [DYN, STRING], DYN, (x, f) => optSelect(x, f)),
  celFunc(OPT_INDEX, [DYN, DYN], DYN, (x, i) => optIndex(x, i)),
  // Lowered list and map literals with optional elements: the mask says which elements are optional.
  celFunc("@optlist", [listType(DYN), listType(BOOL)], listType(DYN), (list, mask) => {
    const flags = [...mask];
    const out: CelInput[] = [];
    let i = 0;
    for (const x of list) {
      if (flags[i++] !== true) out.push(x);
      else {
        const v = unwrap(x);
        if (v !== undefined) out.push(v);
      }
    }
    return celList(out);
  }),
  celFunc("@optmap", [listType(DYN), listType(DYN), listType(BOOL)], DYN, (keys, values, mask) => {
    // cel-go's evalMap: entries in order, a later one replacing an earlier one of the same key, and
    // an empty optional entry removing it.
    const [ks, vs, flags] = [[...keys], [...values], [...mask]];
    const out = new Map<string | bigint | boolean, CelInput>();
    ks.forEach((k, i) => {
      const key = k as string | bigint | boolean;
      let v: CelValue | undefined = vs[i];
      if (flags[i] === true) v = unwrap(v as CelValue);
      if (v === undefined) out.delete(key);
      else out.set(key, v);
    });
    return celMap(out);
  }),
];
