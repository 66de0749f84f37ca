// A small CEL type checker and cost estimator over @bufbuild/cel's parsed AST. It reports what
// the server's compile step reports for CRD rules — undefined fields, undeclared identifiers,
// field selection on non-objects, non-boolean results — and estimates the worst-case cost the
// way cel-go's estimator does (comprehensions multiply by the range's maximum size; string
// operations scale with the string's maximum length). Anything it cannot type is `dyn`, so it
// errs on the side of accepting a rule. The constants were measured against a real 1.24 server
// (test/fixtures/cel-cost-1.24); how later versions differ is in ../server-versions.ts.
import type { parse } from "@bufbuild/cel";
import { DYN, formatCelType, MAX_REQUEST_BYTES, type CelT } from "./cel-types.js";
import { TYPE_NAMES } from "../../validation/cel/type-names.js";
import { FORMAT_NAMES } from "../../validation/cel/format-names.js";
import { costModelFor, REFERENCE_MINOR, type CostModel } from "../server-versions.js";
import { isCelError, plan } from "@bufbuild/cel";
import { validationEnv } from "../../validation/cel/library.js";
import { regexError } from "../../validation/cel/program-checks.js";

/** The AST node type of @bufbuild/cel. */
export type Expr = ReturnType<typeof parse>["expr"];
type StructEntry = Extract<Expr["exprKind"], { case: "structExpr" }>["value"]["entries"][number];

/** A checker error at a source offset. */
export interface CelIssue {
  offset: number;
  message: string;
  /** Where cel-go places it: the first such character from the offset on (a struct field's colon). */
  seek?: string;
}

/** What differs between the environments that use the checker (CRD rules, admission policies). */
export interface CheckerOptions {
  /**
   * cel-go's CrossTypeNumericComparisons: `<`, `<=`, `>`, `>=` between int, uint and double (never
   * `==`). Kubernetes turns it on in the environments admission policies compile in.
   */
  crossTypeNumericOrdering?: boolean;
  /** The methods of declared object types, by type name, then method name: their result types. */
  methods?: ReadonlyMap<string, ReadonlyMap<string, CelT>>;
  /** cel.ValidateHomogeneousAggregateLiterals (servers from 1.29): literals of one element type. */
  homogeneousLiterals?: boolean;
  /**
   * cel.OptionalTypes (servers from 1.28): the optional library's methods are declared, so a receiver
   * of another type is no matching overload. Without it they are undeclared, which this checker (as
   * for any name it does not know) lets pass.
   */
  optionalTypes?: boolean;
  /**
   * The functions the environment declares (declarations.ts): a call of any other name is an
   * undeclared reference. Without it every name passes.
   */
  declaredFunctions?: ReadonlySet<string>;
  /**
   * The message types the environment declares (`Object{…}`, `JSONPatch{…}` in MutatingAdmissionPolicy's):
   * the type of a construction, or undefined for a name it does not declare (an undeclared reference).
   * Without it a construction is dyn whatever its name.
   */
  messageTypes?: (name: string) => CelT | undefined;
}

/** cel-go's names of operators (`_+_`, `!_`, `_[_]`, `_?_:_` ...) and of its internal functions (`@in`). */
const OPERATOR = /^(_.*_|!_|-_|@.*)$/;

function excerpt(source: string, offset: number): { line: number; col: number; text: string } {
  const before = source.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = source.indexOf("\n", lineStart);
  const text = source.slice(lineStart, lineEnd === -1 ? source.length : lineEnd);
  return { line, col: [...source.slice(lineStart, offset)].length + 1, text };
}

/** cel-go's printed form of one issue, with the source line and a caret. */
export function formatCelIssue(line: number, col: number, text: string, message: string): string {
  return `ERROR: <input>:${line}:${col}: ${message}\n | ${text}\n | ${".".repeat(Math.max(0, col - 1))}^`;
}

/**
 * cel-go's printed form of a checker's issues (what follows "compilation failed: "). cel-go places
 * an operator's issue at the operator; @bufbuild/cel records a comparison whose left side is a bare
 * identifier (`g == 1`) one character early, on the space before it, so an offset on white space
 * moves to the token after it.
 */
export function formatCelIssues(source: string, issues: readonly CelIssue[]): string {
  return issues
    .map((i) => {
      let offset = i.offset;
      if (i.seek !== undefined) offset = Math.max(source.indexOf(i.seek, offset), offset);
      while (offset < source.length && /\s/.test(source[offset]!)) offset++;
      const x = excerpt(source, offset);
      return formatCelIssue(x.line, x.col, x.text, i.message);
    })
    .join("\n");
}

// ANTLR's wording when an expression stops right after an operator, the most common syntax
// error in hand-written rules; other syntax errors keep @bufbuild/cel's own wording.
const danglingOperator = /(==|!=|<=|>=|<|>|&&|\|\||\+|-|\*|\/|%|!|\?|:|\bin)\s*$/;
const expectingOperand =
  "mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

/** ANTLR's error for an expression that ends in an operator, as cel-go prints it; undefined for any other expression. */
export function danglingOperatorError(source: string): string | undefined {
  if (!danglingOperator.test(source)) return undefined;
  const lines = source.split("\n");
  const last = lines[lines.length - 1]!;
  return formatCelIssue(lines.length, [...last].length + 1, last, `Syntax error: ${expectingOperand}`);
}

/** Type, worst-case cost and worst-case size (as cel-go's estimator knows it) of an expression. */
interface Checked {
  t: CelT;
  cost: number;
  /** Length of a string or bytes, entries of a list or map; UNKNOWN_SIZE when the estimator cannot tell. */
  size: number;
}

/** cel-go's unknown size estimate, math.MaxUint64. */
export const UNKNOWN_SIZE = 2 ** 64;
const scalarTypes = new Set(["bool", "int", "uint", "double", "duration", "timestamp"]);

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
  // The ip and cidr libraries' predicates and cel-go's sets extension.
  "isIP",
  "isCIDR",
  "isSemver",
  "isGreaterThan",
  "isLessThan",
  "ip.isCanonical",
  "isUnspecified",
  "isLoopback",
  "isLinkLocalMulticast",
  "isLinkLocalUnicast",
  "isGlobalUnicast",
  "containsIP",
  "containsCIDR",
  "sets.contains",
  "sets.equivalent",
  "sets.intersects",
  "hasValue",
]);

/**
 * Functions named in a namespace (`ip.isCanonical(s)`, `sets.contains(a, b)`): the parser sees a
 * method call on an identifier, and cel-go's checker resolves the qualified name first.
 */
