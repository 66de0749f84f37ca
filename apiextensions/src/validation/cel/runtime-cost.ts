// CEL's runtime cost, as kube-apiserver counts it (cel-go's interpreter/runtimecost.go observing its
// planned program, Kubernetes' library/cost.go for its functions, cel-go's ext trackers for lists and
// sets), and the limits the server puts on it: one evaluation is cancelled past PER_CALL_LIMIT, and
// the evaluations of one custom resource or one policy binding share RUNTIME_BUDGET.
//
// How: cel-go adds a cost as each step of its plan is observed. The plan is not @bufbuild/cel's, so
// the cost each node of the parsed tree (cel-go's shapes, before lower.ts) would have in cel-go's plan
// is decided first (`costRoles`), then, after lowering, each node with a cost is rewritten into
// calls that add it when cel-go's observer would (`instrument`), which is also when the step fails:
// a fixed cost (identifiers before they are read, field and index qualifiers once their operand is
// reached), a qualifier that counts only when present (the optional syntax), a call's cost from its
// operands and result once its operands are evaluated (each kept as it evaluates, the call then
// applied to them), a construction's even when an element fails. What cel-go folds into constants
// costs nothing (literal lists and maps of constants, type conversions of a constant, `in` a constant
// list), a conditional's branch that is an attribute does not count its root, nor does an index that
// is one. `a.b` is counted as one node (the planner may resolve a dotted name as one variable).
//
// Calls whose cost depends on a resolved overload (string comparison
// and concatenation, `in` a list) count as resolved only when an operand's type is known statically,
// not `dyn` (object, oldObject and params of a policy are).
import {
  celFunc,
  CelScalar,
  celType,
  isCelError,
  isCelList,
  isCelMap,
  plan,
  type CelEnv,
  type CelFunc,
  type CelInput,
  type CelResult,
  type CelValue,
} from "@bufbuild/cel";
import type { ParsedExpr } from "./parse.js";
import { lowerForEvaluation } from "./lower.js";
import { HAS_FIELD, isOptional, unwrap } from "./optional-library.js";
import { formatNameOf } from "./format-library.js";
import { FORMAT_REGEX_SIZE } from "./format-names.js";
import { TYPE_NAMES } from "./type-names.js";

type Expr = ParsedExpr["expr"];

/** celconfig.PerCallLimit: one evaluation is cancelled past it. */
export const PER_CALL_LIMIT = 1_000_000;
/** celconfig.RuntimeCELCostBudget: shared by the rules of one custom resource, the expressions of one policy binding. */
export const RUNTIME_BUDGET = 10_000_000;
/** celconfig.RuntimeCELCostBudgetMatchConditions: the matchConditions of one webhook or binding. */
export const MATCH_CONDITIONS_BUDGET = 2_500_000;
/** cel-go's error when an evaluation passes its limit. */
export const COST_LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded";
/** The server's message when the budget is spent. */
export const OUT_OF_BUDGET = "validation failed due to running out of cost budget, no further validation rules will be run";

const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;
const LIST_CREATE = 10;
const MAP_CREATE = 30;
const STRUCT_CREATE = 40;

/** How a call's cost is computed (cel-go's overload or Kubernetes' function, by name). */
interface CallRole {
  readonly fn: string;
  /** The call has a receiver: args[0] is it. */
  readonly member: boolean;
  /** The overload is resolved statically for size-dependent std functions (an operand typed, not dyn). */
  readonly resolved: boolean;
}

type Role =
  | { readonly k: "add"; readonly n: number }
  /** An optional qualifier: 1 when present, plus `base` (a relative attribute's root) always. */
  | { readonly k: "present"; readonly base: number }
  | ({ readonly k: "call" } & CallRole);

const TYPE_CONVERSIONS = new Set(["bool", "bytes", "double", "duration", "dyn", "int", "string", "timestamp", "type", "uint"]);
const FREE_CALLS = new Set(["_&&_", "_||_", "_?_:_", "orValue", "or"]);

function constant(e: Expr): boolean {
  const k = e.exprKind;
  if (k.case === "constExpr") return true;
  if (k.case === "listExpr") return k.value.optionalIndices.length === 0 && k.value.elements.every(constant);
  if (k.case === "structExpr")
    return (
      k.value.messageName === "" &&
      k.value.entries.every(
        (en) =>
          !en.optionalEntry && en.keyKind.case === "mapKey" && constant(en.keyKind.value) && en.value !== undefined && constant(en.value),
      )
    );
  if (k.case === "callExpr")
    return (
      TYPE_CONVERSIONS.has(k.value.function) && k.value.target === undefined && k.value.args.length === 1 && constant(k.value.args[0]!)
    );
  return false;
}

