// x-kubernetes-validations: compiles every rule of a schema once and evaluates them over an object the way
// the server's CEL validator walks it (rules of a node see `self`; transition rules run only on update when
// a correlated old value exists; list-map items correlate by key, other list items not at all). Rules this
// implementation cannot compile are never treated as passing: they are listed as unchecked.
// messageExpression, reason and fieldPath (later than 1.24) are honoured when a rule sets them.
import { isCelError, type CelInput, type CelValue } from "@bufbuild/cel";
import type { FieldError, UncheckedRule } from "../types.js";
import type { JSONSchemaProps, ValidationRule } from "../../types/index.js";
import { resolveFieldPath } from "../json-field-path.js";
import {
  childPath,
  duplicate,
  formatFieldError,
  forbidden,
  indexPath,
  invalid,
  invalidWithoutValue,
  keyPath,
  NIL_PATH,
  required,
} from "../field-error.js";
import { isObject, type SchemaNode } from "../schema-node.js";
import { correlatedItem, type Ratchet } from "../ratchet.js";
import { hasFunction, validationEnv } from "./library.js";
import { optionalNone, optionalOf } from "./optional-library.js";
import { parseCel } from "./parse.js";
import { toCel } from "./values.js";
import { COST_LIMIT_EXCEEDED, costedProgram, OUT_OF_BUDGET, RUNTIME_BUDGET, type CostedProgram } from "./runtime-cost.js";

type Program = CostedProgram;

/** A rule ready to evaluate, or the reason it cannot be. */
interface CompiledRule {
  readonly rule: ValidationRule;
  readonly program: Program | undefined;
  readonly messageProgram: Program | undefined;
  readonly transition: boolean;
  /** oldSelf is an optional (optionalOldSelf, honoured). */
  readonly optionalOld: boolean;
  readonly unchecked: string | undefined;
  /**
   * The rule's fieldPath resolved through its schema as field.Path text (`['b.c']` is `b.c`, a map key
   * `[k]`), the server's NormalizedRuleFieldPath; undefined without one, or when it does not resolve.
   */
  readonly fieldPath: string | undefined;
}

/** All rules of a schema, by node. */
export interface CompiledRules {
  readonly byNode: ReadonlyMap<SchemaNode, readonly CompiledRule[]>;
  /** Nodes with rules at or below them, so evaluation skips rule-free subtrees. */
  readonly relevant: ReadonlySet<SchemaNode>;
  readonly unchecked: readonly UncheckedRule[];
  /** A failed rule's Invalid error without the value (`Invalid value: <message>`), as 1.37 words it. */
  readonly omitFailureValue: boolean;
}

/** How the server a schema's rules are compiled for treats them. */
export interface RulesOptions {
  /** A failed rule's Invalid error without the value (1.37). */
  readonly omitFailureValue?: boolean;
  /** optionalOldSelf is honoured (1.30 on); an older server drops the field. */
  readonly optionalOldSelf?: boolean;
}

interface Ast {
  names: Set<string>;
  functions: Set<string>;
}

