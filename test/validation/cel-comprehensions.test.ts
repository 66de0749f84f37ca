// Two-variable comprehensions and sortBy, as parse.ts expands them and lower.ts makes them
// evaluable: the edges the recorded scenario (`comprehensions` in the ValidatingAdmissionPolicy
// recording, values from kube-apiserver 1.37.2) does not reach: nesting, shadowing, map ranges in
// CRD rules, and equal sort keys.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileExpression, toCel } from "../../apiextensions/src/admission-policy/cel.js";
import { compileSchema, formatFieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";
import type { CelT } from "../../apiextensions/src/crd-checks/cel/cel-types.js";

function run(expr: string, object: unknown = {}): unknown {
  const c = compileExpression(expr);
  assert.ok("program" in c, `${expr}: ${"compileError" in c ? c.compileError : ""}`);
  const r = c.program({ object: toCel(object) }, undefined);
  return "error" in r ? `error: ${r.error}` : r.value;
}

test("nested two-variable comprehensions each see their own variables, and the outer ones", () => {
  assert.equal(run("[[1, 2], [3]].all(i, l, l.all(j, v, v > i + j))"), true);
  assert.equal(run("[[1, 2], [3]].all(i, l, l.all(j, v, v > i + j + 1))"), false);
  // The inner comprehension's i shadows the outer one, as in cel-go.
  assert.equal(run("[10].all(i, v, [20].all(i, w, i == 0 && w == 20) && v == 10)"), true);
  assert.equal(run("object.l.all(i, v, object.l.exists(j, w, j == i && w == v))", { l: ["x", "y"] }), true);
});

test("a map is ranged by key and value; transformMapEntry refuses a key twice", () => {
  assert.equal(run("{'a': 1, 'b': 2}.exists(k, v, k == 'b' && v == 2)"), true);
  assert.equal(run("size({'a': 1, 'b': 2}.transformMap(k, v, v > 1, v))"), 1n);
  assert.equal(run("{'a': 1, 'b': 1}.transformMapEntry(k, v, {string(v): k}).size()"), "error: insert failed: key 1 already exists");
});

test("sortBy keeps the order of equal keys (Go's sort.Slice does up to 12 elements)", () => {
  const sorted = run("['b1', 'a1', 'b2', 'a2', 'c'].sortBy(s, s.substring(0, 1)).join(',')");
  assert.equal(sorted, "a1,a2,b1,b2,c");
  assert.equal(run("[3, 1].sortBy(x, x > 1 ? dyn('a') : dyn(1)).size()"), "error: list elements must have the same type");
});

test("CRD rules use them too", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: { ports: { type: "object", additionalProperties: { type: "integer" } } },
        "x-kubernetes-validations": [
          {
            rule: "self.ports.all(name, port, port > 0)",
            messageExpression: "'bad ports: ' + self.ports.transformList(name, port, port <= 0, name).sortBy(n, n).join(', ')",
          },
        ],
      },
    },
  };
  const v = compileSchema(schema, { omitRuleFailureValue: true });
  assert.deepEqual(v.uncheckedRules, []);
  assert.deepEqual(v.validate({ spec: { ports: { http: 80 } } }), []);
  assert.deepEqual(v.validate({ spec: { ports: { z: 0, http: 80, a: -1 } } }).map(formatFieldError), [
    "spec: Invalid value: bad ports: a, z",
  ]);
});

test("the checker: a bound value keeps its size (sortBy costs what sort does), optionals are no ordinary operands, and versions gate the macros", async () => {
  const { compileRule } = await import("../../apiextensions/src/crd-checks/cel/cel-rules.js");
  const self: CelT = {
    k: "object",
    fields: new Map<string, CelT>([
      ["items", { k: "list", elem: { k: "string", maxSize: 40 }, maxSize: 100_000 }],
      ["s", { k: "string", maxSize: 40 }],
    ]),
  };
  const sortBy = compileRule("self.items.sortBy(t, t).size() > 0", self, 37);
  const sort = compileRule("self.items.sort().size() > 0", self, 37);
  assert.ok(sortBy.cost > 1e10 && sort.cost > 1e10, `${sortBy.cost} ${sort.cost}`);
  assert.match(
    compileRule("self.s.hasValue()", self, 37).error ?? "",
    /found no matching overload for 'hasValue' applied to 'string.\(\)'/,
  );
  assert.match(
    compileRule("size(oldSelf.s) > 0", self, 37, true).error ?? "",
    /found no matching overload for 'size' applied to '\(optional_type\(string\)\)'/,
  );
  assert.equal(compileRule("oldSelf.s.orValue('') == self.s", self, 37, true).error, undefined);
  // Two-variable comprehensions arrive with 1.32's environment, which 1.33 compiles new rules in.
  assert.equal(compileRule("self.items.all(i, v, i >= 0)", self, 33).error, undefined);
  assert.match(compileRule("self.items.all(i, v, i >= 0)", self, 32).error ?? "", /undeclared reference to 'i'/);
});
