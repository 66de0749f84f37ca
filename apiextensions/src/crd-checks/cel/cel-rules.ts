// Compiles a schema node's x-kubernetes-validations rules the way the server does on CRD
// create: parse, type-check against the node's declared type (self and oldSelf), require a
// boolean result, and estimate each rule's worst-case cost. Errors are worded like cel-go's
// ("compilation failed: ERROR: <input>:1:5: undefined field 'b'" plus the source excerpt).
import { MacroError, parseCel, type CelSyntax, type ParsedExpr } from "../../validation/cel/parse.js";
import {
  CelChecker,
  danglingOperatorError,
  formatCelIssue,
  formatCelIssues,
  mayBeBool,
  type CheckerOptions,
  type Expr,
} from "./cel-check.js";
import type { CelT } from "./cel-types.js";
import { programError } from "../../validation/cel/program-checks.js";
import { validationEnv } from "../../validation/cel/library.js";
import { declaredFunctions } from "./declarations.js";
import {
  celEnvironmentMinor,
  costModelFor,
  HOMOGENEOUS_LITERALS_MINOR,
  NEWEST_MODELLED_MINOR,
  OPTIONAL_OLD_SELF_MINOR,
  OPTIONAL_TYPES_MINOR,
  REFERENCE_MINOR,
  SORT_BY_MINOR,
  TWO_VAR_COMPREHENSIONS_MINOR,
} from "../server-versions.js";

/** The outcome of compiling one rule. */
export interface RuleResult {
  /** The server's error detail ("compilation failed: ..."), or undefined when it compiled. */
  error?: string;
  /** Estimated worst-case cost of one evaluation. */
  cost: number;
  /** Whether the rule refers to oldSelf. */
  transition: boolean;
}

function refersTo(e: Expr | undefined, name: string): boolean {
  if (e === undefined) return false;
  const k = e.exprKind;
  switch (k.case) {
    case "identExpr":
      return k.value.name === name;
    case "selectExpr":
      return refersTo(k.value.operand, name);
    case "callExpr":
      return refersTo(k.value.target, name) || k.value.args.some((a) => refersTo(a, name));
    case "listExpr":
      return k.value.elements.some((a) => refersTo(a, name));
    case "structExpr":
      return k.value.entries.some((en) => refersTo(en.value, name) || (en.keyKind.case === "mapKey" && refersTo(en.keyKind.value, name)));
    case "comprehensionExpr": {
      const c = k.value;
      return [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].some((x) => refersTo(x, name));
    }
    default:
      return false;
  }
}

function syntaxError(rule: string, e: unknown): string {
  const dangling = danglingOperatorError(rule);
  if (dangling !== undefined) return dangling;
  const loc = (e as { location?: { start?: { line?: number; column?: number } } }).location?.start;
  const raw = (e as { rawMessage?: string }).rawMessage ?? (e instanceof Error ? e.message : String(e));
  const line = loc?.line ?? 1;
  const col = loc?.column ?? 1;
  return formatCelIssue(line, col, rule.split("\n")[line - 1] ?? "", e instanceof MacroError ? raw : `Syntax error: ${raw}`);
}

// Parses by expression text. A parse is a pure function of the text and the checker only reads
// it, so the same rule on many schemas (every kind of an API often shares its rules) is parsed
// once. Bounded, so a long-lived process does not keep every expression it ever saw.
const MAX_PARSES = 4096;
const parses = new Map<string, { parsed: ParsedExpr } | { error: unknown }>();

/** What a server of minor `minor` parses a new expression with (its CEL environment's minor's syntax). */
function syntaxOf(minor: number): CelSyntax {
  const env = celEnvironmentMinor(minor);
  return { optional: env >= OPTIONAL_TYPES_MINOR, twoVarComprehensions: env >= TWO_VAR_COMPREHENSIONS_MINOR, sortBy: env >= SORT_BY_MINOR };
}