/** A literal list cel-go turns into a set: constants of int, uint, double, string or bool only (decorators.go). */
function setMembership(e: Expr): boolean {
  if (e.exprKind.case !== "listExpr" || !constant(e)) return false;
  const primitive = (x: Expr): boolean => {
    const k = x.exprKind;
    if (k.case === "constExpr")
      return ["int64Value", "uint64Value", "doubleValue", "stringValue", "boolValue"].includes(k.value.constantKind.case ?? "");
    // A conversion of a constant is folded into one first.
    return k.case === "callExpr" && ["int", "uint", "double", "string", "bool"].includes(k.value.function);
  };
  return e.exprKind.value.elements.every(primitive);
}

/** A list literal, or a macro that builds a list (map, filter): a list to cel-go's checker. */
function listShaped(e: Expr): boolean {
  const k = e.exprKind;
  return k.case === "listExpr" || (k.case === "comprehensionExpr" && k.value.accuInit?.exprKind.case === "listExpr");
}

/** The element a map() or filter() step appends (`accu + [x]`, maybe under a conditional). */
function appended(step: Expr | undefined): Expr | undefined {
  const k = step?.exprKind;
  if (k?.case !== "callExpr") return undefined;
  if (k.value.function === "_?_:_") return appended(k.value.args[1]) ?? appended(k.value.args[2]);
  const list = k.value.function === "_+_" ? k.value.args[1] : undefined;
  return list?.exprKind.case === "listExpr" && list.exprKind.value.elements.length === 1 ? list.exprKind.value.elements[0] : undefined;
}

/** Whether cel-go plans `e` as an attribute (a root with qualifiers). */
function attribute(e: Expr): boolean {
  const k = e.exprKind;
  if (k.case === "identExpr") return true;
  if (k.case === "selectExpr") return !k.value.testOnly;
  return k.case === "callExpr" && ["_[_]", "_[?_]", "_?._", "_?_:_"].includes(k.value.function);
}

class Roles {
  readonly roles = new Map<bigint, Role>();
  constructor(
    private readonly dynRoots: ReadonlySet<string>,
    private readonly qualified: (name: string) => boolean,
    private readonly typedVariables: ReadonlySet<string>,
  ) {}

  /** Whether `e`'s type is known statically (not dyn), with `scope` the comprehension variables'. */
  private typed(e: Expr, scope: ReadonlyMap<string, boolean>): boolean {
    const k = e.exprKind;
    switch (k.case) {
      case "identExpr":
        return scope.get(k.value.name) ?? !this.dynRoots.has(k.value.name);
      case "selectExpr": {
        const op = k.value.operand;
        // A policy's variable is declared with the type its expression compiled to.
        if (op?.exprKind.case === "identExpr" && op.exprKind.value.name === "variables" && !scope.has("variables"))
          return this.typedVariables.has(k.value.field);
        return k.value.testOnly || (op !== undefined && this.typed(op, scope));
      }
      case "callExpr": {
        const { function: fn, target, args } = k.value;
        if (fn === "dyn") return false;
        if (fn === "_?_:_") return this.typed(args[1]!, scope) && this.typed(args[2]!, scope);
        // Arithmetic over two dyn operands is dyn (cel-go's checker keeps every overload); one known operand decides it.
        if (["_+_", "_-_", "_*_", "_/_", "_%_", "-_"].includes(fn)) return args.some((a) => this.typed(a, scope));
        if (["_[_]", "_[?_]", "_?._"].includes(fn)) return this.typed(args[0]!, scope);
        if (target !== undefined && ["orValue", "or", "value", "min", "max", "sum", "first", "last"].includes(fn))
          return this.typed(target, scope);
        return true;
      }
      case "comprehensionExpr": {
        // A macro's result over a dyn range is list(dyn) or dyn to cel-go (map, filter); cel.bind's
        // (a range of nothing) is its bound value's.
        const c = k.value;
        if (c.result === undefined || c.accuInit === undefined) return true;
        const empty = c.iterRange?.exprKind.case === "listExpr" && c.iterRange.exprKind.value.elements.length === 0;
        if (empty) return this.typed(c.result, new Map([...scope, [c.accuVar, this.typed(c.accuInit, scope)]]));
        const rangeTyped = c.iterRange === undefined || this.typed(c.iterRange, scope);
        // map() and filter(): a list of what each step appends (map(h, h.size()) is list(int) over any range).
        const element = appended(c.loopStep);
        if (element !== undefined) {
          const inner = new Map([...scope, [c.iterVar, rangeTyped], [c.accuVar, true]]);
          if (c.iterVar2 !== "") inner.set(c.iterVar2, rangeTyped);
          return this.typed(element, inner);
        }
        return rangeTyped && this.typed(c.result, new Map([...scope, [c.accuVar, true]]));
      }
      case "listExpr":
        // list(dyn) unless every element's type is known.
        return k.value.elements.length > 0 && k.value.elements.every((x) => this.typed(x, scope));
      default:
        return true;
    }
  }

