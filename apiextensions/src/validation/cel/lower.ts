// What @bufbuild/cel's planner cannot evaluate of the tree parse.ts gives (cel-go's shapes),
// rewritten before planning into what it can:
// - optionals (optional-library.ts): selection and indexing through an optional are optional
//   (viral in cel-go: `a.?b.c` is `a.?b.?c`); or()/orValue() short-circuit (their operand bound once,
//   as cel-go's optMap binds); list and map literals with optional elements become calls;
// - MutatingAdmissionPolicy's message constructions (`Object.spec{…}`, `JSONPatch{…}`): a call of
//   @message, which its environment implements (admission-policy/mutating/values.ts);
// - two-variable comprehensions (the planner folds over one variable): the range becomes a list of
//   [index or key, value] pairs, and each step binds the two variables from its pair.
// A binding is a comprehension over an empty list whose accumulator is the bound value, which is
// how cel-go's own macros (cel.bind, optMap) bind: it keeps lexical scope, so nesting is safe.
import type { ParsedExpr } from "./parse.js";
import { HAS_FIELD, OPT_INDEX, OPT_SELECT } from "./optional-library.js";

type Expr = ParsedExpr["expr"];
type ExprKind = Expr["exprKind"];

class Lowering {
  private next: bigint;
  constructor(
    private readonly parsed: ParsedExpr,
    private readonly roots: ReadonlySet<string>,
  ) {
    let max = 0n;
    for (const id of Object.keys(parsed.sourceInfo?.positions ?? {})) if (BigInt(id) > max) max = BigInt(id);
    this.next = max + 1n;
  }
  private node(exprKind: ExprKind): Expr {
    return { $typeName: "cel.expr.Expr", id: this.next++, exprKind };
  }
  private call(fn: string, args: Expr[], target?: Expr): Expr {
    return this.node({ case: "callExpr", value: { $typeName: "cel.expr.Expr.Call", function: fn, args, target } });
  }
  private ident(name: string): Expr {
    return this.node({ case: "identExpr", value: { $typeName: "cel.expr.Expr.Ident", name } });
  }
  private list(elements: Expr[]): Expr {
    return this.node({ case: "listExpr", value: { $typeName: "cel.expr.Expr.CreateList", elements, optionalIndices: [] } });
  }
  private const(
    constantKind: { case: "stringValue"; value: string } | { case: "boolValue"; value: boolean } | { case: "int64Value"; value: bigint },
  ): Expr {
    return this.node({ case: "constExpr", value: { $typeName: "cel.expr.Constant", constantKind } });
  }

  /** `target` bound once to `@opt`, then `result` (which reads it) evaluated. */
  private bind(target: Expr, result: Expr): ExprKind {
    return this.let("@opt", target, result);
  }

  /** `name` bound to `value` while `result` is evaluated. */
  private let(name: string, value: Expr, result: Expr): ExprKind {
    return {
      case: "comprehensionExpr",
      value: {
        $typeName: "cel.expr.Expr.Comprehension",
        iterVar: "#unused",
        iterVar2: "",
        iterRange: this.list([]),
        accuVar: name,
        accuInit: value,
        loopCondition: this.const({ case: "boolValue", value: false }),
        loopStep: this.ident(name),
        result,
      },
    };
  }