// Collects identifiers and called functions from a parsed expression (a protobuf message tree).
function scan(node: unknown, ast: Ast): void {
  if (Array.isArray(node)) {
    for (const x of node) scan(x, ast);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const rec = node as Record<string, unknown>;
  const kind = rec["exprKind"] as { case?: string; value?: Record<string, unknown> } | undefined;
  if (kind?.case === "identExpr") ast.names.add(String(kind.value?.["name"]));
  if (kind?.case === "callExpr") {
    const fn = String(kind.value?.["function"]);
    // A namespaced function (ip.isCanonical, sets.contains) parses as a method of an identifier.
    const target = kind.value?.["target"] as { exprKind?: { case?: string; value?: Record<string, unknown> } } | undefined;
    const qualified = target?.exprKind?.case === "identExpr" ? `${String(target.exprKind.value?.["name"])}.${fn}` : undefined;
    ast.functions.add(qualified !== undefined && hasFunction(qualified) ? qualified : fn);
  }
  // sourceInfo.macroCalls keeps the unexpanded macro calls (all, exists ...): not real function calls.
  for (const [k, v] of Object.entries(rec)) if (k !== "$typeName" && k !== "sourceInfo") scan(v, ast);
}

type Compiled = { program: Program; ast: Ast } | { error: string };

function compileExpr(expr: string, optionalRoots: ReadonlySet<string>): Compiled {
  try {
    const parsed = parseCel(expr);
    const ast: Ast = { names: new Set(), functions: new Set() };
    scan(parsed, ast);
    const missing = [...ast.functions].filter((f) => !hasFunction(f)).sort();
    if (missing.length > 0) return { error: `uses functions not available in this validator: ${missing.join(", ")}` };
    return { program: costedProgram(validationEnv(), parsed, NO_ROOTS, optionalRoots), ast };
  } catch (e) {
    return { error: `cannot compile: ${e instanceof Error ? e.message : String(e)}` };
  }
}

const OPTIONAL_OLD_SELF: ReadonlySet<string> = new Set(["oldSelf"]);
const NO_ROOTS: ReadonlySet<string> = new Set();

function normalizedFieldPath(rule: ValidationRule, schema: JSONSchemaProps): string | undefined {
  if (!rule.fieldPath) return undefined;
  const resolved = resolveFieldPath(schema, rule.fieldPath, true);
  return "error" in resolved || resolved.path === "" ? undefined : resolved.path;
}

function compileRule(rule: ValidationRule, options: RulesOptions, schema: JSONSchemaProps): CompiledRule {
  const optionalOld = options.optionalOldSelf !== false && rule.optionalOldSelf === true;
  const fieldPath = normalizedFieldPath(rule, schema);
  const roots = optionalOld ? OPTIONAL_OLD_SELF : NO_ROOTS;
  const c = compileExpr(rule.rule, roots);
  if ("error" in c)
    return {
      rule,
      program: undefined,
      messageProgram: undefined,
      transition: /\boldSelf\b/.test(rule.rule),
      optionalOld,
      unchecked: c.error,
      fieldPath,
    };
  const m = rule.messageExpression ? compileExpr(rule.messageExpression, roots) : undefined;
  return {
    rule,
    program: c.program,
    messageProgram: m && "program" in m ? m.program : undefined,
    transition: c.ast.names.has("oldSelf"),
    optionalOld: optionalOld && c.ast.names.has("oldSelf"),
    unchecked: undefined,
    fieldPath,
  };
}

/** Compiles the rules of every node under `root`; `path` names schema locations ("spec.ports[*]"). */
export function compileRules(root: SchemaNode, options: RulesOptions = {}): CompiledRules {
  const byNode = new Map<SchemaNode, CompiledRule[]>();
  const relevant = new Set<SchemaNode>();
  const unchecked: UncheckedRule[] = [];
  const visit = (node: SchemaNode, path: string): boolean => {
    let any = false;
    const rules = node.raw["x-kubernetes-validations"] ?? [];
    if (rules.length > 0) {
      const compiled = rules.map((r) => compileRule(r, options, node.raw));
      byNode.set(node, compiled);
      for (const c of compiled)
        if (c.unchecked) unchecked.push({ field: path === "" ? "<root>" : path, rule: c.rule.rule, reason: c.unchecked });
      any = true;
    }
    for (const [k, sub] of node.properties ?? []) any = visit(sub, childPath(path, k)) || any;
    if (typeof node.additional === "object") any = visit(node.additional, `${path}[*]`) || any;
    if (node.items) any = visit(node.items, `${path}[*]`) || any;
    if (any) relevant.add(node);
    return any;
  };
  visit(root, "");
  return { byNode, relevant, unchecked, omitFailureValue: options.omitFailureValue === true };
}

const CONVERSION_ERRORS: readonly [RegExp, string][] = [
  [/^Cannot convert .* to a BigInt$/, "type conversion error from 'string' to 'int'"],
  [/^Unable to convert string '.*' to bool$/s, "type conversion error from 'string' to 'bool'"],
  [/^Failed to parse duration: /, "type conversion error from 'string' to 'google.protobuf.Duration'"],
  [/^Failed to parse timestamp: /, "type conversion error from 'string' to 'google.protobuf.Timestamp'"],
  [/^Failed to decode bytes as string: /, "invalid UTF-8 in bytes, cannot convert to string"],
  // Arithmetic and conversions past the 64-bit range ("int overflow during _*_").
  [/^uint overflow during /, "unsigned integer overflow"],
  [/^int overflow during /, "integer overflow"],
];

/** The cel-go wording of an evaluation error, which the server puts in its message. */
export function celErrorText(message: string): string {
  const noKey = /^field not found: (.*)$/.exec(message);
  if (noKey) return `no such key: ${noKey[1]}`;
  // @bufbuild/cel says "index 2 out of bounds [0, 1)"; cel-go (and so the server) "index out of bounds: 2".
  const outOfRange = /^index (-?\d+) out of bounds\b/.exec(message);
  if (outOfRange) return `index out of bounds: ${outOfRange[1]}`;
  if (message.startsWith("found no matching overload")) return "no such overload";
  if (/divide by zero/.test(message)) return "division by zero";
  // Conversions: @bufbuild/cel passes on the error of what it converts with; cel-go names the conversion.
  for (const [pattern, text] of CONVERSION_ERRORS) if (pattern.test(message)) return text;
  return message;
}

// How the server names a rule inside evaluation errors: its message if it has one, else its text.
function ruleErrorString(rule: ValidationRule): string {
  return rule.message ? rule.message.trim() : rule.rule.trim();
}

// The detail of a rule that evaluated to false: the message as written, else "failed rule: <rule>".
function failureDetail(rule: ValidationRule): string {
  return rule.message ? rule.message : `failed rule: ${ruleErrorString(rule)}`;
}

// Where a failed rule's error goes: its place, with the normalized fieldPath appended as one child
// (field.Path's Child), so a path that starts with a map key reads `labels.[k]` as the server's does.
function fieldPathOf(path: string, normalized: string | undefined): string {
  if (normalized === undefined) return path;
  return path === "" ? normalized : `${path}.${normalized}`;
}

/** Evaluation state shared across one validate() call. */
export interface CelRun {
  readonly rules: CompiledRules;
  readonly out: FieldError[];
  /**
   * With ratcheting (1.30+): a rule without oldSelf that fails on a value equal to the old one it
   * correlates with (or, uncorrelated, whose nearest correlated ancestor is unchanged) is a warning
   * ("<field>: <message>") appended to `warnings`, not an error.
   */
  readonly ratchet?: { readonly ratchet: Ratchet; readonly warnings: string[] };
  /** The runtime cost budget of the object's rules (RUNTIME_BUDGET); spent, no further rule runs. */
  readonly budget: { remaining: number; spent: boolean };
}

function evaluateNode(
  run: CelRun,
  node: SchemaNode,
  obj: unknown,
  old: unknown,
  hasOld: boolean,
  path: string,
  isRoot: boolean,
  unchanged: boolean,
): void {
  const compiled = run.rules.byNode.get(node);
  if (!compiled || run.budget.spent) return;
  const type = node.raw.type ?? "";
  const stop = (message: string, at = path): void => {
    run.out.push(invalid(at, type, message));
    run.budget.spent = true;
  };
  if (run.budget.remaining <= 0) return stop(OUT_OF_BUDGET);
  let self: CelInput | undefined;
  let oldSelf: CelInput | undefined;
  for (const c of compiled) {
    // With optionalOldSelf, oldSelf is optional.none() where there is no old value, and the rule runs.
    const optionalOld = c.optionalOld;
    if (!c.program || (c.transition && !hasOld && !optionalOld)) continue;
    self ??= toCel(obj, node, isRoot);
    if (c.transition && hasOld) oldSelf ??= toCel(old, node, isRoot);
    const oldBinding = optionalOld ? (hasOld ? optionalOf(oldSelf as CelValue) : optionalNone()) : (oldSelf ?? null);
    const bindings: Record<string, CelInput> = c.transition ? { self, oldSelf: oldBinding } : { self };
    const { result, cost, exceeded } = c.program(bindings);
    // As the server: the budget is checked first, then the per-call limit; either stops all rules.
    if (cost > run.budget.remaining) return stop(OUT_OF_BUDGET);
    run.budget.remaining -= cost;
    if (exceeded)
      return stop(
        `'${COST_LIMIT_EXCEEDED}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(c.rule)}`,
      );
    if (isCelError(result)) {
      const text = celErrorText(result.message);
      const msg =
        text === "no such overload"
          ? `'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(c.rule)}`
          : `${text} evaluating rule: ${ruleErrorString(c.rule)}`;
      run.out.push(invalid(path, type, msg));
    } else if (result !== true) {
      const at = fieldPathOf(path, c.fieldPath);
      const failure = ruleFailure(c, bindings, at, type, obj, run.rules.omitFailureValue, run.budget);
      if (typeof failure === "string") return stop(failure, at);
      if (unchanged && !c.transition && run.ratchet) run.ratchet.warnings.push(formatFieldError(failure));
      else run.out.push(failure);
    }
  }
}

/**
 * The error of a rule that evaluated to false. 1.24 prints the schema type as the value; later servers
 * (`jsonValue`) print the value itself when it is a scalar and omit it for an object or a list.
 */
function ruleFailure(
  c: CompiledRule,
  bindings: Record<string, CelInput>,
  path: string,
  type: string,
  value: unknown,
  jsonValue: boolean,
  budget: CelRun["budget"],
): FieldError | string {
  const omitted = type === "object" || type === "array";
  let detail = failureDetail(c.rule);
  if (c.messageProgram) {
    const { result: m, cost, exceeded } = c.messageProgram(bindings);
    // A messageExpression past the budget or its limit stops all rules (evalMessageExpression).
    if (cost > budget.remaining)
      return "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run";
    budget.remaining -= cost;
    if (exceeded)
      return `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(c.rule.messageExpression)}`;
    if (typeof m === "string" && m.trim() !== "" && !m.includes("\n")) detail = m;
  }
  switch (c.rule.reason) {
    case "FieldValueForbidden":
      return forbidden(path, detail);
    case "FieldValueRequired":
      return required(path, detail);
    case "FieldValueDuplicate":
      if (!jsonValue) return duplicate(path, type);
      return omitted
        ? { reason: "FieldValueDuplicate", field: path === "" ? NIL_PATH : path, message: "Duplicate value" }
        : duplicate(path, value, "1.37");
    default:
      if (!jsonValue) return invalid(path, type, detail);
      return omitted ? invalidWithoutValue(path, detail) : invalid(path, value, detail, "1.37");
  }
}

/** The runtime cost budget of one object's rules. */
export function newBudget(): CelRun["budget"] {
  return { remaining: RUNTIME_BUDGET, spent: false };
}

/** Evaluates all rules over `obj` (with `old` for transition rules), appending failures to run.out. */
export function evaluateRules(
  run: CelRun,
  node: SchemaNode,
  obj: unknown,
  old: unknown,
  hasOld: boolean,
  path: string,
  isRoot: boolean,
  parentUnchanged = false,
): void {
  if (obj === null || obj === undefined || !run.rules.relevant.has(node)) return;
  const unchanged = run.ratchet !== undefined && (hasOld ? run.ratchet.ratchet.unchanged(node, obj, old) : parentUnchanged);
  evaluateNode(run, node, obj, old, hasOld, path, isRoot, unchanged);
  if (Array.isArray(obj)) {
    const items = node.items;
    if (!items) return;
    const oldList = Array.isArray(old) && hasOld ? old : undefined;
    obj.forEach((x, i) => {
      const prev = oldList ? correlatedItem(node, x, oldList) : undefined;
      evaluateRules(run, items, x, prev?.value, prev !== undefined, indexPath(path, i), false, unchanged);
    });
    return;
  }
  if (!isObject(obj)) return;
  const oldObj = hasOld && isObject(old) ? old : undefined;
  for (const [k, v] of Object.entries(obj)) {
    const prop = node.properties?.get(k);
    const sub = prop ?? (typeof node.additional === "object" ? node.additional : undefined);
    if (!sub) continue;
    // Transition rules need a non-null old value at the same place (oldObj[k] in the server).
    const prev = oldObj?.[k];
    // The root's kind and apiVersion never ratchet: both objects are converted to the same ones.
    const typeMeta = isRoot && (k === "kind" || k === "apiVersion") && run.ratchet !== undefined;
    const r = typeMeta ? { rules: run.rules, out: run.out, budget: run.budget } : run;
    evaluateRules(r, sub, v, prev, prev !== undefined && prev !== null, prop ? childPath(path, k) : keyPath(path, k), false, unchanged);
  }
}
