// A small CEL type checker and cost estimator over @bufbuild/cel's parsed AST. It reports what
// the server's compile step reports for CRD rules — undefined fields, undeclared identifiers,
// field selection on non-objects, non-boolean results — and estimates the worst-case cost the
// way cel-go's estimator does (comprehensions multiply by the range's maximum size; string
// operations scale with the string's maximum length). Anything it cannot type is `dyn`, so it
// errs on the side of accepting a rule.
import type { parse } from "@bufbuild/cel";
import { DYN, formatCelType, MAX_REQUEST_BYTES, type CelT } from "./cel-types.js";

/** The AST node type of @bufbuild/cel. */
export type Expr = ReturnType<typeof parse>["expr"];

/** A checker error at a source offset. */
export interface CelIssue {
  offset: number;
  message: string;
}

/** Type, worst-case cost and (for ranges) worst-case size of an expression. */
interface Checked {
  t: CelT;
  cost: number;
}

const boolFns = new Set([
  "_&&_",
  "_||_",
  "!_",
  "_==_",
  "_!=_",
  "_<_",
  "_<=_",
  "_>_",
  "_>=_",
  "@in",
  "matches",
  "startsWith",
  "endsWith",
  "contains",
  "@not_strictly_false",
  "__not_strictly_false__",
  "isSorted",
  "has",
]);
const stringFns = new Set(["lowerAscii", "upperAscii", "trim", "replace", "substring", "charAt", "join", "string", "format"]);
const typeNames = new Set(["int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type", "type", "dyn"]);
const traversalFactor = 0.1;
const BOOL: CelT = { k: "bool" };

function sizeOf(t: CelT): number {
  if (t.k === "string" || t.k === "bytes" || t.k === "list" || t.k === "map") return t.maxSize;
  return t.k === "dyn" ? MAX_REQUEST_BYTES : 1;
}

function traversal(t: CelT): number {
  return Math.ceil(traversalFactor * sizeOf(t));
}

/** Checks one rule's AST with the given variables. */
export class CelChecker {
  readonly issues: CelIssue[] = [];

  constructor(private readonly positions: Readonly<Record<string, number>>) {}

  private issue(e: Expr, message: string): void {
    this.issues.push({ offset: this.positions[String(e.id)] ?? 0, message });
  }

  /** Type and cost of `e` with variables `env`. */
  check(e: Expr, env: ReadonlyMap<string, CelT>): Checked {
    const k = e.exprKind;
    switch (k.case) {
      case "constExpr":
        return { t: constType(k.value.constantKind), cost: 0 };
      case "identExpr":
        return { t: this.ident(e, k.value.name, env), cost: 1 };
      case "selectExpr":
        return this.select(e, k.value.operand, k.value.field, k.value.testOnly, env);
      case "callExpr":
        return this.call(e, k.value.function, k.value.target, k.value.args, env);
      case "listExpr": {
        const elems = k.value.elements.map((x) => this.check(x, env));
        const elem = elems[0]?.t ?? DYN;
        return { t: { k: "list", elem, maxSize: elems.length }, cost: 10 + sum(elems.map((x) => x.cost)) };
      }
      case "structExpr": {
        let cost = 40;
        let value: CelT = DYN;
        for (const entry of k.value.entries) {
          if (entry.keyKind.case === "mapKey") cost += this.check(entry.keyKind.value, env).cost;
          if (entry.value !== undefined) {
            const v = this.check(entry.value, env);
            cost += v.cost;
            value = v.t;
          }
        }
        return { t: k.value.messageName === "" ? { k: "map", value, maxSize: k.value.entries.length } : DYN, cost };
      }
      case "comprehensionExpr":
        return this.comprehension(k.value, env);
      default:
        return { t: DYN, cost: 0 };
    }
  }