  /**
   * Assigns `e` and its descendants their roles. `root`: an attribute's root counts here (not in a
   * conditional's branch, nor in an index key that is an attribute).
   */
  walk(e: Expr | undefined, scope: ReadonlyMap<string, boolean>, root = true): void {
    if (e === undefined) return;
    const k = e.exprKind;
    const add = (n: number): void => {
      if (n > 0) this.roles.set(e.id, { k: "add", n });
    };
    switch (k.case) {
      case "identExpr":
        // A type name is a constant in cel-go's plan.
        add(root && (scope.has(k.value.name) || !TYPE_NAMES.has(k.value.name)) ? 1 : 0);
        return;
      case "selectExpr":
        if (k.value.testOnly) {
          // has(): the attribute's own step costs nothing (PresenceTestHasCost(false)) and its
          // qualifiers 1 each, the tested field's once reached: an attribute operand's root is not
          // counted, the test is.
          const op = k.value.operand;
          if (op !== undefined && attribute(op)) this.walk(op, scope, false);
          else this.walk(op, scope);
          add(1);
          return;
        }
        add(1 + this.operand(k.value.operand, root, scope));
        return;
      case "listExpr":
        for (const x of k.value.elements) this.walk(x, scope);
        add(constant(e) ? 0 : LIST_CREATE);
        return;
      case "structExpr":
        for (const en of k.value.entries) {
          if (en.keyKind.case === "mapKey") this.walk(en.keyKind.value, scope);
          this.walk(en.value, scope);
        }
        add(k.value.messageName !== "" ? STRUCT_CREATE : constant(e) ? 0 : MAP_CREATE);
        return;
      case "comprehensionExpr": {
        const c = k.value;
        this.walk(c.iterRange, scope);
        this.walk(c.accuInit, scope);
        const inner = new Map(scope);
        const rangeTyped = c.iterRange === undefined || this.typed(c.iterRange, scope);
        inner.set(c.iterVar, rangeTyped);
        if (c.iterVar2 !== "") inner.set(c.iterVar2, rangeTyped);
        inner.set(c.accuVar, c.accuInit === undefined || this.typed(c.accuInit, scope));
        this.walk(c.loopCondition, inner);
        this.walk(c.loopStep, inner);
        this.walk(c.result, new Map([...scope, [c.accuVar, inner.get(c.accuVar)!]]));
        return;
      }
      case "callExpr":
        this.call(e, scope, root);
        return;
      default:
        return;
    }
  }

  /** Takes back the roles given to `e` and its descendants (what cel-go never evaluates). */
  unwalk(e: Expr | undefined): void {
    if (e === undefined) return;
    this.roles.delete(e.id);
    const k = e.exprKind;
    if (k.case === "selectExpr") this.unwalk(k.value.operand);
    else if (k.case === "callExpr") {
      this.unwalk(k.value.target);
      k.value.args.forEach((a) => this.unwalk(a));
    } else if (k.case === "listExpr") k.value.elements.forEach((a) => this.unwalk(a));
    else if (k.case === "structExpr")
      for (const en of k.value.entries) {
        if (en.keyKind.case === "mapKey") this.unwalk(en.keyKind.value);
        this.unwalk(en.value);
      }
    else if (k.case === "comprehensionExpr")
      for (const x of [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result]) this.unwalk(x);
  }

  /** Walks an attribute's operand; an attribute over something that is not one is relative, its root counted too. */
  private operand(op: Expr | undefined, root: boolean, scope: ReadonlyMap<string, boolean>): number {
    if (op === undefined) return 0;
    if (attribute(op)) {
      this.walk(op, scope, root);
      return 0;
    }
    this.walk(op, scope);
    return root ? 1 : 0;
  }