  lower(e: Expr | undefined): void {
    if (e === undefined) return;
    const k = e.exprKind;
    switch (k.case) {
      case "selectExpr": {
        // Decided on the parser's shapes, before the operand is lowered.
        const viral = k.value.operand !== undefined && yieldsOptional(k.value.operand, this.roots);
        this.lower(k.value.operand);
        // has(): @bufbuild/cel's maps hide a key whose value is null, which cel-go finds present.
        if (k.value.testOnly && k.value.operand !== undefined && !viral) {
          e.exprKind = this.call(HAS_FIELD, [k.value.operand, this.const({ case: "stringValue", value: k.value.field })]).exprKind;
          return;
        }
        if (!k.value.testOnly && viral && k.value.operand !== undefined)
          e.exprKind = {
            case: "callExpr",
            value: {
              $typeName: "cel.expr.Expr.Call",
              function: OPT_SELECT,
              args: [k.value.operand, this.const({ case: "stringValue", value: k.value.field })],
            },
          };
        return;
      }
      case "callExpr": {
        const viral =
          k.value.function === "_[_]" &&
          k.value.target === undefined &&
          k.value.args[0] !== undefined &&
          yieldsOptional(k.value.args[0], this.roots);
        this.lower(k.value.target);
        for (const a of k.value.args) this.lower(a);
        const { function: fn, target, args } = k.value;
        if (viral || fn === "_[?_]") k.value.function = OPT_INDEX;
        if (fn === "_?._") k.value.function = OPT_SELECT;
        if ((fn === "orValue" || fn === "or") && target !== undefined && args.length === 1) {
          const opt = this.ident("@opt");
          const present = fn === "orValue" ? this.call("value", [], this.ident("@opt")) : this.ident("@opt");
          e.exprKind = this.bind(target, this.call("_?_:_", [this.call("hasValue", [], opt), present, args[0]!]));
        }
        return;
      }
      case "listExpr": {
        for (const x of k.value.elements) this.lower(x);
        if (k.value.optionalIndices.length === 0) return;
        const optional = new Set(k.value.optionalIndices);
        const mask = k.value.elements.map((_, i) => this.const({ case: "boolValue", value: optional.has(i) }));
        const plain = this.list(k.value.elements);
        e.exprKind = this.call("@optlist", [plain, this.list(mask)]).exprKind;
        return;
      }
      case "structExpr": {
        const entries = k.value.entries;
        for (const en of entries) {
          if (en.keyKind.case === "mapKey") this.lower(en.keyKind.value);
          this.lower(en.value);
        }
        if (isPatchType(k.value.messageName)) {
          // A message (MutatingAdmissionPolicy's Object.x{…} and JSONPatch{…}, the planner knowing no
          // such types): a call of the environment's @message with the type's name and the fields.
          const names = entries.map((en) =>
            this.const({ case: "stringValue", value: en.keyKind.case === "fieldKey" ? en.keyKind.value : "" }),
          );
          const values = entries.map((en) => en.value ?? this.const({ case: "boolValue", value: false }));
          const name = this.const({ case: "stringValue", value: k.value.messageName });
          e.exprKind = this.call(MESSAGE, [name, this.list(names), this.list(values)]).exprKind;
          return;
        }
        if (!entries.some((en) => en.optionalEntry)) return;
        const keys = entries.map((en) =>
          en.keyKind.case === "mapKey" ? en.keyKind.value : this.const({ case: "stringValue", value: "" }),
        );
        const values = entries.map((en) => en.value ?? this.const({ case: "boolValue", value: false }));
        const mask = entries.map((en) => this.const({ case: "boolValue", value: en.optionalEntry }));
        e.exprKind = this.call("@optmap", [this.list(keys), this.list(values), this.list(mask)]).exprKind;
        return;
      }
      case "comprehensionExpr": {
        const c = k.value;
        for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) this.lower(x);
        if (c.iterVar2 !== "" && c.iterRange !== undefined && c.loopStep !== undefined) {
          // Over [index or key, value] pairs, each step binding the two variables from its pair.
          const half = (i: bigint): Expr => this.call("_[_]", [this.ident(PAIR), this.const({ case: "int64Value", value: i })]);
          const inner = this.node(this.let(c.iterVar2, half(1n), c.loopStep));
          c.loopStep = this.node(this.let(c.iterVar, half(0n), inner));
          c.iterRange = this.call("@pairs", [c.iterRange]);
          c.iterVar = PAIR;
          c.iterVar2 = "";
        }
        return;
      }
      default:
        return;
    }
  }
}

/** The function a message construction is lowered to: (type name, field names, field values). */
export const MESSAGE = "@message";

/**
 * MutatingAdmissionPolicy's message types (`Object`, `Object.<path>`, `JSONPatch`), the ones lowered:
 * any other (`google.protobuf.Duration{…}`) is the planner's own.
 */
export function isPatchType(name: string): boolean {
  return name === JSON_PATCH_TYPE || isObjectType(name);
}

/** MutatingAdmissionPolicy's JSONPatch type. */
export const JSON_PATCH_TYPE = "JSONPatch";

/** Whether `name` is MutatingAdmissionPolicy's `Object` or one of its `Object.<field path>` types. */
export function isObjectType(name: string): boolean {
  return name === "Object" || name.startsWith("Object.");
}

// The iteration variable of a lowered two-variable comprehension.
const PAIR = "@pair";

const OPTIONAL_CALLS = new Set(["_?._", "_[?_]", "or"]);
const OPTIONAL_FUNCTIONS = new Set(["of", "ofNonZeroValue", "none"]);

/** Whether `e` is (syntactically) an optional value, so that selecting or indexing through it is optional too. */
function yieldsOptional(e: Expr, roots: ReadonlySet<string>): boolean {
  const k = e.exprKind;
  if (k.case === "identExpr") return roots.has(k.value.name);
  if (k.case === "comprehensionExpr") return k.value.result !== undefined && yieldsOptional(k.value.result, roots);
  // Selection and indexing through an optional stay optional.
  if (k.case === "selectExpr") return !k.value.testOnly && k.value.operand !== undefined && yieldsOptional(k.value.operand, roots);
  if (k.case !== "callExpr") return false;
  const { function: fn, target, args } = k.value;
  if (OPTIONAL_CALLS.has(fn)) return true;
  if (fn === "_[_]" && target === undefined) return args[0] !== undefined && yieldsOptional(args[0], roots);
  // The format library's validate() is an optional list.
  if (fn === "validate" && target !== undefined && args.length === 1) return true;
  if (target?.exprKind.case === "identExpr" && target.exprKind.value.name === "optional") return OPTIONAL_FUNCTIONS.has(fn);
  if ((fn === "first" || fn === "last") && target !== undefined && args.length === 0) return true;
  if (fn === "_?_:_") return args.slice(1).some((a) => yieldsOptional(a, roots));
  return false;
}

/**
 * Rewrites a parsed expression (parse.ts's shapes) so @bufbuild/cel's planner evaluates it as cel-go
 * does; `optionalRoots` are variables bound to optionals (oldSelf under optionalOldSelf), through
 * which selection is optional too.
 */
export function lowerForEvaluation(parsed: ParsedExpr, optionalRoots: ReadonlySet<string> = new Set()): ParsedExpr {
  new Lowering(parsed, optionalRoots).lower(parsed.expr);
  return parsed;
}