  private ident(e: Expr, name: string, env: ReadonlyMap<string, CelT>): CelT {
    const t = env.get(name);
    if (t !== undefined) return t;
    if (typeNames.has(name)) return { k: "type" };
    this.issue(e, `undeclared reference to '${name}' (in container '')`);
    return DYN;
  }

  private select(e: Expr, operand: Expr | undefined, field: string, testOnly: boolean, env: ReadonlyMap<string, CelT>): Checked {
    if (operand === undefined) return { t: DYN, cost: 0 };
    const o = this.check(operand, env);
    let t: CelT = DYN;
    if (o.t.k === "object") {
      const f = o.t.fields.get(field);
      if (f === undefined) this.issue(e, `undefined field '${field}'`);
      else t = f;
    } else if (o.t.k === "map") t = o.t.value;
    else if (o.t.k !== "dyn") this.issue(e, `type '${formatCelType(o.t)}' does not support field selection`);
    return { t: testOnly ? BOOL : t, cost: o.cost + 1 };
  }

  private call(e: Expr, fn: string, target: Expr | undefined, args: Expr[], env: ReadonlyMap<string, CelT>): Checked {
    const tgt = target === undefined ? undefined : this.check(target, env);
    const as = args.map((a) => this.check(a, env));
    const mismatch = overloadMismatch(
      fn,
      tgt?.t,
      as.map((a) => a.t),
    );
    // A call with no matching overload has cel-go's error type, which raises no further errors.
    if (mismatch !== undefined) {
      this.issue(e, mismatch);
      return { t: DYN, cost: (tgt?.cost ?? 0) + sum(as.map((a) => a.cost)) };
    }
    const argCost = (tgt?.cost ?? 0) + sum(as.map((a) => a.cost));
    const first = tgt ?? as[0];
    if (fn === "_?_:_") {
      const [c, a, b] = as;
      const t = a !== undefined && b !== undefined && a.t.k === b.t.k ? a.t : DYN;
      return { t, cost: (c?.cost ?? 0) + Math.max(a?.cost ?? 0, b?.cost ?? 0) };
    }
    if (fn === "_&&_" || fn === "_||_") return { t: BOOL, cost: argCost };
    return { t: resultType(fn, first?.t, as), cost: argCost + fnCost(fn, first?.t, as) };
  }

  private comprehension(c: Extract<Expr["exprKind"], { case: "comprehensionExpr" }>["value"], env: ReadonlyMap<string, CelT>): Checked {
    const range = c.iterRange === undefined ? { t: DYN, cost: 0 } : this.check(c.iterRange, env);
    let elem: CelT = DYN;
    let n = MAX_REQUEST_BYTES;
    if (range.t.k === "list") [elem, n] = [range.t.elem, range.t.maxSize];
    else if (range.t.k === "map") [elem, n] = [{ k: "string", maxSize: MAX_REQUEST_BYTES }, range.t.maxSize];
    else if (range.t.k !== "dyn" && c.iterRange !== undefined) {
      this.issue(
        c.iterRange,
        `expression of type '${formatCelType(range.t)}' cannot be range of a comprehension (must be list, map, or dynamic)`,
      );
    }
    const init = c.accuInit === undefined ? { t: DYN, cost: 0 } : this.check(c.accuInit, env);
    const inner = new Map(env);
    inner.set(c.iterVar, elem);
    const accuT: CelT = init.t.k === "list" ? { k: "list", elem: DYN, maxSize: n } : init.t;
    inner.set(c.accuVar, accuT);
    const cond = c.loopCondition === undefined ? { t: DYN, cost: 0 } : this.check(c.loopCondition, inner);
    const step = c.loopStep === undefined ? { t: DYN, cost: 0 } : this.check(c.loopStep, inner);
    const outer = new Map(env);
    outer.set(c.accuVar, accuT);
    const result = c.result === undefined ? { t: accuT, cost: 0 } : this.check(c.result, outer);
    return { t: result.t, cost: range.cost + init.cost + n * (cond.cost + step.cost) + result.cost };
  }
}