const qualifiedFns = new Set([
  "ip.isCanonical",
  "sets.contains",
  "sets.equivalent",
  "sets.intersects",
  "lists.range",
  "optional.of",
  "optional.ofNonZeroValue",
  "optional.none",
  "optional.unwrap",
  // The format library (format.go): format.named and one function per named format.
  "format.named",
  ...FORMAT_NAMES.map((n) => `format.${n}`),
  // MutatingAdmissionPolicy's JSON Patch library.
  "jsonpatch.escapeKey",
]);
const stringFns = new Set([
  "jsonpatch.escapeKey",
  "lowerAscii",
  "upperAscii",
  "trim",
  "replace",
  "substring",
  "charAt",
  "join",
  "string",
  "format",
]);
const traversalFactor = 0.1;
const BOOL: CelT = { k: "bool" };

function sizeOf(t: CelT): number {
  if (t.k === "string" || t.k === "bytes" || t.k === "list" || t.k === "map") return t.maxSize;
  return t.k === "dyn" ? MAX_REQUEST_BYTES : 1;
}

/** What the server's size estimator says about a value read from the schema: bounds for strings, lists and maps, 0 for scalars. */
function pathSize(t: CelT): number {
  if (t.k === "string" || t.k === "bytes" || t.k === "list" || t.k === "map") return t.maxSize;
  if (t.k === "dyn") return MAX_REQUEST_BYTES;
  return 0; // objects and scalars (measured: `self == self` on an object costs no traversal)
}

/** ceil(factor x size), saturating at the unknown size as cel-go's uint64 arithmetic does. */
function scaled(size: number, factor: number): number {
  return Math.min(UNKNOWN_SIZE, Math.ceil(size * factor));
}

/** Checks one rule's AST with the given variables. */
export class CelChecker {
  readonly issues: CelIssue[] = [];
  /**
   * cel-go's homogeneous-literal validator (cel.ValidateHomogeneousAggregateLiterals, in Kubernetes'
   * environment from 1.29): the elements of a list literal, and the keys and values of a map literal,
   * have one type. It runs only on an expression that type-checked, so its issues are kept apart
   * (see `allIssues`). Only types known here on both sides are compared: where one side is
   * dyn this checker may lack a declaration cel-go has (a library function's result), so a
   * difference could be its own ignorance rather than the expression's.
   */
  private readonly literalIssues: CelIssue[] = [];
  /** Inside a string format() call, whose literals the validator exempts. */
  private inFormat = 0;
  /** Sizes of comprehension variables in scope (iteration and accumulator variables). */
  private sizes = new Map<string, number>();

  constructor(
    private readonly positions: Readonly<Record<string, number>>,
    private readonly model: CostModel = costModelFor(REFERENCE_MINOR),
    private readonly options: CheckerOptions = {},
  ) {}

  /** The size cel-go gives a computed value of type `t` it has no other estimate for. */
  private computedSize(t: CelT): number {
    const inner = t.k === "optional" ? t.elem : t;
    return this.model.scalarSizes && scalarTypes.has(inner.k) ? 1 : UNKNOWN_SIZE;
  }

  private issue(e: Expr, message: string, shift = 0): void {
    this.issues.push({ offset: (this.positions[String(e.id)] ?? 0) + shift, message });
  }

  /**
   * An issue about a call: cel-go places it at the call's parenthesis, where @bufbuild/cel records
   * a member call (`x.f(...)`) at its dot, so the method's name and the dot are skipped.
   */
  // A member call's issue is at its parenthesis, past the name (`fn` is what follows the dot).
  // cel-go places a call at its parenthesis; the parser here places a member call at its dot and a
  // global call by name at the name (an operator at the operator, where cel-go has it too).
  private callIssue(e: Expr, fn: string, member: boolean, message: string): void {
    this.issue(e, message, member ? fn.length + 1 : OPERATOR.test(fn) ? 0 : fn.length);
  }

  /** The issues of the checker and then of the validators, as cel-go reports them: the validators' only when the checker had none. */
  allIssues(): CelIssue[] {
    // cel-go prints a list of issues by their place in the source.
    return this.issues.length > 0 ? this.issues : [...this.literalIssues].sort((a, b) => a.offset - b.offset);
  }

  /**
   * cel-go's validators of literal arguments (in Kubernetes' environment from 1.29, with the
   * homogeneous one): the first argument of duration(), timestamp() or matches(), when a literal,
   * must convert or compile (a member matches' first argument is its pattern, a global one's the
   * string it searches, as cel-go checks it).
   */
  private literalArgument(fn: string, arg: Expr | undefined): void {
    if (!this.options.homogeneousLiterals || arg?.exprKind.case !== "constExpr") return;
    if (fn !== "duration" && fn !== "timestamp" && fn !== "matches") return;
    const c = arg.exprKind.value.constantKind;
    let fails: boolean;
    if (fn === "matches") fails = c.case === "stringValue" && regexError(c.value) !== undefined;
    else {
      // The conversion evaluated on its own (a planned call: making a duration needs an evaluation's registry).
      const call: Expr = {
        $typeName: "cel.expr.Expr",
        id: 1n,
        exprKind: { case: "callExpr", value: { $typeName: "cel.expr.Expr.Call", function: fn, args: [arg] } },
      };
      fails = isCelError(plan(validationEnv(), call)());
    }
    if (fails) this.literalIssues.push({ offset: this.positions[String(arg.id)] ?? 0, message: `invalid ${fn} argument` });
  }

  /**
   * Reports a literal's element whose type is not the first element's. A dyn is compared with a known
   * type only when it is surely dyn in cel-go too: a field or index of a variable declared dyn
   * (object, oldObject, params of a policy).
   */
  private homogeneous(elements: readonly { e: Expr; t: CelT }[], stopAtFirst: boolean, env: ReadonlyMap<string, CelT>): void {
    if (this.inFormat > 0 || !this.options.homogeneousLiterals) return;
    const first = elements[0];
    if (first === undefined) return;
    const expected = formatCelType(first.t);
    const known = (text: string): boolean => !/\bdyn\b/.test(text);
    for (const { e, t } of elements.slice(1)) {
      const actual = formatCelType(t);
      if (actual === expected) continue;
      const sure =
        (known(expected) && t.k === "dyn" && surelyDyn(e, env)) || (known(actual) && first.t.k === "dyn" && surelyDyn(first.e, env));
      if (!sure && (!known(expected) || !known(actual))) continue;
      this.literalIssues.push({ offset: this.positions[String(e.id)] ?? 0, message: `expected type '${expected}' but found '${actual}'` });
      if (stopAtFirst) return;
    }
  }