  private call(e: Expr, scope: ReadonlyMap<string, boolean>, root: boolean): void {
    if (e.exprKind.case !== "callExpr") return;
    const { function: fn, target, args } = e.exprKind.value;
    // A namespaced function (sets.contains, optional.of): its target is a name, not a value.
    const namespace = target?.exprKind.case === "identExpr" ? target.exprKind.value.name : undefined;
    const name = namespace !== undefined && !namespace.startsWith("@") && this.qualified(`${namespace}.${fn}`) ? `${namespace}.${fn}` : fn;
    const ownTarget = name === fn ? target : undefined;
    if (fn === "_[_]" || fn === "_[?_]" || fn === "_?._") {
      const n = this.operand(args[0], root, scope);
      const key = args[1];
      if (key !== undefined && fn !== "_?._" && !constant(key)) this.walk(key, scope, !attribute(key));
      this.roles.set(e.id, fn === "_[_]" ? { k: "add", n: 1 + n } : { k: "present", base: n });
      return;
    }
    if (fn === "_?_:_") {
      this.walk(args[0], scope);
      for (const branch of args.slice(1)) this.walk(branch, scope, !attribute(branch));
      return;
    }
    this.walk(ownTarget, scope);
    for (const a of args) this.walk(a, scope);
    if (FREE_CALLS.has(fn) && (fn === "_&&_" || fn === "_||_" || target !== undefined)) return;
    if (TYPE_CONVERSIONS.has(fn) && target === undefined && args.length === 1 && constant(args[0]!)) return;
    if (fn === "@in" && args[1] !== undefined && setMembership(args[1])) {
      // `x in [constants]` is folded into a set lookup of no cost; `x in []` into false, x unevaluated.
      if (args[1].exprKind.case === "listExpr" && args[1].exprKind.value.elements.length === 0) this.unwalk(args[0]);
      return;
    }
    const operands = ownTarget !== undefined ? [ownTarget, ...args] : args;
    let resolved = true;
    // in_list is resolved for anything cel-go knows to be a list, whatever its elements.
    if (fn === "@in") resolved = args[1] !== undefined && (this.typed(args[1], scope) || listShaped(args[1]));
    else if (["_<_", "_<=_", "_>_", "_>=_", "_+_", "string", "bytes", "sort"].includes(fn))
      resolved = operands.some((a) => this.typed(a, scope));
    // Its overload is one per key type: the keys (a map() comprehension) typed by what they hold.
    else if (fn === "@sortByAssociatedKeys") resolved = args[0] !== undefined && this.typed(args[0], scope);
    this.roles.set(e.id, { k: "call", fn: name, member: ownTarget !== undefined, resolved });
  }
}

/** The cost roles of a parsed expression's nodes (cel-go's shapes, before lowering), by node id. */
function costRoles(
  parsed: ParsedExpr,
  dynRoots: ReadonlySet<string>,
  qualified: (name: string) => boolean,
  typedVariables: ReadonlySet<string>,
): ReadonlyMap<bigint, Role> {
  const r = new Roles(dynRoots, qualified, typedVariables);
  r.walk(parsed.expr, new Map());
  return r.roles;
}

// ---- evaluation ----

/** A function's overloads, as the planner finds them by name. */
type Overloads = Pick<CelFunc, "call">;

/**
 * A step whose operands are kept as they are evaluated, so that it is charged when cel-go's observer
 * would charge it even if an operand or the step itself fails: a call (its operands kept, then its
 * function applied) or a list or map construction (its one operand the built value).
 */
interface Site {
  /** A call's cost role; undefined for a construction, which costs `fixed`. */
  readonly role: CallRole | undefined;
  readonly fixed: number;
  /** The call's overloads, as the planner would have found them. */
  readonly func: Overloads | undefined;
  /** The function's name as planned (for the no-overload error), whether operand 0 is its receiver. */
  readonly name: string;
  readonly member: boolean;
  readonly arity: number;
  readonly id: number;
}

class Tracker {
  cost = 0;
  exceeded = false;
  /** The operands kept for each site, until it is charged. */
  readonly kept = new Map<number, (CelValue | undefined)[]>();
  /** The operands of each charged site, until it is applied. */
  readonly ready = new Map<number, (CelValue | undefined)[]>();
  constructor(
    readonly limit: number,
    readonly sites: readonly Site[],
  ) {}
  add(n: number): void {
    // Cancelled: the cost stays where it crossed the limit (cel-go stops there), and what unwinds adds nothing.
    if (this.exceeded) throw new Error(COST_LIMIT_EXCEEDED);
    this.cost += n;
    if (this.cost > this.limit) {
      this.exceeded = true;
      throw new Error(COST_LIMIT_EXCEEDED);
    }
  }
}

let current: Tracker | undefined;

/** Functions whose constant pattern cel-go compiles when it plans them. */
const REGEX_FUNCTIONS = new Set(["matches", "find", "findAll"]);

/** Functions whose cost reads their result: charged once applied. */
const RESULT_SIZED = new Set(["join", "lists.range", "slice", "reverse"]);