const scalarKinds = new Set(["string", "bytes", "int", "uint", "double", "bool", "timestamp", "duration"]);
const comparisons = new Set(["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_"]);
const arithmetic = new Set(["_+_", "_-_", "_*_", "_/_", "_%_", "-_"]);
// cel-go's arithmetic overloads on scalars (lists concatenate too, but are not scalars).
const arithmeticOverloads = new Set([
  ...["int", "uint", "double", "string", "bytes", "duration"].map((k) => `_+_(${k},${k})`),
  "_+_(timestamp,duration)",
  "_+_(duration,timestamp)",
  ...["int", "uint", "double", "duration", "timestamp"].map((k) => `_-_(${k},${k})`),
  "_-_(timestamp,duration)",
  ...["int", "uint", "double"].flatMap((k) => [`_*_(${k},${k})`, `_/_(${k},${k})`]),
  "_%_(int,int)",
  "_%_(uint,uint)",
  "-_(int)",
  "-_(double)",
]);
const stringReceivers = new Set([
  "startsWith",
  "endsWith",
  "contains",
  "matches",
  "lowerAscii",
  "upperAscii",
  "trim",
  "split",
  "replace",
  "charAt",
  "indexOf",
  "lastIndexOf",
  "substring",
]);

/**
 * cel-go's "found no matching overload" for the cases that can be decided from declared types
 * alone: comparing two different scalar types, and string methods on a non-string receiver.
 * Anything involving dyn, null, lists, maps or objects is left to run time.
 */