  /** Type and cost of `e` with variables `env`. */
  check(e: Expr, env: ReadonlyMap<string, CelT>): Checked {
    const k = e.exprKind;
    switch (k.case) {
      case "constExpr":
        return { t: constType(k.value.constantKind), cost: 0, size: constSize(k.value.constantKind) };
      case "identExpr": {
        const t = this.ident(e, k.value.name, env);
        return { t, cost: 1, size: this.sizes.get(k.value.name) ?? pathSize(t) };
      }
      case "selectExpr":
        return this.select(e, k.value.operand, k.value.field, k.value.testOnly, env);
      case "callExpr":
        return this.call(e, k.value.function, k.value.target, k.value.args, env);
      case "listExpr": {
        const optional = new Set(k.value.optionalIndices);
        const elems = k.value.elements.map((x, i) => {
          const c = this.check(x, env);
          return optional.has(i) && c.t.k === "optional" ? { ...c, t: c.t.elem } : c;
        });
        this.homogeneous(
          k.value.elements.map((x, i) => ({ e: x, t: elems[i]!.t })),
          true,
          env,
        );
        const elem = elems[0]?.t ?? DYN;
        return { t: { k: "list", elem, maxSize: elems.length }, cost: 10 + sum(elems.map((x) => x.cost)), size: elems.length };
      }
      case "structExpr": {
        let cost = k.value.messageName === "" ? 30 : 40;
        let value: CelT = DYN;
        const keys: { e: Expr; t: CelT }[] = [];
        const values: { e: Expr; t: CelT }[] = [];
        for (const entry of k.value.entries) {
          if (entry.keyKind.case === "mapKey") {
            const key = this.check(entry.keyKind.value, env);
            cost += key.cost;
            keys.push({ e: entry.keyKind.value, t: key.t });
          }
          if (entry.value !== undefined) {
            const v = this.check(entry.value, env);
            cost += v.cost;
            value = entry.optionalEntry && v.t.k === "optional" ? v.t.elem : v.t;
            values.push({ e: entry.value, t: value });
          }
        }
        const size = k.value.entries.length;
        if (k.value.messageName !== "") return { t: this.message(e, k.value.messageName, k.value.entries, values), cost, size };
        this.homogeneous(keys, false, env);
        this.homogeneous(values, false, env);
        // A literal's keys are of their own type (dyn when it has none), which cel-go prints: map(dyn, dyn) for `{}`.
        return { t: { k: "map", value, maxSize: size, key: keys[0]?.t ?? DYN }, cost, size };
      }
      case "comprehensionExpr":
        return this.comprehension(k.value, env);
      default:
        return { t: DYN, cost: 0, size: UNKNOWN_SIZE };
    }
  }

  /**
   * A message construction (`JSONPatch{op: "add"}`): its declared type, each field's value checked
   * against the field's type (cel-go names a field the type lacks as of type ''), at the field's entry;
   * a name the environment does not declare is an undeclared reference, at the brace; an opaque type's fields are dyn.
   */
  private message(e: Expr, name: string, entries: readonly StructEntry[], values: readonly { e: Expr; t: CelT }[]): CelT {
    if (this.options.messageTypes === undefined) return DYN;
    const t = this.options.messageTypes(name);
    if (t === undefined) {
      // At the brace, past the name.
      this.issue(e, `undeclared reference to '${name}' (in container '')`, name.length);
      return DYN;
    }
    // An opaque type's fields are all dyn.
    if (t.k !== "object" || t.opaque === true) return t;
    let i = 0;
    for (const entry of entries) {
      if (entry.value === undefined) continue;
      const v = values[i++];
      if (entry.keyKind.case !== "fieldKey" || v === undefined) continue;
      const field = entry.keyKind.value;
      const want = t.fields.get(field);
      if (want !== undefined && (want.k === "dyn" || v.t.k === "dyn" || formatCelType(want) === formatCelType(v.t))) continue;
      // cel-go places it at the field's colon.
      this.issues.push({
        offset: this.positions[String(entry.id)] ?? 0,
        seek: ":",
        message: `expected type of field '${field}' is '${want === undefined ? "" : formatCelType(want)}' but provided type is '${formatCelType(v.t)}'`,
      });
    }
    return t;
  }

  private ident(e: Expr, name: string, env: ReadonlyMap<string, CelT>): CelT {
    const t = env.get(name);
    if (t !== undefined) return t;
    if (TYPE_NAMES.has(name)) return { k: "type" };
    this.issue(e, `undeclared reference to '${name}' (in container '')`);
    return DYN;
  }

  private select(
    e: Expr,
    operand: Expr | undefined,
    field: string,
    testOnly: boolean,
    env: ReadonlyMap<string, CelT>,
    // `x.?f` (the parser's `_?._` call): the result is optional_type(T), sized as a computed value.
    optional = false,
  ): Checked {
    if (operand === undefined) return { t: DYN, cost: 0, size: UNKNOWN_SIZE };
    const checked = this.check(operand, env);
    // Selecting through an optional unwraps it for the check and makes the result optional (checkSelectField).
    const throughOptional = checked.t.k === "optional";
    const o = throughOptional && checked.t.k === "optional" ? { ...checked, t: checked.t.elem } : checked;
    let t: CelT = DYN;
    if (o.t.k === "object" && o.t.opaque === true) {
      const f = o.t.fields.get(field);
      if (f === undefined && o.t.unresolvable === true) this.issue(e, `unexpected failed resolution of '${o.t.name ?? "object"}'`);
      t = f ?? DYN;
    } else if (o.t.k === "object") {
      const f = o.t.fields.get(field);
      // has(x.f) is recorded at `has`; cel-go places its issue at the parenthesis after it.
      if (f === undefined) this.issue(e, `undefined field '${field}'`, testOnly ? "has".length : 0);
      else t = f;
    } else if (o.t.k === "map") t = o.t.value;
    else if (o.t.k !== "dyn") this.issue(e, `type '${formatCelType(o.t)}' does not support field selection`);
    // has() costs nothing, not even its operand (cel-go 0.10 returns before costing it).
    if (testOnly) return { t: BOOL, cost: 0, size: this.computedSize(BOOL) };
    if (optional || throughOptional) {
      const opt: CelT = { k: "optional", elem: t };
      return { t: opt, cost: o.cost + 1, size: this.computedSize(opt) };
    }
    return { t, cost: o.cost + 1, size: pathSize(t) };
  }

