// What cel-go's planner does to an expression before it can run, and so the errors Kubernetes reports
// when it makes the program ("program instantiation failed: …") rather than when it evaluates it:
// with OptOptimize (Kubernetes' base environment) a type conversion of a constant is evaluated then
// (interpreter/decorators.go), and a constant regular expression of matches (cel-go's own
// optimization) or of find and findAll (Kubernetes' regex library) is compiled then.
import { plan, isCelError, type CelEnv } from "@bufbuild/cel";
import { RE2JS } from "@bufbuild/re2";
import type { ParsedExpr } from "./parse.js";
import { celErrorText } from "./rules.js";

type Expr = ParsedExpr["expr"];

const FOLDED_CONVERSIONS = new Set(["bool", "bytes", "double", "duration", "int", "string", "timestamp", "uint"]);

/** A literal, or a conversion folded into one. */
function constant(e: Expr): boolean {
  const k = e.exprKind;
  if (k.case === "constExpr") return true;
  return (
    k.case === "callExpr" &&
    FOLDED_CONVERSIONS.has(k.value.function) &&
    k.value.target === undefined &&
    k.value.args.length === 1 &&
    constant(k.value.args[0]!)
  );
}

function constantString(e: Expr | undefined): string | undefined {
  const k = e?.exprKind;
  return k?.case === "constExpr" && k.value.constantKind.case === "stringValue" ? k.value.constantKind.value : undefined;
}

/** The regular expression a call compiles when planned, if it is a constant. */
function constantPattern(fn: string, target: Expr | undefined, args: readonly Expr[]): string | undefined {
  if (fn === "matches") return constantString(target !== undefined ? args[0] : args[1]);
  if ((fn === "find" || fn === "findAll") && target !== undefined) return constantString(args[0]);
  return undefined;
}

/** Go's error compiling `pattern` as RE2 ("error parsing regexp: …"), or undefined when it compiles. */
export function regexError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The first error planning `parsed` meets, in the planner's order (operands first, left to right), or undefined. */
export function programError(parsed: ParsedExpr, env: CelEnv): string | undefined {
  const visit = (e: Expr | undefined): string | undefined => {
    if (e === undefined) return undefined;
    const k = e.exprKind;
    switch (k.case) {
      case "selectExpr":
        return visit(k.value.operand);
      case "listExpr":
        for (const x of k.value.elements) {
          const err = visit(x);
          if (err !== undefined) return err;
        }
        return undefined;
      case "structExpr":
        for (const en of k.value.entries) {
          const err = (en.keyKind.case === "mapKey" ? visit(en.keyKind.value) : undefined) ?? visit(en.value);
          if (err !== undefined) return err;
        }
        return undefined;
      case "comprehensionExpr":
        for (const x of [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result]) {
          const err = visit(x);
          if (err !== undefined) return err;
        }
        return undefined;
      case "callExpr": {
        const { function: fn, target, args } = k.value;
        for (const x of [target, ...args]) {
          const err = visit(x);
          if (err !== undefined) return err;
        }
        if (FOLDED_CONVERSIONS.has(fn) && target === undefined && args.length === 1 && constant(args[0]!)) {
          const r = plan(env, { ...parsed, expr: e })();
          if (isCelError(r)) return celErrorText(r.message);
        }
        const pattern = constantPattern(fn, target, args);
        return pattern === undefined ? undefined : regexError(pattern);
      }
      default:
        return undefined;
    }
  };
  return visit(parsed.expr);
}
