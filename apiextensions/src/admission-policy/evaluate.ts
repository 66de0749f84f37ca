// One policy evaluated under one binding and one param, as the validating policy's validator does
// (k8s.io/apiserver/pkg/admission/plugin/policy/validating/validator.go): the match conditions first
// (a false one skips the policy; an error, when none is false, is a decision under failurePolicy),
// then each validation in order, then the audit annotations. Variables are evaluated when an
// expression reads them, once per evaluation, so an error in a variable nobody reads is no error.
import { celError, celMap, type CelInput, type CelValue } from "@bufbuild/cel";
import { failureDetail, type CompiledExpression, type CompiledPolicy } from "./compile.js";
import { asString, type CelOutcome } from "./cel.js";
import { texts } from "./messages.js";
import { MATCH_CONDITIONS_BUDGET, OUT_OF_BUDGET, RUNTIME_BUDGET } from "../validation/cel/runtime-cost.js";
import type { Authorizer } from "./types.js";

/** The CEL variables of one evaluation, before `variables`. */
export type Activation = Record<string, CelInput>;

/** What one evaluation decided, before the binding's validationActions are applied. */
export interface Decision {
  action: "deny" | "admit";
  evaluation: "true" | "false" | "error";
  message: string;
  reason: string;
  expressionIndex: number;
  /** Denies whatever the validationActions (an auditAnnotation's error under failurePolicy Fail). */
  unconditional?: boolean;
}

export interface Evaluation {
  decisions: Decision[];
  /** auditAnnotations that evaluated to a string, by key. */
  auditAnnotations: [string, string][];
}

/** A policy's variables and the evaluations that read them: one per evaluation (variables are evaluated once in it). */
export class Context {
  private readonly values = new Map<string, CelOutcome>();
  // The runtime cost budget of the phase under way (the server's ForInput): every evaluation, the
  // variables it reads included, is charged to it; past it the phase stops with OUT_OF_BUDGET.
  private remaining = RUNTIME_BUDGET;
  private total = RUNTIME_BUDGET;
  /** The budget ran out: the phase's result is one error decision. */
  outOfBudget = false;
  constructor(
    private readonly policy: Pick<CompiledPolicy, "variables">,
    private readonly activation: Activation,
    private readonly authorizer: Authorizer | undefined,
  ) {}

  /** Starts a phase with a budget of its own (match conditions, validations, audit annotations). */
  budget(n: number): void {
    this.total = n;
    this.remaining = n;
    this.outOfBudget = false;
  }

  /** What the phase under way has spent of its budget, the variables its expressions read included. */
  get spent(): number {
    return this.total - this.remaining;
  }

  /** Evaluates `e`; an error worded as the server's. */
  run(e: CompiledExpression): CelOutcome {
    if ("compileError" in e.compiled) return { error: texts.compilationError(e.compiled.compileError), cost: 0 };
    if ("programError" in e.compiled) return { error: texts.compilationError(failureDetail(e.compiled)!), cost: 0 };
    if (this.outOfBudget) return { error: OUT_OF_BUDGET, cost: 0 };
    const r = e.compiled.program(this.bindings(), this.authorizer);
    if (r.cost > this.remaining) {
      this.outOfBudget = true;
      return { error: OUT_OF_BUDGET, cost: r.cost };
    }
    this.remaining -= r.cost;
    return r;
  }

  // The activation with `variables`, lazy as the server's (plugin/cel/composition.go): each
  // variables.<name> is a getter, so a variable is evaluated only when an expression reaches it
  // (`!has(object.spec.x) || variables.x > 0` never evaluates x when there is none), once per
  // evaluation, and its error is the error of the expression only there.
  private bindings(): Record<string, CelInput> {
    const bindings: Record<string, CelInput> = { ...this.activation };
    for (const name of this.policy.variables.keys()) {
      const get = (): CelInput => {
        const v = this.variable(name);
        return "error" in v ? (celError(v.error) as unknown as CelInput) : v.value;
      };
      Object.defineProperty(bindings, `variables.${name}`, { enumerable: true, get });
    }
    // `variables` itself, for what is not a plain variables.<name> (variables[k], has(variables.x)).
    bindings["variables"] = celMap(new LazyMap(this.policy.variables.keys(), (name) => this.variable(name)));
    return bindings;
  }

  private variable(name: string): CelOutcome {
    const known = this.values.get(name);
    if (known) return known;
    const e = this.policy.variables.get(name);
    if (!e) return { error: `no such key: ${name}`, cost: 0 };
    const failed = failureDetail(e.compiled);
    if (failed !== undefined) {
      const r = { error: texts.variableCompileError(name, failed), cost: 0 };
      this.values.set(name, r);
      return r;
    }
    // A variable reading itself (directly or not) is an error rather than a loop.
    this.values.set(name, { error: texts.variableError(name, `composited variable "${name}" refers to itself`), cost: 0 });
    const r = this.run(e);
    const outcome = "error" in r ? { error: texts.variableError(name, r.error), cost: r.cost } : r;
    this.values.set(name, outcome);
    return outcome;
  }
}

