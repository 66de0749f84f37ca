// The one CEL parser of the validators: @bufbuild/cel's, plus the optional syntax Kubernetes has
// enabled since 1.28 (cel.OptionalTypes: `a.?b`, `a[?i]`, `[?x]`, `{?k: v}`, optMap, optFlatMap),
// which @bufbuild/cel's grammar lacks. The result has cel-go's shapes: `a.?b` is a call of `_?._`
// with the field as a string, `a[?i]` a call of `_[?_]`, optional list elements are listed in
// optionalIndices, optional map entries are marked optionalEntry, and optMap/optFlatMap are expanded
// into cel-go's conditional and comprehension. The checkers read that tree; evaluation lowers it
// further (optional-library.ts).
//
// How: a lexical pre-pass blanks each `?` of the optional syntax (keeping every offset, so the
// parser's positions and errors stay those of the source) and records where it stood; after the
// parse, the nodes at those offsets are rewritten.
import { parse } from "@bufbuild/cel";

export type ParsedExpr = ReturnType<typeof parse>;
type Expr = ParsedExpr["expr"];
type ExprKind = Expr["exprKind"];
// The constants built here (the union's other members include deprecated ones).
type ConstantKind = { case: "stringValue"; value: string } | { case: "boolValue"; value: boolean } | { case: "int64Value"; value: bigint };

/** Where the optional syntax stood: the dots of `.?`, and per `[`/`{` offset the element indices marked `?`. */
interface OptionalMarks {
  readonly selects: Set<number>;
  readonly elements: Map<number, Set<number>>;
  /** By the offset of `has`: the `.?` dots directly in its argument (cel-go refuses `has(a.?b)`). */
  readonly hasDots: Map<number, number[]>;
}

const NO_MARKS: OptionalMarks = { selects: new Set(), elements: new Map(), hasDots: new Map() };

interface Open {
  readonly at: number;
  readonly ch: string;
  /** For the parenthesis of a `has(` call: the offset of `has`. */
  readonly has?: number;
  elem: number;
  atStart: boolean;
}

const SPACE = /\s/;

/** The end of the string literal starting at `i` (its prefix letters included), or -1 if none starts there. */
function stringEnd(src: string, i: number): number {
  let j = i;
  let raw = false;
  while (j < i + 2 && /[rRbB]/.test(src[j] ?? "")) {
    if (src[j] === "r" || src[j] === "R") raw = true;
    j++;
  }
  const q = src[j];
  if (q !== '"' && q !== "'") return -1;
  if (j > i && /[\w]/.test(src[i - 1] ?? "")) return -1; // an identifier ending in r/b
  const triple = src.startsWith(q.repeat(3), j);
  const close = triple ? q.repeat(3) : q;
  let k = j + close.length;
  while (k < src.length) {
    if (!raw && src[k] === "\\") {
      k += 2;
      continue;
    }
    if (src.startsWith(close, k)) return k + close.length;
    if (!triple && src[k] === "\n") return src.length;
    k++;
  }
  return src.length;
}

/** Blanks the optional syntax's `?` marks in `src` and says where they were. */
function markOptionals(src: string): { text: string; marks: OptionalMarks } {
  const out = src.split("");
  const marks: OptionalMarks = { selects: new Set(), elements: new Map(), hasDots: new Map() };
  const stack: Open[] = [];
  let dot = -1;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (SPACE.test(c)) {
      i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    const top = stack.at(-1);
    const end = c === "`" ? src.indexOf("`", i + 1) + 1 || src.length : stringEnd(src, i);
    if (end > 0) {
      dot = -1;
      if (top) top.atStart = false;
      i = end;
      continue;
    }
    if (c === "?") {
      if (dot >= 0) {
        marks.selects.add(dot);
        if (top?.has !== undefined) marks.hasDots.set(top.has, [...(marks.hasDots.get(top.has) ?? []), dot]);
        out[i] = " ";
        dot = -1;
        i++;
        continue;
      }
      if (top?.atStart === true && (top.ch === "[" || top.ch === "{")) {
        let set = marks.elements.get(top.at);
        if (set === undefined) marks.elements.set(top.at, (set = new Set()));
        set.add(top.elem);
        out[i] = " ";
        top.atStart = false;
        i++;
        continue;
      }
    }
    dot = -1;
    if (top) top.atStart = false;
    if (c === "(") {
      // A `has(` call: `has` just before, as a whole word.
      const m = /(?:^|[^\w.])(has)\s*$/.exec(src.slice(Math.max(0, i - 16), i));
      const has = m ? i - m[0].length + m[0].indexOf("has") : undefined;
      stack.push({ at: i, ch: c, elem: 0, atStart: true, ...(has !== undefined ? { has } : {}) });
    } else if (c === "[" || c === "{") stack.push({ at: i, ch: c, elem: 0, atStart: true });
    else if (c === ")" || c === "]" || c === "}") stack.pop();
    else if (c === "," && top) {
      top.elem++;
      top.atStart = true;
    } else if (c === ".") dot = i;
    i++;
  }
  return { text: out.join(""), marks };
}