const ADD = "@cost";
const NOW = "@costnow";
const THEN = "@costthen";
const PRESENT = "@costpresent";
const KEEP = "@costkeep";
const CHARGE = "@costcharge";
const APPLY = "@costapply";

/** The planner's name for a call: a namespaced function (`sets.contains`) when its target names one. */
function qualifiedName(e: Expr | undefined): string | undefined {
  const k = e?.exprKind;
  if (k?.case === "identExpr") return k.value.name;
  if (k?.case === "selectExpr" && !k.value.testOnly) {
    const parent = qualifiedName(k.value.operand);
    return parent === undefined ? undefined : `${parent}.${k.value.field}`;
  }
  return undefined;
}

/**
 * Wraps each node of a lowered expression that has a cost role in the calls that add it, as cel-go's
 * observer adds it: an attribute's qualifier once its operand is reached (even if the qualifier then
 * fails); a unary or binary call once all its operands are evaluated, each failing or not (cel-go
 * evaluates both sides of a binary call before it looks for an error), a call of more operands once
 * the last is evaluated, whether the function then fails or not; a construction even if an element
 * fails. A call's operands go through `@costkeep`, then `@costcharge` charges it (all three joined
 * by `||`, which evaluates each whatever the one before it gave), and `@costapply` calls its function
 * with them.
 */
function instrument(parsed: ParsedExpr, roles: ReadonlyMap<bigint, Role>, env: CelEnv): { expr: ParsedExpr; sites: Site[] } {
  const sites: Site[] = [];
  let next = 1n << 40n;
  const node = (exprKind: Expr["exprKind"]): Expr => ({ $typeName: "cel.expr.Expr", id: next++, exprKind });
  const int = (v: number): Expr => {
    const constantKind: { case: "int64Value"; value: bigint } = { case: "int64Value", value: BigInt(v) };
    return node({ case: "constExpr", value: { $typeName: "cel.expr.Constant", constantKind } });
  };
  const call = (fn: string, args: Expr[]): Expr =>
    node({ case: "callExpr", value: { $typeName: "cel.expr.Expr.Call", function: fn, args } });
  /** `e` becomes `fn(<e as it was>, ...extra)`. */
  const wrap = (e: Expr, fn: string, extra: Expr[]): void => {
    const inner: Expr = { ...e };
    e.exprKind = call(fn, [inner, ...extra]).exprKind;
    e.id = next++;
  };
  /** `e` is charged `n` before it is evaluated. */
  const precharge = (e: Expr, n: number): void => {
    const inner: Expr = { ...e };
    e.exprKind = call(THEN, [call(NOW, [int(n)]), inner]).exprKind;
    e.id = next++;
  };
  /** `e` becomes its value once its site (of `operands`, its operands' places) is charged and applied. */
  const keepAndApply = (e: Expr, site: Site, operands: Expr[], strict = false): void => {
    const s = sites.push(site) - 1;
    const keeps = operands.map((o, i) => call(KEEP, [{ ...o }, int(s), int(i)]));
    let chain: Expr;
    if (operands.length <= 2 && !strict) {
      // Every operand evaluated, then charged (binary and unary calls, constructions).
      chain = call(CHARGE, [int(s)]);
      for (const k of keeps.reverse()) chain = call("_||_", [k, chain]);
    } else {
      // Strict up to the last operand, which is charged whatever it gives.
      chain = call("_||_", [keeps.pop()!, call(CHARGE, [int(s)])]);
      for (const k of keeps.reverse()) chain = call(THEN, [k, chain]);
    }
    e.exprKind = call(APPLY, [chain, int(s)]).exprKind;
    e.id = next++;
  };
  const visit = (e: Expr | undefined): void => {
    if (e === undefined) return;
    const k = e.exprKind;
    const role = roles.get(e.id);
    switch (k.case) {
      case "selectExpr": {
        const op = k.value.operand;
        const rootRole = op?.exprKind.case === "identExpr" ? roles.get(op.id) : undefined;
        if (rootRole?.k === "add" && role?.k === "add" && !k.value.testOnly) {
          // `a.b` is counted as one node (the planner resolves a dotted name, variables.x, as one
          // identifier), charged before it: the identifier and its qualifier are always reached.
          precharge(e, role.n + rootRole.n);
          return;
        }
        visit(op);
        // A qualifier counts once its operand is reached.
        if (role?.k === "add" && !k.value.testOnly && op !== undefined) {
          wrap(op, ADD, [int(role.n)]);
          return;
        }
        break;
      }
      case "listExpr":
      case "structExpr":
        if (k.case === "listExpr") k.value.elements.forEach(visit);
        else
          for (const en of k.value.entries) {
            if (en.keyKind.case === "mapKey") visit(en.keyKind.value);
            visit(en.value);
          }
        if (role?.k === "add") {
          keepAndApply(e, { role: undefined, fixed: role.n, func: undefined, name: "", member: false, arity: 1, id: Number(e.id) }, [
            { ...e },
          ]);
          return;
        }
        break;
      case "identExpr":
        // Read even when it holds an error (an accumulator after a failed step), as cel-go charges it.
        if (role?.k === "add") {
          precharge(e, role.n);
          return;
        }
        break;
      case "comprehensionExpr":
        for (const x of [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result]) visit(x);
        break;
      case "callExpr": {
        const c = k.value;
        const qualified = c.target === undefined ? undefined : qualifiedName(c.target);
        const namespacedFunc = qualified === undefined ? undefined : env.funcs.find(`${qualified}.${c.function}`);
        if (namespacedFunc === undefined) visit(c.target);
        c.args.forEach(visit);
        if (role?.k === "add" && ["_[_]", "_[?_]", "_?._", HAS_FIELD].includes(c.function) && role.n > 0 && c.args[0] !== undefined) {
          // An index, or has()'s test, counts once its operand is reached.
          wrap(c.args[0], ADD, [int(role.n)]);
          return;
        }
        if (role?.k !== "call") break;
        const func = namespacedFunc ?? env.funcs.find(c.function);
        const member = namespacedFunc === undefined && c.target !== undefined;
        const operands = member ? [c.target!, ...c.args] : c.args;
        if (func === undefined || operands.length === 0) {
          // Planned otherwise (@not_strictly_false), or of no operand: charged before it.
          precharge(e, callCost(role, [], undefined));
          return;
        }
        const name = namespacedFunc !== undefined ? `${qualified!}.${c.function}` : c.function;
        // A constant pattern is compiled when planned, into a call that evaluates its string only and
        // is charged only when that succeeds.
        const strict = REGEX_FUNCTIONS.has(c.function) && operands[1]?.exprKind.case === "constExpr";
        keepAndApply(e, { role, fixed: 0, func, name, member, arity: operands.length, id: Number(e.id) }, operands, strict);
        return;
      }
      default:
        break;
    }
    if (role === undefined) return;
    if (role.k === "add") wrap(e, ADD, [int(role.n)]);
    else if (role.k === "present") wrap(e, PRESENT, [int(role.base)]);
  };
  visit(parsed.expr);
  return { expr: parsed, sites };
}

