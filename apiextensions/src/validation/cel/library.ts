// The CEL environment of x-kubernetes-validations: CEL's standard library and strings extension (from
// @bufbuild/cel) plus the Kubernetes list, regex, URL, quantity, semver, ip and cidr libraries and
// cel-go's sets, lists (but sortBy) and optional types libraries (the optional syntax is parse.ts's),
// and Kubernetes' format library. The authorizer library (policies only) and two-variable
// comprehensions are not provided here; rules that call them are reported as unchecked.
import { celEnv, celFunc, celMethod, celUint, isCelUint, CelScalar, isCelList, listType, type CelEnv, type CelValue } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import { RE2JS } from "@bufbuild/re2";
import { comparisonLibrary } from "./comparison-library.js";
import { cidrLibrary, ipLibrary } from "./ip-library.js";
import { comprehensionsLibrary } from "./comprehensions-library.js";
import { formatLibrary } from "./format-library.js";
import { listsExtLibrary } from "./lists-ext-library.js";
import { optionalLibrary } from "./optional-library.js";
import { quantityLibrary } from "./quantity-library.js";
import { semverLibrary } from "./semver-library.js";
import { setsLibrary } from "./sets-library.js";
import { urlLibrary } from "./url-library.js";
import { costFuncs } from "./runtime-cost.js";
import { REPLACED_STRING_FUNCTIONS, stringFuncs } from "./strings-library.js";
import { conversionFuncs } from "./conversions.js";

const { DYN, INT, STRING, BOOL } = CelScalar;
const LIST = listType(DYN);

/** A uint as its number (a CelUint holds it), anything else as it is. */
const numeric = (v: CelValue): CelValue => (isCelUint(v) ? v.value : v);

function compare(x: CelValue, y: CelValue): number {
  const a = numeric(x);
  const b = numeric(y);
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  throw new Error("no such overload");
}

function equalValues(a: CelValue, b: CelValue): boolean {
  if ((typeof a === "bigint" || typeof a === "number") && (typeof b === "bigint" || typeof b === "number")) return a == b;
  return a === b;
}

function items(list: CelValue): CelValue[] {
  return isCelList(list) ? [...list] : [];
}

function extreme(list: CelValue, sign: 1 | -1): CelValue {
  const xs = items(list);
  if (xs.length === 0) throw new Error(`${sign > 0 ? "max" : "min"} called on empty list`);
  return xs.reduce((best, x) => (compare(x, best) * sign > 0 ? x : best));
}

const regexCache = new Map<string, RegExp>();
// The bundled RE2 engine only answers "does it match", so the matched text comes from a JavaScript RegExp
// (same leftmost-first semantics for the patterns rules use) after RE2 has accepted the pattern.
function regex(pattern: string): RegExp {
  let re = regexCache.get(pattern);
  if (!re) {
    try {
      RE2JS.compile(pattern);
    } catch (e) {
      // The library's words (library/regex.go) before Go's parser's.
      throw new Error(`Illegal regex: ${e instanceof Error ? e.message : String(e)}`);
    }
    const m = /^\(\?([imsU]+)\)/.exec(pattern);
    const flags = "gu" + (m?.[1] ?? "").replace(/[^ims]/g, "");
    // Go's named group (?P<name>…) is JavaScript's (?<name>…).
    re = new RegExp((m ? pattern.slice(m[0].length) : pattern).replace(/\(\?P</g, "(?<"), flags);
    regexCache.set(pattern, re);
  }
  return re;
}

function findAll(s: string, pattern: string, limit: number): string[] {
  const out: string[] = [];
  if (limit === 0) return out;
  for (const m of s.matchAll(regex(pattern))) {
    out.push(m[0]);
    if (limit > 0 && out.length >= limit) break;
  }
  return out;
}

/** Kubernetes' lists library (isSorted, sum, min, max, indexOf, lastIndexOf). */
const lists = [
  celMethod("isSorted", LIST, [], BOOL, function () {
    const xs = items(this);
    return xs.every((x, i) => i === 0 || compare(xs[i - 1] as CelValue, x) <= 0);
  }),
  celMethod("sum", LIST, [], DYN, function () {
    const xs = items(this);
    if (xs.length === 0) return 0n;
    if (xs.every((x) => typeof x === "bigint")) return xs.reduce((a, b) => a + b, 0n);
    if (xs.every(isCelUint)) return celUint(xs.reduce((a, b) => a + b.value, 0n));
    if (!xs.every((x) => typeof x === "number" || typeof x === "bigint")) throw new Error("no such overload: sum(list)");
    return xs.reduce((a: number, b) => a + Number(b), 0);
  }),
  celMethod("min", LIST, [], DYN, function () {
    return extreme(this, -1);
  }),
  celMethod("max", LIST, [], DYN, function () {
    return extreme(this, 1);
  }),
  celMethod("indexOf", LIST, [DYN], INT, function (x) {
    return BigInt(items(this).findIndex((v) => equalValues(v, x)));
  }),
  celMethod("lastIndexOf", LIST, [DYN], INT, function (x) {
    return BigInt(items(this).findLastIndex((v) => equalValues(v, x)));
  }),
];

/** Kubernetes' regex library (find, findAll), and the global form of CEL's matches (the standard library here has the method only). */
const regexFuncs = [
  celFunc("matches", [STRING, STRING], BOOL, (s, pattern) => RE2JS.compile(pattern).test(s)),
  celMethod("find", STRING, [STRING], STRING, function (pattern) {
    return findAll(this, pattern, 1)[0] ?? "";
  }),
  celMethod("findAll", STRING, [STRING], listType(STRING), function (pattern) {
    return findAll(this, pattern, -1);
  }),
  celMethod("findAll", STRING, [STRING, INT], listType(STRING), function (pattern, n) {
    return findAll(this, pattern, Number(n));
  }),
];

/** The Kubernetes CEL libraries every environment here shares (ValidatingAdmissionPolicy's adds its authorizer). */
export const kubernetesFuncs = [
  // The strings extension, with the functions its port gets otherwise than cel-go in their own version.
  ...strings.filter((f) => !(REPLACED_STRING_FUNCTIONS.has(f.name) && f.target === STRING)),
  ...stringFuncs,
  ...conversionFuncs,
  ...lists,
  ...regexFuncs,
  ...urlLibrary,
  ...quantityLibrary,
  ...semverLibrary,
  ...comparisonLibrary,
  ...ipLibrary,
  ...cidrLibrary,
  ...setsLibrary,
  ...listsExtLibrary,
  ...optionalLibrary,
  ...formatLibrary,
  ...comprehensionsLibrary,
  ...costFuncs,
];

let env: CelEnv | undefined;

/** The shared CEL environment for validation rules. */
export function validationEnv(): CelEnv {
  env ??= celEnv({ funcs: kubernetesFuncs });
  return env;
}

/** Whether a function name used by a rule is available here (operators are handled by the evaluator). */
export function hasFunction(name: string): boolean {
  // Operators, including indexing (`_[_]`: list index and map key, self[0], self.m['k']).
  if (/^(_.*_|_\[_\]|_\[\?_\]|!_|-_|@.*)$/.test(name)) return true;
  return validationEnv().funcs.find(name) !== undefined;
}