  private call(
    e: Expr,
    fn: string,
    target: Expr | undefined,
    args: Expr[],
    env: ReadonlyMap<string, CelT>,
    // For a qualified call: the name after the dot, where the parser placed the call.
    member?: string,
  ): Checked {
    if (target?.exprKind.case === "identExpr" && !env.has(target.exprKind.value.name)) {
      const qualified = `${target.exprKind.value.name}.${fn}`;
      if (qualifiedFns.has(qualified)) return this.call(e, qualified, undefined, args, env, fn);
    }
    const field = args[1]?.exprKind;
    if (
      fn === "_?._" &&
      target === undefined &&
      args.length === 2 &&
      field?.case === "constExpr" &&
      field.value.constantKind.case === "stringValue"
    )
      return this.select(e, args[0], field.value.constantKind.value, false, env, true);
    const tgt = target === undefined ? undefined : this.check(target, env);
    this.literalArgument(fn, args[0]);
    if (fn === "format") this.inFormat++;
    const as = args.map((a) => this.check(a, env));
    if (fn === "format") this.inFormat--;
    const argCost = (tgt?.cost ?? 0) + sum(as.map((a) => a.cost));
    // A name the environment does not declare: cel-go's error type, which raises nothing further.
    if (this.options.declaredFunctions !== undefined && !this.options.declaredFunctions.has(fn)) {
      this.callIssue(e, member ?? fn, target !== undefined || member !== undefined, `undeclared reference to '${fn}' (in container '')`);
      return { t: DYN, cost: argCost, size: UNKNOWN_SIZE };
    }
    // A method of a declared type (the authorizer's, say): its result, or cel-go's error for a name it does not declare.
    const methods = tgt?.t.k === "object" && tgt.t.name !== undefined ? this.options.methods?.get(tgt.t.name) : undefined;
    if (methods !== undefined) {
      const t = methods.get(fn);
      // A name another declared type has is an overload this receiver lacks; any other name is undeclared.
      const elsewhere = [...(this.options.methods?.values() ?? [])].some((m) => m.has(fn));
      if (t === undefined)
        this.callIssue(
          e,
          fn,
          true,
          elsewhere
            ? `found no matching overload for '${fn}' applied to '${formatCelType(tgt!.t)}.(${as.map((a) => formatCelType(a.t)).join(", ")})'`
            : `undeclared reference to '${fn}' (in container '')`,
        );
      return { t: t ?? DYN, cost: argCost + 1, size: t === undefined ? UNKNOWN_SIZE : this.computedSize(t) };
    }
    // A method of the Kubernetes libraries' value types: cel-go refuses a name the type lacks and
    // arguments of the wrong type; the call's type and cost follow below as any other's.
    const opaqueIssue =
      tgt === undefined
        ? undefined
        : opaqueMethodIssue(
            fn,
            tgt.t,
            as.map((a) => a.t),
          );
    if (opaqueIssue !== undefined) {
      this.callIssue(e, fn, true, opaqueIssue);
      return { t: DYN, cost: argCost, size: UNKNOWN_SIZE };
    }
    // The logical operators take bools: cel-go names the first operand that is not one.
    if (target === undefined && (fn === "_&&_" || fn === "_||_")) {
      const wrong = as.findIndex((a) => a.t.k !== "bool" && a.t.k !== "dyn");
      if (wrong >= 0) {
        this.issue(args[wrong]!, `expected type 'bool' but found '${formatCelType(as[wrong]!.t)}'`);
        return { t: BOOL, cost: argCost, size: this.computedSize(BOOL) };
      }
    }
    const mismatch = overloadMismatch(
      fn,
      tgt?.t,
      as.map((a) => a.t),
      this.options.crossTypeNumericOrdering === true,
      this.options.optionalTypes === true,
    );
    // A call with no matching overload has cel-go's error type, which raises no further errors.
    if (mismatch !== undefined) {
      this.callIssue(e, member ?? fn, target !== undefined || member !== undefined, mismatch);
      return { t: DYN, cost: argCost, size: UNKNOWN_SIZE };
    }
    const first = tgt ?? as[0];
    if (fn === "_?_:_") {
      const [c, a, b] = as;
      const t = a !== undefined && b !== undefined && a.t.k === b.t.k ? a.t : DYN;
      return { t, cost: (c?.cost ?? 0) + Math.max(a?.cost ?? 0, b?.cost ?? 0), size: Math.max(a?.size ?? 0, b?.size ?? 0) };
    }
    if (fn === "_&&_" || fn === "_||_") return { t: BOOL, cost: argCost, size: this.computedSize(BOOL) };
    const listCall = listExtensionCall(fn, tgt, args, as);
    if (listCall !== undefined) return { ...listCall, cost: Math.min(UNKNOWN_SIZE, argCost + listCall.cost) };
    const t = resultType(fn, first?.t, as);
    return { t, cost: Math.min(UNKNOWN_SIZE, argCost + fnCost(fn, tgt, as)), size: this.resultSize(fn, t, first, as) };
  }

  /** The size cel-go derives for a call's result: index reads the schema, concatenation adds, dyn() passes through. */
  private resultSize(fn: string, t: CelT, first: Checked | undefined, args: Checked[]): number {
    if (fn === "_[_]" && t.k !== "optional") return pathSize(t);
    if (fn === "dyn" && first !== undefined) return first.size;
    if (fn === "_+_" && (t.k === "string" || t.k === "bytes" || t.k === "list")) {
      return Math.min(UNKNOWN_SIZE, (args[0]?.size ?? 0) + (args[1]?.size ?? 0));
    }
    return this.computedSize(t);
  }