function overloadMismatch(fn: string, target: CelT | undefined, args: CelT[]): string | undefined {
  const fmt = formatCelType;
  if (target === undefined && comparisons.has(fn) && args.length === 2) {
    const [a, b] = args as [CelT, CelT];
    if (scalarKinds.has(a.k) && scalarKinds.has(b.k) && a.k !== b.k) {
      return `found no matching overload for '${fn}' applied to '(${fmt(a)}, ${fmt(b)})'`;
    }
  }
  if (
    target === undefined &&
    arithmetic.has(fn) &&
    args.every((a) => scalarKinds.has(a.k)) &&
    !arithmeticOverloads.has(`${fn}(${args.map((a) => a.k).join(",")})`)
  ) {
    return `found no matching overload for '${fn}' applied to '(${args.map(fmt).join(", ")})'`;
  }
  if (
    target !== undefined &&
    stringReceivers.has(fn) &&
    target.k !== "string" &&
    target.k !== "dyn" &&
    !(fn === "contains" && target.k === "bytes")
  ) {
    return `found no matching overload for '${fn}' applied to '${fmt(target)}.(${args.map(fmt).join(", ")})'`;
  }
  return undefined;
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

function constType(c: Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"]): CelT {
  switch (c.case) {
    case "stringValue":
      return { k: "string", maxSize: c.value.length };
    case "bytesValue":
      return { k: "bytes", maxSize: c.value.length };
    case "int64Value":
      return { k: "int" };
    case "uint64Value":
      return { k: "uint" };
    case "doubleValue":
      return { k: "double" };
    case "boolValue":
      return BOOL;
    case "nullValue":
      return { k: "null" };
    default:
      return DYN;
  }
}

function resultType(fn: string, first: CelT | undefined, args: Checked[]): CelT {
  if (boolFns.has(fn)) return BOOL;
  if (stringFns.has(fn)) return { k: "string", maxSize: first === undefined ? MAX_REQUEST_BYTES : sizeOf(first) };
  switch (fn) {
    case "size":
    case "int":
    case "indexOf":
    case "lastIndexOf":
      return { k: "int" };
    case "uint":
      return { k: "uint" };
    case "double":
      return { k: "double" };
    case "bool":
      return BOOL;
    case "bytes":
      return { k: "bytes", maxSize: first === undefined ? MAX_REQUEST_BYTES : sizeOf(first) };
    case "timestamp":
      return { k: "timestamp" };
    case "duration":
      return { k: "duration" };
    case "type":
      return { k: "type" };
    case "split":
      return {
        k: "list",
        elem: { k: "string", maxSize: first === undefined ? MAX_REQUEST_BYTES : sizeOf(first) },
        maxSize: MAX_REQUEST_BYTES,
      };
    case "_[_]":
      if (first?.k === "list") return first.elem;
      if (first?.k === "map") return first.value;
      return DYN;
    case "sum":
    case "min":
    case "max":
      return first?.k === "list" ? first.elem : DYN;
    case "_+_": {
      const second = args[1]?.t;
      if (first?.k === "string" && second?.k === "string") return { k: "string", maxSize: first.maxSize + second.maxSize };
      if (first?.k === "list" && second?.k === "list") return { k: "list", elem: first.elem, maxSize: first.maxSize + second.maxSize };
      return first ?? DYN;
    }
    case "_-_":
      // timestamp - timestamp is the one arithmetic overload whose result differs from its operands.
      if (first?.k === "timestamp" && args[1]?.t.k === "timestamp") return { k: "duration" };
      return first ?? DYN;
    case "_*_":
    case "_/_":
    case "_%_":
    case "-_":
      return first ?? DYN;
    default:
      return DYN;
  }
}

function fnCost(fn: string, first: CelT | undefined, args: Checked[]): number {
  const scalesWithFirst = first !== undefined && (first.k === "string" || first.k === "bytes" || first.k === "list");
  const arg = args[0]?.t;
  switch (fn) {
    case "_==_":
    case "_!=_":
    case "_<_":
    case "_<=_":
    case "_>_":
    case "_>=_": {
      // cel-go compares only as far as the shorter operand goes: the smaller of the two maximum sizes.
      // Scalars add nothing; dyn is unbounded, so a sized operand bounds the comparison.
      const sized = [first, args[1]?.t].filter(
        (t): t is CelT => t !== undefined && (t.k === "string" || t.k === "bytes" || t.k === "list"),
      );
      if (sized.length === 0) return 1;
      return 1 + Math.ceil(traversalFactor * Math.min(...sized.map(sizeOf)));
    }
    case "startsWith":
    case "endsWith":
      // Only the prefix or suffix is traversed (cel-go sizes the argument, not the receiver).
      return 1 + (arg !== undefined && (arg.k === "string" || arg.k === "bytes") ? traversal(arg) : 0);
    case "contains":
      // O(n·m): the receiver's traversal times the substring's.
      return 1 + (scalesWithFirst ? traversal(first) * Math.max(1, arg !== undefined && arg.k === "string" ? traversal(arg) : 1) : 0);
    case "matches":
      // cel-go: (receiver size + 1) x 0.1 times the regex length x 0.25 (each regex term taken as ~4 characters).
      return (
        1 +
        (scalesWithFirst
          ? Math.ceil(traversalFactor * (sizeOf(first) + 1)) *
            Math.max(1, arg !== undefined && arg.k === "string" ? Math.ceil(0.25 * sizeOf(arg)) : 1)
          : 0)
      );
    case "lowerAscii":
    case "upperAscii":
    case "trim":
    case "replace":
    case "split":
    case "indexOf":
    case "lastIndexOf":
      return 1 + (scalesWithFirst ? traversal(first) : 0);
    case "_+_":
      return 1 + (scalesWithFirst ? traversal(first) + traversal(args[1]?.t ?? DYN) : 0);
    case "@not_strictly_false":
    case "__not_strictly_false__":
      return 0; // the comprehension's internal guard costs only its argument
    case "@in":
      return 1 + (args[1] !== undefined && args[1].t.k === "list" ? args[1].t.maxSize : 0);
    default:
      return 1;
  }
}

/** Whether a rule's result type can be a bool (dyn counts, since the server checks it at run time). */
export function mayBeBool(t: CelT): boolean {
  return t.k === "bool" || t.k === "dyn";
}