/** Builds nodes with fresh ids after the parser's, recording their offsets as it does. */
class NodeFactory {
  private next: bigint;
  constructor(private readonly parsed: ParsedExpr) {
    let max = 0n;
    for (const id of Object.keys(parsed.sourceInfo?.positions ?? {})) if (BigInt(id) > max) max = BigInt(id);
    this.next = max + 1n;
  }
  node(offset: number, exprKind: ExprKind): Expr {
    const id = this.next++;
    if (this.parsed.sourceInfo) this.parsed.sourceInfo.positions[id.toString()] = offset;
    return { $typeName: "cel.expr.Expr", id, exprKind };
  }
  call(offset: number, fn: string, args: Expr[], target?: Expr): Expr {
    return this.node(offset, { case: "callExpr", value: { $typeName: "cel.expr.Expr.Call", function: fn, args, target } });
  }
  ident(offset: number, name: string): Expr {
    return this.node(offset, { case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name } });
  }
  private constant(offset: number, constantKind: ConstantKind): Expr {
    return this.node(offset, { case: "constExpr", value: { $typeName: "cel.expr.Constant", constantKind } });
  }
  string(offset: number, value: string): Expr {
    return this.constant(offset, { case: "stringValue", value });
  }
  bool(offset: number, value: boolean): Expr {
    return this.constant(offset, { case: "boolValue", value });
  }
  int(offset: number, value: bigint): Expr {
    return this.constant(offset, { case: "int64Value", value });
  }
  map(offset: number): Expr {
    return this.node(offset, { case: "structExpr", value: { $typeName: "cel.expr.Expr.CreateStruct", messageName: "", entries: [] } });
  }
  list(offset: number, elements: Expr[]): Expr {
    return this.node(offset, {
      case: "listExpr",
      value: { $typeName: "cel.expr.Expr.CreateList", elements, optionalIndices: [] },
    });
  }
  comprehension(
    offset: number,
    parts: {
      iterVar: string;
      iterVar2?: string;
      iterRange: Expr;
      accuVar: string;
      accuInit: Expr;
      loopCondition: Expr;
      loopStep: Expr;
      result: Expr;
    },
  ): Expr {
    return this.node(offset, {
      case: "comprehensionExpr",
      value: { $typeName: "cel.expr.Expr.Comprehension", iterVar2: "", ...parts },
    });
  }
}

/**
 * A macro's error (optMap's variable that is not an identifier), worded and placed as cel-go's parser
 * reports it: with the parser's position (`<input>:line:column: ...`, and as `location`), but no
 * "Syntax error:" prefix, which cel-go gives only to grammar errors.
 */
export class MacroError extends Error {
  readonly location: { start: { line: number; column: number } };
  constructor(
    readonly rawMessage: string,
    src: string,
    offset: number,
  ) {
    const before = src.slice(0, offset).split("\n");
    const line = before.length;
    const column = (before.at(-1)?.length ?? 0) + 1;
    super(`<input>:${String(line)}:${String(column)}: ${rawMessage}`);
    this.location = { start: { line, column } };
  }
}

// cel-go's unused iteration variable of the expanded optMap/optFlatMap.
const UNUSED_ITER_VAR = "#unused";