  private comprehension(c: Extract<Expr["exprKind"], { case: "comprehensionExpr" }>["value"], env: ReadonlyMap<string, CelT>): Checked {
    const none: Checked = { t: DYN, cost: 0, size: UNKNOWN_SIZE };
    const range = c.iterRange === undefined ? none : this.check(c.iterRange, env);
    let elem: CelT = DYN;
    let n = MAX_REQUEST_BYTES;
    // A map's keys are sized 0 by the 1.24 estimator (measured: `m.all(k, k == 'a')` costs no comparison).
    let elemSize = MAX_REQUEST_BYTES;
    if (range.t.k === "list") [elem, n, elemSize] = [range.t.elem, range.t.maxSize, pathSize(range.t.elem)];
    else if (range.t.k === "map") [elem, n, elemSize] = [{ k: "string", maxSize: 0 }, range.t.maxSize, 0];
    else if (range.t.k !== "dyn" && c.iterRange !== undefined) {
      this.issue(
        c.iterRange,
        `expression of type '${formatCelType(range.t)}' cannot be range of a comprehension (must be list, map, or dynamic)`,
      );
    }
    const init = c.accuInit === undefined ? none : this.check(c.accuInit, env);
    const inner = new Map(env);
    // A two-variable comprehension (ext.TwoVarComprehensions): (index, element) over a list,
    // (key, value) over a map.
    const twoVar = c.iterVar2 !== "";
    let [firstVar, firstSize]: [CelT, number] = [elem, elemSize];
    if (twoVar) {
      if (range.t.k === "list") [firstVar, firstSize] = [{ k: "int" }, this.computedSize({ k: "int" })];
      const second = range.t.k === "map" ? range.t.value : elem;
      inner.set(c.iterVar2, second);
      elemSize = range.t.k === "dyn" ? elemSize : pathSize(second);
    }
    inner.set(c.iterVar, firstVar);
    // A comprehension over the empty list literal binds its accumulator (cel.bind, optMap, sortBy's
    // input): the bound value keeps its own type and size, as cel-go's pushLocalVar does.
    const binding = c.iterRange?.exprKind.case === "listExpr" && c.iterRange.exprKind.value.elements.length === 0;
    const accuT: CelT = init.t.k === "list" && !binding ? { k: "list", elem: DYN, maxSize: n } : init.t;
    inner.set(c.accuVar, accuT);
    const accuSize = (init.t.k === "list" || init.t.k === "map") && !binding ? n : init.size;
    const saved = this.sizes;
    this.sizes = new Map(saved).set(c.iterVar, twoVar ? firstSize : elemSize).set(c.accuVar, accuSize);
    if (twoVar) this.sizes.set(c.iterVar2, elemSize);
    const cond = c.loopCondition === undefined ? none : this.check(c.loopCondition, inner);
    const step = c.loopStep === undefined ? none : this.check(c.loopStep, inner);
    this.sizes = new Map(saved).set(c.accuVar, accuSize);
    const outer = new Map(env);
    outer.set(c.accuVar, accuT);
    const result = c.result === undefined ? { t: accuT, cost: 0, size: accuSize } : this.check(c.result, outer);
    this.sizes = saved;
    const cost = range.cost + init.cost + n * (cond.cost + step.cost) + result.cost;
    return { t: result.t, cost: Math.min(UNKNOWN_SIZE, cost), size: accuSize };
  }
}

const scalarKinds = new Set(["string", "bytes", "int", "uint", "double", "bool", "timestamp", "duration"]);
const comparisons = new Set(["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_"]);
const ordering = new Set(["_<_", "_<=_", "_>_", "_>=_"]);
const numericKinds = new Set(["int", "uint", "double"]);
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
/** Functions with no overload for an optional operand, which cel-go refuses at compile time. */
const REFUSE_OPTIONAL = new Set([
  "size",
  "string",
  "int",
  "uint",
  "double",
  "bytes",
  "timestamp",
  "duration",
  "matches",
  "startsWith",
  "endsWith",
  "contains",
  "lowerAscii",
  "upperAscii",
  "trim",
  "split",
  "replace",
  "substring",
  "charAt",
  "join",
  "@in",
  "_+_",
  "_-_",
  "_*_",
  "_/_",
  "_%_",
  "-_",
  "!_",
]);