/** cel-go's actualSize: the length of strings (in runes), bytes, lists and maps; 1 for anything else. */
function size(v: CelValue | undefined): number {
  if (typeof v === "string") {
    // Code points: every UTF-16 unit but the first half of a surrogate pair.
    let n = 0;
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 0xd800 || c > 0xdbff) n++;
    }
    return n;
  }
  if (v instanceof Uint8Array) return v.length;
  if (isCelList(v)) return v.size;
  if (isCelMap(v)) {
    if (isOptional(v)) {
      const inner = unwrap(v);
      return inner === undefined ? 1 : size(inner);
    }
    return opaque(v) ? 1 : v.size;
  }
  return 1;
}

/** Kubernetes' own types (quantity, url, ip, cidr, semver, format, authorizer values) are opaque maps here. */
function opaque(v: CelValue): boolean {
  if (!isCelMap(v) || isOptional(v)) return false;
  for (const key of v.keys()) return typeof key === "string" && (key.startsWith("\u0000") || key.startsWith("@"));
  return false;
}

/** Kubernetes' traversalCost: a tenth of each string's bytes (truncated), 1 per other scalar. */
function traversal(v: CelValue | undefined): number {
  if (typeof v === "string") return Math.trunc(Buffer.byteLength(v) * STRING_TRAVERSAL);
  if (v instanceof Uint8Array) return Math.trunc(v.length * STRING_TRAVERSAL);
  if (isCelList(v)) {
    let n = 0;
    for (const x of v) n += traversal(x);
    return n;
  }
  if (isCelMap(v) && !opaque(v)) {
    let n = 0;
    for (const [key, x] of v) n += traversal(key) + traversal(x);
    return n;
  }
  return 1;
}

const ceil = (x: number): number => Math.ceil(x - 1e-9);
const str = (v: CelValue | undefined, f = 1): number => ceil(size(v) * f * STRING_TRAVERSAL);
const textual = (v: CelValue | undefined): boolean => typeof v === "string" || v instanceof Uint8Array;
const allocating = (factor: number, n: number): number => Math.trunc(n * factor) + 1 + LIST_CREATE;