/** Rewrites the optional syntax's nodes (found by offset) into cel-go's shapes, and expands optMap/optFlatMap. */
function rewrite(
  e: Expr | undefined,
  marks: OptionalMarks,
  pos: Record<string, number>,
  f: NodeFactory,
  src: string,
  syntax: CelSyntax,
): void {
  if (e === undefined) return;
  const k = e.exprKind;
  const at = pos[String(e.id)] ?? 0;
  switch (k.case) {
    case "selectExpr": {
      rewrite(k.value.operand, marks, pos, f, src, syntax);
      // has() is recorded at `has`; a `.?` directly in its argument is refused.
      if (k.value.testOnly) {
        const dot = marks.hasDots.get(at)?.[0];
        if (dot !== undefined) throw new MacroError("invalid argument to has() macro", src, dot);
      }
      if (marks.selects.has(at) && k.value.operand !== undefined) {
        e.exprKind = {
          case: "callExpr",
          value: { $typeName: "cel.expr.Expr.Call", function: "_?._", args: [k.value.operand, f.string(at + 2, k.value.field)] },
        };
      }
      return;
    }
    case "callExpr": {
      rewrite(k.value.target, marks, pos, f, src, syntax);
      for (const a of k.value.args) rewrite(a, marks, pos, f, src, syntax);
      if (k.value.function === "_[_]" && k.value.target === undefined && marks.elements.get(at)?.has(0) === true)
        k.value.function = "_[?_]";
      const macro = k.value.function;
      if (syntax.optional && (macro === "optMap" || macro === "optFlatMap") && k.value.target !== undefined && k.value.args.length === 2) {
        const [v, body] = k.value.args as [Expr, Expr];
        if (v.exprKind.case !== "identExpr")
          throw new MacroError(`${macro}() variable name must be a simple identifier`, src, pos[String(v.id)] ?? at);
        const target = k.value.target;
        const value = f.call(at, "value", [], structuredClone(target));
        const loop = f.comprehension(at, {
          iterVar: UNUSED_ITER_VAR,
          iterRange: f.list(at, []),
          accuVar: v.exprKind.value.name,
          accuInit: value,
          loopCondition: f.bool(at, false),
          loopStep: f.ident(at, v.exprKind.value.name),
          result: body,
        });
        const some = macro === "optMap" ? f.call(at, "of", [loop], f.ident(at, "optional")) : loop;
        e.exprKind = {
          case: "callExpr",
          value: {
            $typeName: "cel.expr.Expr.Call",
            function: "_?_:_",
            args: [f.call(at, "hasValue", [], target), some, f.call(at, "none", [], f.ident(at, "optional"))],
          },
        };
      }
      const expanded =
        k.value.target === undefined
          ? undefined
          : expandLibraryMacro(k.value.function, k.value.target, k.value.args, at, f, src, pos, syntax);
      if (expanded !== undefined) e.exprKind = expanded.exprKind;
      return;
    }
    case "listExpr": {
      for (const x of k.value.elements) rewrite(x, marks, pos, f, src, syntax);
      const opt = marks.elements.get(at);
      if (opt !== undefined) k.value.optionalIndices = [...opt].sort((a, b) => a - b);
      return;
    }
    case "structExpr": {
      const opt = marks.elements.get(at);
      k.value.entries.forEach((entry, i) => {
        if (entry.keyKind.case === "mapKey") rewrite(entry.keyKind.value, marks, pos, f, src, syntax);
        rewrite(entry.value, marks, pos, f, src, syntax);
        if (opt?.has(i) === true) entry.optionalEntry = true;
      });
      return;
    }
    case "comprehensionExpr": {
      const c = k.value;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) rewrite(x, marks, pos, f, src, syntax);
      return;
    }
    default:
      return;
  }
}

// cel-go's accumulator names: the hidden one its macros use, and the legacy one a variable may not take.
const ACCU = "@result";
const LEGACY_ACCU = "__result__";

/** An iteration variable of a macro: an identifier, else cel-go's error at the argument. */
function iterVarOf(arg: Expr, message: string, src: string, pos: Record<string, number>): string {
  if (arg.exprKind.case !== "identExpr") throw new MacroError(message, src, pos[String(arg.id)] ?? 0);
  const name = arg.exprKind.value.name;
  if (name === ACCU || name === LEGACY_ACCU)
    throw new MacroError("iteration variable overwrites accumulator variable", src, pos[String(arg.id)] ?? 0);
  return name;
}

/**
 * The receiver macros of cel-go's extensions in Kubernetes' environment, expanded as cel-go expands
 * them: the two-variable comprehensions (ext.TwoVarComprehensions, 1.32: all, exists, existsOne,
 * transformList, transformMap and transformMapEntry over (index|key, value)) and the lists
 * extension's sortBy (1.34). Undefined for any other call.
 */
