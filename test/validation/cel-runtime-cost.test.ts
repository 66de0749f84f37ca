// CEL's runtime cost as kube-apiserver 1.37.2 counts it: every case of test/fixtures/cel-cost/cases.json
// against what hack/cel-cost printed for it (test/fixtures/cel-cost/costs.json, the server's own
// cel-go and apiextensions-apiserver code): a policy expression's actual cost, value or error (the
// per-call limit's cancellation included, at the same count), and a custom resource's total cost
// across its rules, with the errors when the per-call limit or the object's budget is passed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compileExpression, toCel } from "../../apiextensions/src/admission-policy/cel.js";
import { policyEnv, typeCheck } from "../../apiextensions/src/admission-policy/type-check.js";
import { compile, compileVariables } from "../../apiextensions/src/admission-policy/compile.js";
import { Context } from "../../apiextensions/src/admission-policy/evaluate.js";
import { compileRules, evaluateRules, newBudget } from "../../apiextensions/src/validation/cel/rules.js";
import { compileNode } from "../../apiextensions/src/validation/schema-node.js";
import { formatFieldError } from "../../apiextensions/src/validation/index.js";
import { RUNTIME_BUDGET } from "../../apiextensions/src/validation/cel/runtime-cost.js";
import { isOptional, unwrap } from "../../apiextensions/src/validation/cel/optional-library.js";
import type { FieldError } from "../../apiextensions/src/validation/types.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

interface Case {
  name: string;
  kind: "policy" | "crd";
  expression?: string;
  /** A policy's variables, compiled before the expression. */
  variables?: { name: string; expression: string }[];
  vars?: Record<string, unknown>;
  /** Names one of the corpus's varSets instead. */
  varSet?: string;
  schema?: JSONSchemaProps;
  object?: unknown;
}
interface Result {
  name: string;
  cost: number;
  value?: unknown;
  error?: string;
  errors?: string[];
  variablesCost?: number;
}

const dir = new URL("../fixtures/cel-cost/", import.meta.url);
const corpus = JSON.parse(readFileSync(new URL("cases.json", dir), "utf8")) as {
  vars: Record<string, unknown>;
  varSets: Record<string, Record<string, unknown>>;
  cases: Case[];
};
const results = JSON.parse(readFileSync(new URL("costs.json", dir), "utf8")) as Result[];

/** A CEL value as JSON, as cel-go converts it to a structpb.Value (numbers as doubles, an optional as what it holds). */
function json(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (typeof v !== "object" || v === null) return v;
  const cel = v as Parameters<typeof isOptional>[0];
  if (isOptional(cel)) return json(unwrap(cel) ?? null);
  // A map has keys(), a list is iterable without them; a uint holds its value.
  if ("keys" in v && "entries" in v)
    return Object.fromEntries([...(v as Map<unknown, unknown>).entries()].map(([k, x]) => [String(k), json(x)]));
  if (Symbol.iterator in v) return [...(v as Iterable<unknown>)].map(json);
  return "value" in v ? Number(v.value) : v;
}

test("the fixture holds a result for every case, in order", () => {
  assert.deepEqual(
    results.map((r) => r.name),
    corpus.cases.map((c) => c.name),
  );
});

for (const [i, c] of corpus.cases.entries()) {
  const want = results[i]!;
  if (c.kind === "policy" && c.variables !== undefined) {
    const variables = c.variables;
    test(`policy with variables: ${c.name}`, () => {
      // As a validation of a policy with a paramKind: the variables compiled in order, each declared
      // with its type, and evaluated when the expression first reads them.
      const { compiled, types } = compileVariables({ variables }, true);
      const e = compile(c.expression!, "spec.validations[0].expression", policyEnv(true, types));
      if (want.error?.startsWith("compile: ")) {
        assert.equal(
          "compileError" in e.compiled ? `compile: compilation failed: ${e.compiled.compileError}` : "(it compiles)",
          want.error,
        );
        return;
      }
      const activation: Record<string, ReturnType<typeof toCel>> = { object: null, oldObject: null, params: null };
      for (const [k, v] of Object.entries((c.varSet !== undefined ? corpus.varSets[c.varSet] : c.vars) ?? corpus.vars))
        activation[k] = toCel(v);
      const ctx = new Context({ variables: compiled }, activation, undefined);
      const got = ctx.run(e);
      if (want.error !== undefined) assert.deepEqual("error" in got ? got.error : "(a value)", want.error);
      else assert.deepEqual("value" in got ? json(got.value) : got.error, want.value);
      assert.equal(got.cost, want.cost, "runtime cost");
      assert.equal(ctx.spent - got.cost, want.variablesCost ?? 0, "the variables' runtime cost");
    });
  } else if (c.kind === "policy") {
    test(`policy: ${c.name}`, () => {
      const compiled = compileExpression(c.expression!);
      // The server's compiler type-checks, then plans: a type error, then a planning error, ends it there.
      if (want.error?.startsWith("compile: ")) {
        const checked = typeCheck(c.expression!, policyEnv(true, undefined));
        assert.equal("typeError" in checked ? `compile: ${checked.typeError}` : "(it type-checks)", want.error);
        return;
      }
      if (want.error?.startsWith("program: ")) {
        assert.equal("programError" in compiled ? `program: ${compiled.programError}` : "(it plans)", want.error);
        return;
      }
      assert.ok(
        "program" in compiled,
        "compileError" in compiled ? compiled.compileError : "programError" in compiled ? compiled.programError : "",
      );
      const vars: Record<string, ReturnType<typeof toCel>> = { object: null, oldObject: null, params: null };
      for (const [k, v] of Object.entries((c.varSet !== undefined ? corpus.varSets[c.varSet] : c.vars) ?? corpus.vars)) vars[k] = toCel(v);
      const got = compiled.program(vars, undefined);
      if (want.error !== undefined) assert.deepEqual("error" in got ? got.error : "(a value)", want.error);
      else assert.deepEqual("value" in got ? json(got.value) : got.error, want.value);
      assert.equal(got.cost, want.cost, "runtime cost");
    });
  } else {
    test(c.name, () => {
      const root = compileNode(c.schema!);
      const rules = compileRules(root, { omitFailureValue: true });
      assert.deepEqual(rules.unchecked, []);
      const out: FieldError[] = [];
      const budget = newBudget();
      evaluateRules({ rules, out, budget }, root, c.object, undefined, false, "", true);
      assert.deepEqual(out.map(formatFieldError), want.errors ?? []);
      // The server reports no cost once a rule has stopped the validation (-1 remains).
      assert.equal(budget.spent ? 0 : RUNTIME_BUDGET - budget.remaining, want.cost, "runtime cost");
    });
  }
}