/** The cost of one call: Kubernetes' CallCost by function name, cel-go's ext trackers, then cel-go's defaults. */
function callCost(role: CallRole, a: readonly (CelValue | undefined)[], result: CelValue | undefined): number {
  const [a0, a1] = a;
  switch (role.fn) {
    case "check":
      return 350_000;
    case "fieldSelector":
    case "labelSelector": {
      const n = size(a1);
      return LIST_CREATE + ceil(n * STRING_TRAVERSAL) + ceil(n * 0.5) * (LIST_CREATE + STRUCT_CREATE);
    }
    case "isSorted":
    case "sum":
    case "max":
    case "min":
    case "includes":
      return traversal(a0);
    case "indexOf":
    case "lastIndexOf":
      return traversal(a0);
    case "url":
    case "lowerAscii":
    case "upperAscii":
    case "substring":
    case "trim":
    case "jsonpatch.escapeKey":
    case "cidr":
    case "isIP":
    case "isCIDR":
    case "quantity":
    case "isQuantity":
    case "semver":
    case "isSemver":
      return str(a0);
    case "ip":
      return role.member ? 1 : str(a0);
    case "ip.isCanonical":
      return str(a0, 2);
    case "replace":
    case "split":
      return str(a0, 2);
    case "join":
      return str(result, 2);
    case "validate": {
      // The format library's: the string against a regex of the format's MaxRegexSize.
      const name = a0 === undefined ? undefined : formatNameOf(a0);
      if (name === undefined) return 1;
      return ceil((1 + size(a1)) * STRING_TRAVERSAL) * ceil(FORMAT_REGEX_SIZE[name] * REGEX_LENGTH);
    }
    case "find":
    case "findAll":
      return ceil((1 + size(a0)) * STRING_TRAVERSAL) * ceil(size(a1) * REGEX_LENGTH);
    case "containsIP":
    case "containsCIDR": {
      let n = str(a0, 2);
      if (role.fn === "containsCIDR") n += str(a0) + 1;
      if (typeof a1 === "string") n += str(a1);
      return n;
    }
    case "lists.range":
    case "slice":
      return allocating(1, size(result));
    case "reverse":
      return isCelList(a0) ? allocating(1, size(result)) : 1;
    case "flatten":
      return allocating(a1 === undefined ? 1 : Number(a1), size(a0));
    case "distinct":
    case "sort": {
      // sort's overload is one per element type: over a dyn list it is chosen at runtime, untracked.
      if (!isCelList(a0) || (role.fn === "sort" && !role.resolved)) return 1;
      const n = size(a0);
      const first = n > 0 ? a0.get(0) : undefined;
      return allocating(2 + (textual(first) ? STRING_TRAVERSAL : 0), n * n);
    }
    case "@sortByAssociatedKeys": {
      // sortBy's expansion: O(n²) over the keys, as cel-go's trackListSortBy.
      if (!isCelList(a1) || !role.resolved) return 1;
      const n = size(a1);
      const first = n > 0 ? a1.get(0) : undefined;
      return allocating(2 + (textual(first) ? STRING_TRAVERSAL : 0), n * n);
    }
    case "sets.contains":
    case "sets.intersects":
      return 1 + size(a0) * size(a1);
    case "sets.equivalent":
      return 1 + Math.trunc(size(a0) * size(a1) * 2);
    case "_==_":
    case "_!=_":
      if (role.fn === "_==_" && opaque(a0!)) return 1;
      return ceil(Math.min(size(a0), size(a1)) * STRING_TRAVERSAL);
    case "_<_":
    case "_<=_":
    case "_>_":
    case "_>=_":
      return role.resolved && textual(a0) && textual(a1) ? ceil(Math.min(size(a0), size(a1)) * STRING_TRAVERSAL) : 1;
    case "_+_":
      // Resolved to string (or bytes) concatenation, it is charged by both sizes, whatever the other operand holds (1 for an error).
      return role.resolved && (textual(a0) || textual(a1)) ? ceil((size(a0) + size(a1)) * STRING_TRAVERSAL) : 1;
    case "@in":
      return role.resolved && isCelList(a1) ? size(a1) : 1;
    case "startsWith":
    case "endsWith":
      return str(a1);
    case "string":
      return role.resolved && a0 instanceof Uint8Array ? str(a0) : 1;
    case "bytes":
      return role.resolved && typeof a0 === "string" ? str(a0) : 1;
    case "strings.quote":
    case "format":
      return str(a0);
    case "matches":
      return ceil((1 + size(a0)) * STRING_TRAVERSAL) * ceil(size(a1) * REGEX_LENGTH);
    case "contains":
      return typeof a0 === "string" ? str(a0) * str(a1) : 1;
    default:
      return 1;
  }
}