function expandLibraryMacro(
  fn: string,
  target: Expr,
  args: Expr[],
  at: number,
  f: NodeFactory,
  src: string,
  pos: Record<string, number>,
  syntax: CelSyntax,
): Expr | undefined {
  const accu = (): Expr => f.ident(at, ACCU);
  if (syntax.sortBy && fn === "sortBy" && args.length === 2) {
    const kind = target.exprKind.case;
    if (kind !== "listExpr" && kind !== "selectExpr" && kind !== "identExpr" && kind !== "comprehensionExpr" && kind !== "callExpr")
      throw new MacroError(
        "sortBy can only be applied to a list, identifier, comprehension, call or select expression",
        src,
        pos[String(target.id)] ?? at,
      );
    const v = iterVarOf(args[0]!, "argument is not an identifier", src, pos);
    const input = "@__sortBy_input__";
    // input.@sortByAssociatedKeys(input.map(v, key)), with the input bound once.
    const keys = f.comprehension(at, {
      iterVar: v,
      iterRange: f.ident(at, input),
      accuVar: ACCU,
      accuInit: f.list(at, []),
      loopCondition: f.bool(at, true),
      loopStep: f.call(at, "_+_", [accu(), f.list(at, [args[1]!])]),
      result: accu(),
    });
    return f.comprehension(at, {
      iterVar: UNUSED_ITER_VAR,
      iterRange: f.list(at, []),
      accuVar: input,
      accuInit: target,
      loopCondition: f.bool(at, false),
      loopStep: f.ident(at, input),
      result: f.call(at, "@sortByAssociatedKeys", [keys], f.ident(at, input)),
    });
  }
  const quantifier = fn === "all" || fn === "exists" || fn === "existsOne" || fn === "exists_one";
  const transform = fn === "transformList" || fn === "transformMap" || fn === "transformMapEntry";
  if (!syntax.twoVarComprehensions) return undefined;
  if (!((quantifier && args.length === 3) || (transform && (args.length === 3 || args.length === 4)))) return undefined;
  const iterVar = iterVarOf(args[0]!, "argument must be a simple name", src, pos);
  const iterVar2 = iterVarOf(args[1]!, "argument must be a simple name", src, pos);
  if (iterVar === iterVar2) throw new MacroError(`duplicate variable name: ${iterVar}`, src, pos[String(args[1]!.id)] ?? at);
  const loop = (accuInit: Expr, loopCondition: Expr, loopStep: Expr): Expr =>
    f.comprehension(at, { iterVar, iterVar2, iterRange: target, accuVar: ACCU, accuInit, loopCondition, loopStep, result: accu() });
  const body = args[2]!;
  switch (fn) {
    case "all":
      return loop(f.bool(at, true), f.call(at, "@not_strictly_false", [accu()]), f.call(at, "_&&_", [accu(), body]));
    case "exists":
      return loop(f.bool(at, false), f.call(at, "@not_strictly_false", [f.call(at, "!_", [accu()])]), f.call(at, "_||_", [accu(), body]));
    case "existsOne":
    case "exists_one": {
      const counted = loop(
        f.int(at, 0n),
        f.bool(at, true),
        f.call(at, "_?_:_", [body, f.call(at, "_+_", [accu(), f.int(at, 1n)]), accu()]),
      );
      if (counted.exprKind.case === "comprehensionExpr") counted.exprKind.value.result = f.call(at, "_==_", [accu(), f.int(at, 1n)]);
      return counted;
    }
    default: {
      const [filter, value] = args.length === 4 ? [args[2], args[3]!] : [undefined, body];
      let step =
        fn === "transformList"
          ? f.call(at, "_+_", [accu(), f.list(at, [value])])
          : fn === "transformMap"
            ? f.call(at, "cel.@mapInsert", [accu(), f.ident(at, iterVar), value])
            : f.call(at, "cel.@mapInsert", [accu(), value]);
      if (filter !== undefined) step = f.call(at, "_?_:_", [filter, step, accu()]);
      return loop(fn === "transformList" ? f.list(at, []) : f.map(at), f.bool(at, true), step);
    }
  }
}

/** What of the syntax and macros beyond @bufbuild/cel's the environment has (all of it by default: 1.37). */
export interface CelSyntax {
  /** cel.OptionalTypes: `.?`, `[?`, optional elements and entries, optMap, optFlatMap. */
  readonly optional: boolean;
  /** ext.TwoVarComprehensions: all/exists/existsOne/transform* with two variables. */
  readonly twoVarComprehensions: boolean;
  /** The lists extension's sortBy. */
  readonly sortBy: boolean;
}
const ALL_SYNTAX: CelSyntax = { optional: true, twoVarComprehensions: true, sortBy: true };

/** Parses a CEL expression with `syntax`. Throws as @bufbuild/cel's parse does on a syntax error, or a MacroError. */
export function parseCel(src: string, syntax: CelSyntax = ALL_SYNTAX): ParsedExpr {
  if (!(syntax.optional || syntax.twoVarComprehensions || syntax.sortBy) || !/[?]|opt(Flat)?Map|sortBy|transform|all|exists/.test(src))
    return parse(src);
  const { text, marks } = syntax.optional ? markOptionals(src) : { text: src, marks: NO_MARKS };
  const parsed = parse(text);
  const positions = parsed.sourceInfo?.positions ?? {};
  rewrite(parsed.expr, marks, positions, new NodeFactory(parsed), src, syntax);
  return parsed;
}