/** A map whose values are computed when read; a value that errors throws, failing the expression. */
class LazyMap extends Map<string, CelInput> {
  constructor(
    names: Iterable<string>,
    private readonly compute: (name: string) => CelOutcome,
  ) {
    super();
    for (const n of names) super.set(n, null);
  }
  override get(name: string): CelInput | undefined {
    if (!super.has(name)) return undefined;
    const v = this.compute(name);
    if ("error" in v) throw new Error(v.error);
    return v.value;
  }
  override has(name: string): boolean {
    return super.has(name);
  }
}

const failedExpression = (e: CompiledExpression, error: string): string => texts.expressionError(e.expression, error);

/** The message of a failed validation: its messageExpression's, else its message, else the default. */
function failureMessage(ctx: Context, v: CompiledPolicy["validations"][number]): string {
  if (v.messageExpression) {
    const m = ctx.run(v.messageExpression);
    if ("value" in m) {
      const s = asString(m.value)?.trim();
      if (s !== undefined && s !== "" && !s.includes("\n")) return s;
    }
  }
  return v.message.trim() !== "" ? v.message.trim() : texts.defaultMessage(v.check.expression);
}

/**
 * The match conditions' verdict (matchconditions.Matcher): false when one is false; else the error
 * of those that failed, as the dispatcher words it; else true.
 */
export function matchConditions(ctx: Context, conditions: readonly { condition: CompiledExpression }[]): boolean | string {
  const errors: string[] = [];
  ctx.budget(MATCH_CONDITIONS_BUDGET);
  for (const { condition } of conditions) {
    const r = ctx.run(condition);
    if (ctx.outOfBudget) return OUT_OF_BUDGET;
    if ("error" in r) errors.push(failedExpression(condition, r.error));
    else if (r.value !== true) return false;
  }
  if (errors.length === 0) return true;
  return errors.length === 1 ? (errors[0] ?? "") : `[${errors.join(", ")}]`;
}

/**
 * A phase that failed as a whole (match conditions in error, a budget spent): its one decision, under
 * failurePolicy; the only one, so its index (what validation_failure records) is 0, as the dispatcher's.
 */
function failedPhase(onError: Decision["action"], message: string): Evaluation {
  return { decisions: [{ action: onError, evaluation: "error", message, reason: "", expressionIndex: 0 }], auditAnnotations: [] };
}

/** Evaluates `policy` with `activation` (object, oldObject, request, params, namespaceObject, authorizer). */
export function evaluate(policy: CompiledPolicy, activation: Activation, authorizer: Authorizer | undefined): Evaluation {
  const ctx = new Context(policy, activation, authorizer);
  const onError = policy.failurePolicy === "Fail" ? "deny" : "admit";
  const conditions = matchConditions(ctx, policy.matchConditions);
  if (conditions === false) return { decisions: [], auditAnnotations: [] };
  if (typeof conditions === "string") return failedPhase(onError, conditions);
  ctx.budget(RUNTIME_BUDGET);
  const decisions = policy.validations.map((v, i): Decision => {
    const r = ctx.run(v.check);
    if ("error" in r)
      return { action: onError, evaluation: "error", message: failedExpression(v.check, r.error), reason: "", expressionIndex: i };
    if (r.value === true) return { action: "admit", evaluation: "true", message: "", reason: "", expressionIndex: i };
    if (typeof r.value !== "boolean")
      return {
        action: onError,
        evaluation: "error",
        message: failedExpression(v.check, texts.notBoolean(r.value)),
        reason: "",
        expressionIndex: i,
      };
    return { action: "deny", evaluation: "false", message: failureMessage(ctx, v), reason: v.reason || "Invalid", expressionIndex: i };
  });
  if (ctx.outOfBudget) return failedPhase(onError, OUT_OF_BUDGET);
  const auditAnnotations: [string, string][] = [];
  ctx.budget(RUNTIME_BUDGET);
  for (const a of policy.auditAnnotations) {
    const r = ctx.run(a.value);
    if (ctx.outOfBudget) return failedPhase(onError, OUT_OF_BUDGET);
    // An auditAnnotation's error denies under Fail whatever the binding's validationActions
    // (the dispatcher adds it to the denied decisions directly), and is nothing under Ignore.
    if ("error" in r) {
      if (onError === "deny")
        decisions.push({
          action: "deny",
          evaluation: "error",
          message: failedExpression(a.value, r.error),
          reason: "",
          expressionIndex: -1,
          unconditional: true,
        });
      continue;
    }
    const value: CelValue = r.value;
    if (value === null) continue;
    const s = asString(value);
    if (s === undefined) {
      if (onError === "deny")
        decisions.push({
          action: "deny",
          evaluation: "error",
          message: texts.auditAnnotationType(a.value.expression, value),
          reason: "",
          expressionIndex: -1,
          unconditional: true,
        });
      continue;
    }
    // Trimmed, and an empty value is no annotation (validator.go).
    if (s.trim() !== "") auditAnnotations.push([a.key, s.trim()]);
  }
  return { decisions, auditAnnotations };
}