const { DYN, INT, BOOL } = CelScalar;

/** The operands kept for site `s` of the current evaluation (an operand that failed is undefined). */
function keptFor(t: Tracker, s: number): (CelValue | undefined)[] {
  let kept = t.kept.get(s);
  if (kept === undefined) t.kept.set(s, (kept = new Array<CelValue | undefined>(t.sites[s]!.arity)));
  return kept;
}

/** The functions instrumented expressions call; part of every environment that evaluates them. */
export const costFuncs: CelFunc[] = [
  celFunc(ADD, [DYN, INT], DYN, (v, n) => {
    current?.add(Number(n));
    return v;
  }),
  celFunc(NOW, [INT], INT, (n) => {
    current?.add(Number(n));
    return n;
  }),
  celFunc(THEN, [DYN, DYN], DYN, (_, v) => v),
  celFunc(PRESENT, [DYN, INT], DYN, (v, base) => {
    current?.add(Number(base) + (isOptional(v) && unwrap(v) !== undefined ? 1 : 0));
    return v;
  }),
  celFunc(KEEP, [DYN, INT, INT], BOOL, (v, s, i) => {
    if (current) keptFor(current, Number(s))[Number(i)] = v;
    return false;
  }),
  celFunc(CHARGE, [INT], BOOL, (s) => {
    const t = current;
    if (!t) return false;
    const kept = keptFor(t, Number(s));
    t.kept.delete(Number(s));
    t.ready.set(Number(s), kept);
    const site = t.sites[Number(s)]!;
    if (site.role === undefined) t.add(site.fixed);
    // A function whose cost reads its result is charged once applied, unless an operand failed.
    else if (!RESULT_SIZED.has(site.role.fn) || kept.includes(undefined)) t.add(callCost(site.role, kept, undefined));
    return false;
  }),
  celFunc(APPLY, [BOOL, INT], DYN, (_, s) => {
    const t = current!;
    const kept = t.ready.get(Number(s))!;
    t.ready.delete(Number(s));
    const site = t.sites[Number(s)]!;
    if (site.func === undefined) return kept[0]!;
    const values = kept as CelValue[];
    const target = site.member ? values[0] : undefined;
    const args = site.member ? values.slice(1) : values;
    const result = site.func.call(site.id, target, args);
    if (result === undefined) {
      const on = target !== undefined ? `${celType(target).name}.` : "";
      throw new Error(`found no matching overload for '${site.name}' applied to '${on}(${args.map((x) => celType(x).name).join(", ")})'`);
    }
    if (site.role !== undefined && RESULT_SIZED.has(site.role.fn))
      t.add(callCost(site.role, kept, isCelError(result) ? undefined : result));
    // Thrown, a CelError passes through as it is (returned, it would be taken for a value).
    if (isCelError(result)) throw result;
    return result;
  }),
];

const NONE: ReadonlySet<string> = new Set();

/** An evaluation's result with its cost; `exceeded` when it was cancelled past PER_CALL_LIMIT (the result is then meaningless). */
export interface Costed {
  readonly result: CelResult;
  readonly cost: number;
  readonly exceeded: boolean;
}

/** A planned program that counts its runtime cost and is cancelled past PER_CALL_LIMIT. */
export type CostedProgram = (bindings: Record<string, CelInput>) => Costed;

/**
 * Plans a parsed expression (parse.ts's shapes) in `env` for evaluation, counting its cost: the roles
 * are decided on the parsed tree, which lowering (lower.ts) then rewrites, and the lowered tree is
 * instrumented with them. `dynRoots` are variables declared dyn (their overloads resolve at runtime);
 * `optionalRoots` variables bound to optionals; `typedVariables` the fields of a policy's `variables`
 * whose type is known (a string variable's comparison resolves to the string overload).
 */
export function costedProgram(
  env: CelEnv,
  parsed: ParsedExpr,
  dynRoots: ReadonlySet<string>,
  optionalRoots?: ReadonlySet<string>,
  typedVariables: ReadonlySet<string> = NONE,
): CostedProgram {
  const roles = costRoles(parsed, dynRoots, (name) => env.funcs.find(name) !== undefined, typedVariables);
  const { expr, sites } = instrument(lowerForEvaluation(parsed, optionalRoots), roles, env);
  const run = plan(env, expr);
  return (bindings) => {
    const previous = current;
    const tracker = new Tracker(PER_CALL_LIMIT, sites);
    current = tracker;
    try {
      const result = run(bindings);
      return { result, cost: tracker.cost, exceeded: tracker.exceeded };
    } finally {
      current = previous;
    }
  };
}
