// A policy's expressions compiled once: match conditions, variables, validations (with their
// messageExpressions), audit annotations. A compile error is kept with the field it belongs to,
// worded as the server's validation words it ("compilation failed: ERROR: <input>:l:c: …"), and makes
// the expression an evaluation error when the policy is used anyway (the CLI may be given one).
import { DYN, type CelT } from "../crd-checks/cel/cel-types.js";
import { compileExpression, type Compiled } from "./cel.js";
import { policyEnv, typeCheck, type Dialect } from "./type-check.js";
import type { Obj } from "./types.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(asObj) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface CompiledExpression {
  expression: string;
  /** Where it is in the policy, as a field path (spec.validations[0].expression). */
  field: string;
  compiled: Compiled;
  /** The type the server's checker gives its result; undefined when it does not compile. */
  type: CelT | undefined;
}

export interface CompiledValidation {
  check: CompiledExpression;
  message: string;
  messageExpression: CompiledExpression | undefined;
  reason: string;
}

export interface CompiledPolicy {
  name: string;
  /** Fail unless Ignore (the server's default). */
  failurePolicy: "Fail" | "Ignore";
  paramKind: { apiVersion: string; kind: string } | undefined;
  matchConstraints: unknown;
  matchConditions: { name: string; condition: CompiledExpression }[];
  variables: ReadonlyMap<string, CompiledExpression>;
  validations: CompiledValidation[];
  auditAnnotations: { key: string; value: CompiledExpression }[];
}

/** What the server says of an expression that did not compile or could not be planned, or undefined when it can run. */
export function failureDetail(c: Compiled): string | undefined {
  if ("compileError" in c) return `compilation failed: ${c.compileError}`;
  if ("programError" in c) return `program instantiation failed: ${c.programError}`;
  return undefined;
}

/** A compile error with its field, as a Status cause would carry it. */
export interface CompileProblem {
  field: string;
  expression: string;
  message: string;
}

/** The variables `env` declares with a type other than dyn (their overloads are resolved when compiled). */
function typedVariables(env: ReadonlyMap<string, CelT>): ReadonlySet<string> {
  const variables = env.get("variables");
  if (variables?.k !== "object") return NO_VARIABLES;
  return new Set([...variables.fields].filter(([, t]) => t.k !== "dyn").map(([name]) => name));
}
const NO_VARIABLES: ReadonlySet<string> = new Set();

/** Parses, type-checks in `env` and plans `expression`; a type error is a compile error, as the server reports it. */
export function compile(expression: string, field: string, env: ReadonlyMap<string, CelT>, dialect?: Dialect): CompiledExpression {
  const compiled = compileExpression(expression, dialect?.funcs, typedVariables(env));
  if ("compileError" in compiled) return { expression, field, compiled, type: undefined };
  const checked = typeCheck(expression, env, dialect);
  if ("typeError" in checked) return { expression, field, compiled: { compileError: checked.typeError }, type: undefined };
  // Planned after it type-checks: a planning error is the program's.
  if ("programError" in compiled) return { expression, field, compiled, type: undefined };
  return { expression, field, compiled, type: checked.type };
}

/**
 * The policy's variables compiled in order, each seeing those before it (the server adds each
 * variable's type to the environment once it has compiled; one that did not is dyn), and the
 * types of all of them, for the expressions after them.
 */
export function compileVariables(
  spec: Obj,
  hasParams: boolean,
  dialect?: Dialect,
): { compiled: Map<string, CompiledExpression>; types: Map<string, CelT> } {
  const compiled = new Map<string, CompiledExpression>();
  const types = new Map<string, CelT>();
  asList(spec["variables"]).forEach((v, i) => {
    const name = str(v["name"]);
    const c = compile(str(v["expression"]), `spec.variables[${String(i)}].expression`, policyEnv(hasParams, new Map(types)), dialect);
    compiled.set(name, c);
    types.set(name, c.type ?? DYN);
  });
  return { compiled, types };
}

const cache = new Map<string, CompiledPolicy>();

/** Compiles a ValidatingAdmissionPolicy (cached by its name and spec). */
export function compilePolicy(policy: Obj): CompiledPolicy {
  const name = str(asObj(policy["metadata"])["name"]);
  const spec = asObj(policy["spec"]);
  const key = `${name}\u0000${JSON.stringify(spec)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const paramKind = asObj(spec["paramKind"]);
  const hasParams = Boolean(spec["paramKind"]);
  const variables = compileVariables(spec, hasParams);
  // Match conditions never see the variables; the validations and audit annotations see all of them.
  const conditionEnv = policyEnv(hasParams, undefined);
  const env = policyEnv(hasParams, variables.compiled.size > 0 ? variables.types : undefined);
  const compiled: CompiledPolicy = {
    name,
    failurePolicy: spec["failurePolicy"] === "Ignore" ? "Ignore" : "Fail",
    paramKind: spec["paramKind"] ? { apiVersion: str(paramKind["apiVersion"]), kind: str(paramKind["kind"]) } : undefined,
    matchConstraints: spec["matchConstraints"],
    matchConditions: asList(spec["matchConditions"]).map((c, i) => ({
      name: str(c["name"]),
      condition: compile(str(c["expression"]), `spec.matchConditions[${String(i)}].expression`, conditionEnv),
    })),
    variables: variables.compiled,
    validations: asList(spec["validations"]).map((v, i) => ({
      check: compile(str(v["expression"]), `spec.validations[${String(i)}].expression`, env),
      message: str(v["message"]),
      messageExpression:
        typeof v["messageExpression"] === "string" && v["messageExpression"] !== ""
          ? compile(v["messageExpression"], `spec.validations[${String(i)}].messageExpression`, env)
          : undefined,
      reason: str(v["reason"]),
    })),
    auditAnnotations: asList(spec["auditAnnotations"]).map((a, i) => ({
      key: str(a["key"]),
      value: compile(str(a["valueExpression"]), `spec.auditAnnotations[${String(i)}].valueExpression`, env),
    })),
  };
  if (cache.size >= 512) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

/** Every compile error of a compiled policy, in the order the server validates its fields. */
export function compileProblems(p: CompiledPolicy): CompileProblem[] {
  const all: CompiledExpression[] = [
    ...p.matchConditions.map((c) => c.condition),
    ...p.variables.values(),
    ...p.validations.flatMap((v) => (v.messageExpression ? [v.check, v.messageExpression] : [v.check])),
    ...p.auditAnnotations.map((a) => a.value),
  ];
  return all.flatMap((e) => {
    const message = failureDetail(e.compiled);
    return message === undefined ? [] : [{ field: e.field, expression: e.expression, message }];
  });
}