/** The checker's options for a server of minor `minor`. */
function checkerOptions(minor: number): CheckerOptions {
  const env = celEnvironmentMinor(minor);
  return {
    homogeneousLiterals: env >= HOMOGENEOUS_LITERALS_MINOR,
    optionalTypes: env >= OPTIONAL_TYPES_MINOR,
    declaredFunctions: declaredFunctions(env),
  };
}

/** oldSelf's type: an optional with optionalOldSelf (kept and honoured from 1.30). */
const oldSelfType = (selfType: CelT, minor: number, optionalOldSelf: boolean): CelT =>
  optionalOldSelf && minor >= OPTIONAL_OLD_SELF_MINOR ? { k: "optional", elem: selfType } : selfType;

function parseCached(expression: string, minor: number): ParsedExpr {
  const syntax = syntaxOf(minor);
  const key = `${JSON.stringify(syntax)}${expression}`;
  let hit = parses.get(key);
  if (hit === undefined) {
    if (parses.size >= MAX_PARSES) parses.clear();
    try {
      hit = { parsed: parseCel(expression, syntax) };
    } catch (error) {
      hit = { error };
    }
    parses.set(key, hit);
  }
  if ("error" in hit) throw hit.error;
  return hit.parsed;
}

/** Compiles `rule` with `self` (and `oldSelf`) of type `selfType`, estimating its cost as server 1.`minor` does. */
export function compileRule(rule: string, selfType: CelT, minor: number = REFERENCE_MINOR, optionalOldSelf = false): RuleResult {
  let parsed: ParsedExpr;
  try {
    parsed = parseCached(rule, minor);
  } catch (e) {
    return { error: `compilation failed: ${syntaxError(rule, e)}`, cost: 0, transition: false };
  }
  const checker = new CelChecker(parsed.sourceInfo?.positions ?? {}, costModelFor(minor), checkerOptions(minor));
  const env = new Map<string, CelT>([
    ["self", selfType],
    ["oldSelf", oldSelfType(selfType, minor, optionalOldSelf)],
  ]);
  const out = checker.check(parsed.expr, env);
  const transition = refersTo(parsed.expr, "oldSelf");
  // The server estimates cost only for rules that compile to a bool; a failed rule costs 0, so it
  // neither exceeds the per-rule budget nor counts towards the schema's total.
  const issues = checker.allIssues();
  if (issues.length > 0) return { error: `compilation failed: ${formatCelIssues(rule, issues)}`, cost: 0, transition };
  if (!mayBeBool(out.t)) return { error: "cel expression must evaluate to a bool", cost: 0, transition };
  // Then the program is made, which fails on a constant conversion or regular expression that does.
  const failed = programError(parsed, validationEnv());
  if (failed !== undefined) return { error: `program instantiation failed: ${failed}`, cost: 0, transition };
  return { cost: out.cost, transition };
}

/**
 * Why a rule's messageExpression would not compile to a string (as servers that know
 * messageExpression check it), or undefined when it does; `self` and `oldSelf` as for the rule.
 */
export function messageExpressionError(
  expression: string,
  selfType: CelT,
  minor: number = NEWEST_MODELLED_MINOR,
  optionalOldSelf = false,
): string | undefined {
  let parsed: ParsedExpr;
  try {
    parsed = parseCached(expression, minor);
  } catch (e) {
    return `messageExpression compilation failed: ${syntaxError(expression, e)}`;
  }
  const checker = new CelChecker(parsed.sourceInfo?.positions ?? {}, undefined, checkerOptions(minor));
  const out = checker.check(
    parsed.expr,
    new Map<string, CelT>([
      ["self", selfType],
      ["oldSelf", oldSelfType(selfType, minor, optionalOldSelf)],
    ]),
  );
  const issues = checker.allIssues();
  if (issues.length > 0) return `messageExpression compilation failed: ${formatCelIssues(expression, issues)}`;
  if (out.t.k !== "string" && out.t.k !== "dyn") return "messageExpression must evaluate to a string";
  return undefined;
}