/** The optional library's methods and the kind of receiver each takes. */
const optionalMethods: ReadonlyMap<string, CelT["k"]> = new Map([
  ["hasValue", "optional"],
  ["value", "optional"],
  ["orValue", "optional"],
  ["or", "optional"],
  ["first", "list"],
  ["last", "list"],
  ["unwrapOpt", "list"],
]);
const stringArgument = new Set(["startsWith", "endsWith", "contains", "matches"]);
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
function overloadMismatch(
  fn: string,
  target: CelT | undefined,
  args: CelT[],
  crossNumeric: boolean,
  optionalTypes: boolean,
): string | undefined {
  const fmt = formatCelType;
  if (target === undefined && comparisons.has(fn) && args.length === 2) {
    const [a, b] = args as [CelT, CelT];
    const numericOrdering = crossNumeric && ordering.has(fn) && numericKinds.has(a.k) && numericKinds.has(b.k);
    const typed = (t: CelT): boolean => scalarKinds.has(t.k) || t.k === "optional";
    if (typed(a) && typed(b) && a.k !== b.k && !numericOrdering) {
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
  // The optional library's methods: optional receivers (first, last and unwrapOpt: lists), and
  // orValue's default of the optional's own type.
  if (optionalTypes && target !== undefined && target.k !== "dyn") {
    const wants = optionalMethods.get(fn);
    const mismatch =
      (wants !== undefined && target.k !== wants) ||
      // The format library's validate() takes a kubernetes.NamedFormat receiver.
      (fn === "validate" && (target.k !== "object" || target.name !== "kubernetes.NamedFormat")) ||
      (fn === "orValue" &&
        target.k === "optional" &&
        args.length === 1 &&
        scalarKinds.has(target.elem.k) &&
        scalarKinds.has(args[0]!.k) &&
        target.elem.k !== args[0]!.k);
    if (mismatch) return `found no matching overload for '${fn}' applied to '${fmt(target)}.(${args.map(fmt).join(", ")})'`;
  }
  // An optional is no operand of the ordinary functions: only the optional library, ==, != and ?:
  // take one (cel-go declares no other overload for optional_type).
  if (optionalTypes && REFUSE_OPTIONAL.has(fn) && (target?.k === "optional" || args.some((a) => a.k === "optional"))) {
    return target === undefined
      ? `found no matching overload for '${fn}' applied to '(${args.map(fmt).join(", ")})'`
      : `found no matching overload for '${fn}' applied to '${fmt(target)}.(${args.map(fmt).join(", ")})'`;
  }
  // The sets functions take two lists of one element type.
  if (target === undefined && fn.startsWith("sets.") && args.length === 2) {
    const [a, b] = args as [CelT, CelT];
    if (a.k === "list" && b.k === "list" && scalarKinds.has(a.elem.k) && scalarKinds.has(b.elem.k) && a.elem.k !== b.elem.k)
      return `found no matching overload for '${fn}' applied to '(${fmt(a)}, ${fmt(b)})'`;
  }
  // The string methods whose one argument is a string too.
  if (target?.k === "string" && stringArgument.has(fn) && args.length === 1 && args[0]!.k !== "string" && args[0]!.k !== "dyn") {
    return `found no matching overload for '${fn}' applied to 'string.(${fmt(args[0]!)})'`;
  }
  return undefined;
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** cel-go's size of a literal: a string's characters, a byte string's bytes, 1 for any other constant. */
function constSize(c: Extract<Expr["exprKind"], { case: "constExpr" }>["value"]["constantKind"]): number {
  if (c.case === "stringValue") return [...c.value].length;
  if (c.case === "bytesValue") return c.value.length;
  return c.case === undefined ? UNKNOWN_SIZE : 1;
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

/** The Kubernetes libraries' value types, as cel-go names them (opaque: no fields to select). */
const opaque = (name: string): CelT => ({ k: "object", name, fields: new Map(), opaque: true });
const IP_T = opaque("net.IP");
const CIDR_T = opaque("net.CIDR");
const SEMVER_T = opaque("kubernetes.Semver");
const QUANTITY_T = opaque("kubernetes.Quantity");
const FORMAT_T = opaque("kubernetes.NamedFormat");
/**
 * The methods of the Kubernetes libraries' value types and their argument lists, by type name (ip.go,
 * cidr.go, semverlib.go, quantity.go in k8s.io/apiserver/pkg/cel/library).
 */
const OPAQUE_METHODS: ReadonlyMap<string, ReadonlyMap<string, readonly (readonly string[])[]>> = new Map([
  [
    "net.IP",
    new Map([
      ["family", [[]]],
      ["isUnspecified", [[]]],
      ["isLoopback", [[]]],
      ["isLinkLocalMulticast", [[]]],
      ["isLinkLocalUnicast", [[]]],
      ["isGlobalUnicast", [[]]],
    ]),
  ],
  [
    "net.CIDR",
    new Map([
      ["containsIP", [["string"], ["net.IP"]]],
      ["containsCIDR", [["string"], ["net.CIDR"]]],
      ["ip", [[]]],
      ["masked", [[]]],
      ["prefixLength", [[]]],
    ]),
  ],
  [
    "kubernetes.Semver",
    new Map([
      ["major", [[]]],
      ["minor", [[]]],
      ["patch", [[]]],
      ["compareTo", [["kubernetes.Semver"]]],
      ["isGreaterThan", [["kubernetes.Semver"]]],
      ["isLessThan", [["kubernetes.Semver"]]],
    ]),
  ],
  [
    "kubernetes.Quantity",
    new Map([
      ["sign", [[]]],
      ["isInteger", [[]]],
      ["asInteger", [[]]],
      ["asApproximateFloat", [[]]],
      ["add", [["kubernetes.Quantity"], ["int"]]],
      ["sub", [["kubernetes.Quantity"], ["int"]]],
      ["compareTo", [["kubernetes.Quantity"]]],
      ["isGreaterThan", [["kubernetes.Quantity"]]],
      ["isLessThan", [["kubernetes.Quantity"]]],
    ]),
  ],
  ["kubernetes.NamedFormat", new Map([["validate", [["string"]]]])],
]);

/** cel-go's refusal of a method call on one of those types, or undefined when it has the overload (or cannot tell: dyn). */
function opaqueMethodIssue(fn: string, target: CelT, args: CelT[]): string | undefined {
  if (target.k !== "object" || target.name === undefined) return undefined;
  const methods = OPAQUE_METHODS.get(target.name);
  if (methods === undefined) return undefined;
  const signatures = methods.get(fn);
  const named = (t: CelT): string => (t.k === "object" ? (t.name ?? "object") : t.k);
  const matches = (sig: readonly string[]): boolean =>
    sig.length === args.length && sig.every((want, i) => args[i]!.k === "dyn" || named(args[i]!) === want);
  if (signatures?.some(matches)) return undefined;
  // A name no type here declares is undeclared; a declared one the receiver or arguments do not fit, no overload.
  const declared = signatures !== undefined || [...OPAQUE_METHODS.values()].some((m) => m.has(fn)) || boolFns.has(fn) || stringFns.has(fn);
  if (!declared) return undefined;
  return `found no matching overload for '${fn}' applied to '${formatCelType(target)}.(${args.map(formatCelType).join(", ")})'`;
}

/** The types whose equality k8s.io/apiserver's cost estimator charges 1 for. */
const unitEquality = new Set(["net.IP", "net.CIDR", "kubernetes.Semver", "kubernetes.Quantity"]);

/**
 * A computed value's type: cel-go knows no size for what a function returns (it sizes values by their
 * path in the schema), so every size in it is unknown, the elements' too.
 */
function unsized(t: CelT): CelT {
  switch (t.k) {
    case "string":
    case "bytes":
      return { k: t.k, maxSize: UNKNOWN_SIZE };
    case "list":
      return { k: "list", elem: unsized(t.elem), maxSize: UNKNOWN_SIZE };
    case "map":
      return { k: "map", value: unsized(t.value), maxSize: UNKNOWN_SIZE };
    case "optional":
      return { k: "optional", elem: unsized(t.elem) };
    case "object":
      return t.opaque === true ? t : { ...t, fields: new Map([...t.fields].map(([k, v]) => [k, unsized(v)])) };
    default:
      return t;
  }
}

/** The optional library's result types (cel.OptionalTypes), or undefined for another function. */
function optionalResultType(fn: string, first: CelT | undefined): CelT | undefined {
  const elemOf = (t: CelT | undefined): CelT => (t?.k === "list" ? t.elem : t?.k === "map" ? t.value : DYN);
  switch (fn) {
    case "optional.of":
    case "optional.ofNonZeroValue":
      return { k: "optional", elem: first ?? DYN };
    case "optional.none":
      return { k: "optional", elem: DYN };
    case "value":
    case "orValue":
      return first?.k === "optional" ? unsized(first.elem) : undefined;
    case "or":
      return first?.k === "optional" ? first : undefined;
    case "first":
    case "last":
      return first?.k === "list" ? { k: "optional", elem: first.elem } : undefined;
    case "optional.unwrap":
    case "unwrapOpt":
      return first?.k === "list" && first.elem.k === "optional" ? { k: "list", elem: first.elem.elem, maxSize: first.maxSize } : undefined;
    case "_[?_]":
      return { k: "optional", elem: elemOf(first?.k === "optional" ? first.elem : first) };
    case "_[_]":
      return first?.k === "optional" ? { k: "optional", elem: elemOf(first.elem) } : undefined;
    default:
      return undefined;
  }
}

/**
 * The result of a binary arithmetic operator with one dyn operand and one of a known type: cel-go
 * keeps the overloads whose operand on that side takes the known type, and their result type is the
 * operator's, dyn when they differ (`dyn + duration`: a duration or a timestamp). Undefined when
 * neither or both operands are dyn.
 */
function withDynOperand(fn: string, first: CelT | undefined, second: CelT | undefined): CelT | undefined {
  if (first === undefined || second === undefined || (first.k === "dyn") === (second.k === "dyn")) return undefined;
  const known = first.k === "dyn" ? second : first;
  const knownFirst = known === first;
  const scalar = ["int", "uint", "double"].includes(known.k);
  switch (fn) {
    case "_+_":
      if (known.k === "string" || known.k === "bytes") return { k: known.k, maxSize: MAX_REQUEST_BYTES + known.maxSize };
      if (known.k === "list") return { k: "list", elem: known.elem, maxSize: MAX_REQUEST_BYTES + known.maxSize };
      if (scalar || known.k === "timestamp") return known;
      return DYN;
    case "_-_":
      if (scalar) return known;
      if (known.k === "timestamp") return knownFirst ? DYN : { k: "duration" };
      if (known.k === "duration") return knownFirst ? known : DYN;
      return DYN;
    case "_*_":
    case "_/_":
      return scalar ? known : DYN;
    case "_%_":
      return known.k === "int" || known.k === "uint" ? known : DYN;
    default:
      return undefined;
  }
}

function resultType(fn: string, first: CelT | undefined, args: Checked[]): CelT {
  const optional = optionalResultType(fn, first);
  if (optional !== undefined) return optional;
  if (boolFns.has(fn)) return BOOL;
  switch (fn) {
    case "ip":
      return IP_T;
    case "cidr":
    case "masked":
      return CIDR_T;
    case "semver":
      return SEMVER_T;
    case "quantity":
      return QUANTITY_T;
    case "format.named":
      return { k: "optional", elem: FORMAT_T };
    case "validate":
      if (first?.k === "object" && first.name === "kubernetes.NamedFormat")
        return { k: "optional", elem: { k: "list", elem: { k: "string", maxSize: UNKNOWN_SIZE }, maxSize: UNKNOWN_SIZE } };
      break;
    case "add":
    case "sub":
      if (first?.k === "object" && first.name === "kubernetes.Quantity") return QUANTITY_T;
      break;
    default:
      // format.dns1123Label() and the other named formats.
      if (fn.startsWith("format.")) return FORMAT_T;
  }
  if (stringFns.has(fn)) return { k: "string", maxSize: first === undefined ? MAX_REQUEST_BYTES : sizeOf(first) };
  switch (fn) {
    case "size":
    case "int":
    case "family":
    case "prefixLength":
    case "major":
    case "minor":
    case "patch":
    case "compareTo":
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
      return withDynOperand(fn, first, second) ?? first ?? DYN;
    }
    case "_-_":
      // timestamp - timestamp is the one arithmetic overload whose result differs from its operands.
      if (first?.k === "timestamp" && args[1]?.t.k === "timestamp") return { k: "duration" };
      return withDynOperand(fn, first, args[1]?.t) ?? first ?? DYN;
    case "_*_":
    case "_/_":
    case "_%_":
      return withDynOperand(fn, first, args[1]?.t) ?? first ?? DYN;
    case "-_":
      return first ?? DYN;
    default:
      return DYN;
  }
}

/**
 * A call's own cost (its target and arguments are added by the caller), from sizes as cel-go's
 * estimator and the Kubernetes CEL library's estimator compute them.
 */
function fnCost(fn: string, target: Checked | undefined, args: Checked[]): number {
  const first = target ?? args[0];
  const recv = target?.size ?? UNKNOWN_SIZE;
  const arg = args[0];
  const isText = (c: Checked | undefined): boolean => c !== undefined && (c.t.k === "string" || c.t.k === "bytes");
  switch (fn) {
    case "validate":
      // A format's check is priced as a regular expression of MaxNameFormatRegexSize (128) run
      // over the string (k8s.io/apiserver/pkg/cel/library/cost.go).
      return Math.min(UNKNOWN_SIZE, scaled(scaled(arg?.size ?? UNKNOWN_SIZE, traversalFactor), 128 * 0.25));
    case "_==_":
    case "_!=_": {
      // Two IPs, CIDRs, versions or quantities compare in one step (== only: k8s.io/apiserver's
      // estimator has no case for !=, which cel-go then prices by size, unbounded here).
      const [a, b] = [args[0]?.t, args[1]?.t];
      if (fn === "_==_" && a?.k === "object" && b?.k === "object" && a.name === b.name && unitEquality.has(a.name ?? "")) return 1;
      // A traversal of the smaller operand; an operand of unknown size makes it unbounded.
      return scaled(Math.min(args[0]?.size ?? UNKNOWN_SIZE, args[1]?.size ?? UNKNOWN_SIZE), traversalFactor);
    }
    case "_<_":
    case "_<=_":
    case "_>_":
    case "_>=_":
      if (isText(args[0]) && isText(args[1])) return scaled(Math.min(args[0]!.size, args[1]!.size), traversalFactor);
      return 1;
    case "startsWith":
    case "endsWith":
      // Only the prefix or suffix is traversed.
      return scaled(arg?.size ?? UNKNOWN_SIZE, traversalFactor);
    case "contains":
      // O(n·m): the receiver's traversal times the substring's.
      return Math.min(UNKNOWN_SIZE, scaled(recv, traversalFactor) * scaled(arg?.size ?? UNKNOWN_SIZE, traversalFactor));
    case "matches":
      // (receiver size + 1) x 0.1 times the regex length x 0.25 (each regex term taken as ~4 characters).
      return Math.min(UNKNOWN_SIZE, scaled(recv + 1, traversalFactor) * scaled(arg?.size ?? UNKNOWN_SIZE, 0.25));
    case "lowerAscii":
    case "upperAscii":
    case "trim":
    case "substring":
    case "url":
      return scaled(target === undefined ? (arg?.size ?? UNKNOWN_SIZE) : recv, traversalFactor);
    case "replace":
    case "split":
      // The traversal plus building the result.
      return scaled(recv, 2 * traversalFactor);
    case "indexOf":
    case "lastIndexOf":
    case "isSorted":
    case "sum":
    case "min":
    case "max": {
      if (first?.t.k === "list") {
        // One comparison per element, plus a traversal of each element when they are strings.
        const el = first.t.elem;
        const perElem = 1 + (el.k === "string" || el.k === "bytes" ? scaled(pathSize(el), traversalFactor) : 0);
        return Math.min(UNKNOWN_SIZE, first.size * perElem);
      }
      return scaled(recv, traversalFactor);
    }
    case "_+_":
      if (isText(args[0]) && isText(args[1])) return scaled((args[0]?.size ?? 0) + (args[1]?.size ?? 0), traversalFactor);
      return 1;
    case "@in":
      return args[1] !== undefined && args[1].t.k === "list" ? args[1].size : 1;
    // The Kubernetes libraries' parsers (k8s.io/apiserver/pkg/cel/library/cost.go): a traversal of
    // the string; accessors and comparisons of the parsed values are nominal (the default, 1).
    case "quantity":
    case "isQuantity":
    case "semver":
    case "isSemver":
    case "cidr":
    case "isIP":
    case "isCIDR":
      return scaled(arg?.size ?? UNKNOWN_SIZE, traversalFactor);
    case "ip":
      // cidr.ip() reads a field; ip(string) parses.
      return target !== undefined ? 1 : scaled(arg?.size ?? UNKNOWN_SIZE, traversalFactor);
    case "ip.isCanonical":
      // Parsed, then printed and compared.
      return scaled(arg?.size ?? UNKNOWN_SIZE, 2 * traversalFactor);
    case "sets.contains":
    case "sets.intersects":
    case "sets.equivalent": {
      // cel-go's sets estimator: every element of one list against every element of the other
      // (twice for equivalent), plus the call.
      const product = Math.min(UNKNOWN_SIZE, (args[0]?.size ?? UNKNOWN_SIZE) * (args[1]?.size ?? UNKNOWN_SIZE));
      return Math.min(UNKNOWN_SIZE, Math.ceil(product * (fn === "sets.equivalent" ? 2 : 1)) + 1);
    }
    case "containsIP":
    case "containsCIDR": {
      // Two addresses of at most 16 bytes compared (containsCIDR masks and compares the bits too),
      // plus parsing a string argument.
      const compare = scaled(32, traversalFactor) + (fn === "containsCIDR" ? scaled(16, traversalFactor) + 1 : 0);
      return Math.min(UNKNOWN_SIZE, compare + (arg?.t.k === "string" ? scaled(arg.size, traversalFactor) : 0));
    }
    default:
      return 1;
  }
}

/** An int literal's value (negative as 0), or `fallback` for anything else, as cel-go's nodeAsUintValue. */
function literalCount(e: Expr | undefined, fallback: number): number {
  const k = e?.exprKind;
  if (k?.case !== "constExpr" || k.value.constantKind.case !== "int64Value") return fallback;
  const v = k.value.constantKind.value;
  return v < 0n ? 0 : Number(v);
}

/** cel-go's ListCreateBaseCost: what allocating a list adds to a call. */
const LIST_CREATE_BASE_COST = 10;

/**
 * The lists extension's calls, as cel-go's estimators cost them: the result list's size times a
 * factor, plus the call and the list's allocation; sort and distinct compare every element with
 * every other (and cel-go sizes their result so, too). Undefined for any other call.
 */
function listExtensionCall(fn: string, target: Checked | undefined, args: Expr[], checked: Checked[]): Checked | undefined {
  const allocating = (factor: number, size: number): number => Math.min(UNKNOWN_SIZE, Math.ceil(size * factor) + 1 + LIST_CREATE_BASE_COST);
  if (fn === "lists.range" && target === undefined && args.length === 1) {
    const n = literalCount(args[0], UNKNOWN_SIZE);
    return { t: { k: "list", elem: { k: "int" }, maxSize: n }, cost: allocating(1, n), size: n };
  }
  if (target?.t.k !== "list") return undefined;
  const sz = target.size;
  const squared = Math.min(UNKNOWN_SIZE, sz * sz);
  switch (fn) {
    case "reverse":
      return args.length === 0 ? { t: target.t, cost: allocating(1, sz), size: sz } : undefined;
    case "slice": {
      if (args.length !== 2) return undefined;
      // cel-go subtracts unsigned: a start past the end wraps to an unbounded size.
      const [start, end] = [literalCount(args[0], 0), literalCount(args[1], sz)];
      const n = start > end ? UNKNOWN_SIZE : end - start;
      return { t: { ...target.t, maxSize: n }, cost: allocating(1, n), size: n };
    }
    case "flatten": {
      if (args.length > 1) return undefined;
      const depth = args.length === 1 ? literalCount(args[0], UNKNOWN_SIZE) : 1;
      return { t: { k: "list", elem: DYN, maxSize: sz }, cost: allocating(depth, sz), size: sz };
    }
    case "distinct":
      return args.length === 0 ? { t: target.t, cost: allocating(2, squared), size: squared } : undefined;
    case "@sortByAssociatedKeys": {
      // sortBy's expansion: sorting the keys list (as estimateListSortBy prices it), the result
      // the target list.
      const keys = checked[0];
      if (keys === undefined || args.length !== 1) return undefined;
      const text = keys.t.k === "list" && (keys.t.elem.k === "string" || keys.t.elem.k === "bytes");
      const n = keys.size;
      return {
        t: target.t,
        cost: allocating(text ? 2 + traversalFactor : 2, Math.min(UNKNOWN_SIZE, n * n)),
        size: Math.min(UNKNOWN_SIZE, n * n),
      };
    }
    case "sort": {
      if (args.length !== 0) return undefined;
      const text = target.t.elem.k === "string" || target.t.elem.k === "bytes";
      return { t: target.t, cost: allocating(text ? 2 + traversalFactor : 2, squared), size: squared };
    }
    default:
      return undefined;
  }
}

/** A field or index (by any key) of a variable declared dyn: dyn to cel-go's checker too. */
function surelyDyn(e: Expr, env: ReadonlyMap<string, CelT>): boolean {
  const k = e.exprKind;
  if (k.case === "identExpr") return env.get(k.value.name)?.k === "dyn";
  if (k.case === "selectExpr") return !k.value.testOnly && k.value.operand !== undefined && surelyDyn(k.value.operand, env);
  if (k.case === "callExpr" && k.value.function === "_[_]" && k.value.target === undefined && k.value.args[0] !== undefined)
    return surelyDyn(k.value.args[0], env);
  return false;
}

/** Whether a rule's result type can be a bool (dyn counts, since the server checks it at run time). */
export function mayBeBool(t: CelT): boolean {
  return t.k === "bool" || t.k === "dyn";
}
