// The optional syntax @bufbuild/cel's grammar lacks, as parse.ts adds it: where `?` is the optional
// syntax and where it is not (the conditional operator, strings, comments), the cel-go shapes the
// parser's tree gets, and evaluation through the lowered tree. kube-apiserver 1.37.2's verdicts on
// the same functions are replayed elsewhere (the optionals scenario of the ValidatingAdmissionPolicy
// recording, test/crd-checks/optionals-1.37.test.ts); these pin the parser's edges.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileExpression, toCel } from "../../apiextensions/src/admission-policy/cel.js";
import { MacroError, parseCel, type ParsedExpr } from "../../apiextensions/src/validation/cel/parse.js";
import { compileSchema, formatFieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

type Expr = ParsedExpr["expr"];

/** The tree in a compact text form: calls as f(args), selects as a.b, lists with ?-marked elements. */
function show(e: Expr | undefined): string {
  if (e === undefined) return "_";
  const k = e.exprKind;
  switch (k.case) {
    case "identExpr":
      return k.value.name;
    case "constExpr":
      return JSON.stringify((k.value.constantKind as { value?: unknown }).value, (_, v: unknown) =>
        typeof v === "bigint" ? Number(v) : v,
      );
    case "selectExpr":
      return `${show(k.value.operand)}.${k.value.field}`;
    case "callExpr":
      return `${k.value.target ? `${show(k.value.target)}.` : ""}${k.value.function}(${k.value.args.map(show).join(", ")})`;
    case "listExpr":
      return `[${k.value.elements.map((x, i) => (k.value.optionalIndices.includes(i) ? `?${show(x)}` : show(x))).join(", ")}]`;
    case "structExpr":
      return `{${k.value.entries.map((en) => `${en.optionalEntry ? "?" : ""}${en.keyKind.case === "mapKey" ? show(en.keyKind.value) : String(en.keyKind.value)}: ${show(en.value)}`).join(", ")}}`;
    case "comprehensionExpr":
      return `fold(${k.value.accuVar} = ${show(k.value.accuInit)} over ${show(k.value.iterRange)}: ${show(k.value.result)})`;
    default:
      return "?";
  }
}

test("the optional syntax parses into cel-go's shapes", () => {
  const cases: [string, string][] = [
    ["a.?b", '_?._(a, "b")'],
    ["a.?b.c", '_?._(a, "b").c'],
    ["a . ? b", '_?._(a, "b")'],
    ["a[?0]", "_[?_](a, 0)"],
    ["a[0]", "_[_](a, 0)"],
    ["[?a, b, ?c]", "[?a, b, ?c]"],
    ["{?'k': a, 'j': b}", '{?"k": a, "j": b}'],
    ["[[?x], {?1: y}]", "[[?x], {?1: y}]"],
    ["f(a, [?b])", "f(a, [?b])"],
    [
      "a.?b.optMap(v, v + 1)",
      '_?_:_(_?._(a, "b").hasValue(), optional.of(fold(v = _?._(a, "b").value() over []: _+_(v, 1))), optional.none())',
    ],
    ["a.optFlatMap(v, v.?c)", '_?_:_(a.hasValue(), fold(v = a.value() over []: _?._(v, "c")), optional.none())'],
  ];
  for (const [src, want] of cases) assert.equal(show(parseCel(src).expr), want, src);
});

test("a ? that is not the optional syntax is left alone", () => {
  const cases: [string, string][] = [
    ["a ? b : c", "_?_:_(a, b, c)"],
    ["[a ? b : c]", "[_?_:_(a, b, c)]"],
    ["{'k': a ? [b] : [c]}", '{"k": _?_:_(a, [b], [c])}'],
    ["'x.?y' + \"[?\" + '''{?'''", '_+_(_+_("x.?y", "[?"), "{?")'],
    ["r'.?' == b'[?'", '_==_(".?", {"0":91,"1":63})'],
    ["a // .?b [?c\n.d", "a.d"],
  ];
  for (const [src, want] of cases) assert.equal(show(parseCel(src).expr), want, src);
});

test("without the optional syntax (servers before 1.28) .? is a syntax error", () => {
  assert.throws(() => parseCel("a.?b", { optional: false, twoVarComprehensions: false, sortBy: false }), /found \. but expecting/);
  assert.equal(show(parseCel("a.?b").expr), '_?._(a, "b")');
});

test("macro errors of the optional syntax are placed as cel-go places them", () => {
  assert.throws(
    () => parseCel("request.?name.optMap(1, 2)"),
    (e: unknown) => e instanceof MacroError && e.message === "<input>:1:22: optMap() variable name must be a simple identifier",
  );
  assert.throws(
    () => parseCel("x ||\n has(self.?mode)"),
    (e: unknown) => e instanceof MacroError && e.message === "<input>:2:10: invalid argument to has() macro",
  );
});

test("evaluation: optionals are viral through selection and indexing, and or/orValue short-circuit", () => {
  const object = toCel({ spec: { a: 1, m: { k: "v" }, l: [1, 2, 3] } });
  const run = (expr: string): unknown => {
    const c = compileExpression(expr);
    assert.ok("program" in c, expr);
    const r = c.program({ object }, undefined);
    return "error" in r ? `error: ${r.error}` : r.value;
  };
  assert.equal(run("object.?spec.m.k.orValue('d')"), "v");
  assert.equal(run("object.spec.?m.nope.deeper.orValue('d')"), "d");
  assert.equal(run("object.spec.?l[7].orValue(0)"), 0n);
  assert.equal(run("object.spec.l[?1].value()"), 2n);
  // The default is not evaluated when the optional has a value (cel-go's evalOptionalOrValue).
  assert.equal(run("object.spec.?a.orValue(object.nope)"), 1n);
  assert.equal(run("object.spec.?zz.orValue(object.nope)"), "error: no such key: nope");
  assert.equal(run("object.spec.?a.or(optional.of(object.nope)).value()"), 1n);
  assert.equal(run("optional.none().value()"), "error: optional.none() dereference");
  assert.equal(run("[1, ?object.spec.?q, ?object.spec.?a, 4].size()"), 3n);
  assert.equal(run("{?'a': object.spec.?a, ?'b': object.spec.?b}.size()"), 1n);
});

test("CRD rules with optionals evaluate, and their failures are worded as 1.37 words them", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        "x-kubernetes-validations": [
          { rule: "self.?mode.orValue('safe') != 'unsafe'", messageExpression: "'mode ' + self.mode + ' refused'" },
          { rule: "self.?limits.?cpu.orValue(1) <= 8", message: "cpu over 8" },
        ],
        properties: {
          mode: { type: "string" },
          limits: { type: "object", properties: { cpu: { type: "integer" } } },
        },
      },
    },
  };
  const v37 = compileSchema(schema, { omitRuleFailureValue: true });
  const v24 = compileSchema(schema);
  assert.deepEqual(v37.uncheckedRules, []);
  assert.deepEqual(v37.validate({ spec: {} }), []);
  assert.deepEqual(v37.validate({ spec: { mode: "unsafe", limits: { cpu: 9 } } }).map(formatFieldError), [
    "spec: Invalid value: mode unsafe refused",
    "spec: Invalid value: cpu over 8",
  ]);
  assert.deepEqual(v24.validate({ spec: { limits: { cpu: 9 } } }).map(formatFieldError), ['spec: Invalid value: "object": cpu over 8']);
});

test("optionalOldSelf: oldSelf is an optional, so the transition rule runs on create too", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: { min: { type: "integer" } },
        "x-kubernetes-validations": [
          { rule: "!oldSelf.hasValue() || self.min >= oldSelf.value().min", message: "min may only grow", optionalOldSelf: true },
          { rule: "oldSelf.hasValue() || self.min < 100", message: "start below 100", optionalOldSelf: true },
        ],
      },
    },
  };
  const v = compileSchema(schema, { omitRuleFailureValue: true });
  assert.deepEqual(v.uncheckedRules, []);
  assert.deepEqual(v.validate({ spec: { min: 200 } }).map(formatFieldError), ["spec: Invalid value: start below 100"]);
  assert.deepEqual(v.validate({ spec: { min: 5 } }, { spec: { min: 3 } }), []);
  assert.deepEqual(v.validate({ spec: { min: 2 } }, { spec: { min: 3 } }).map(formatFieldError), [
    "spec: Invalid value: min may only grow",
  ]);
});

test("has() refuses only a .? in its own argument", () => {
  assert.equal(show(parseCel("has(self.a) && self.?a.orValue(0) == 1").expr).includes('_?._(self, "a")'), true);
  assert.throws(() => parseCel("has(self.?a) && self.a == 1"), /invalid argument to has\(\) macro/);
});

test("optional map literals: a later entry replaces an earlier one, an empty optional entry removes it", () => {
  const run = (expr: string): unknown => {
    const c = compileExpression(expr);
    assert.ok("program" in c, expr);
    const r = c.program({}, undefined);
    return "error" in r ? `error: ${r.error}` : r.value;
  };
  assert.equal(run("{'a': 1, ?'a': optional.none()}.size()"), 0n);
  assert.equal(run("{?'a': optional.of(1), 'a': 2}['a']"), 2n);
  // A null value is present to `.?` (cel-go), unlike has() on @bufbuild/cel's maps.
  const c = compileExpression("object.?a.hasValue()");
  assert.ok("program" in c);
  const r = c.program({ object: toCel({ a: null }) }, undefined);
  assert.deepEqual("value" in r ? r.value : r, true);
});

test("optionalOldSelf: selection through oldSelf is optional, and a server that drops the field (1.24) skips the rule on create", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: { x: { type: "integer" } },
        "x-kubernetes-validations": [{ rule: "oldSelf.x.orValue(0) <= self.x", message: "x may only grow", optionalOldSelf: true }],
      },
    },
  };
  const v = compileSchema(schema, { omitRuleFailureValue: true });
  assert.deepEqual(v.validate({ spec: { x: 1 } }), []);
  assert.deepEqual(v.validate({ spec: { x: 0 } }, { spec: { x: 1 } }).map(formatFieldError), ["spec: Invalid value: x may only grow"]);
  const v124 = compileSchema(
    {
      type: "object",
      properties: {
        spec: {
          type: "object",
          properties: { x: { type: "integer" } },
          "x-kubernetes-validations": [{ rule: "self.x >= oldSelf.x", optionalOldSelf: true }],
        },
      },
    },
    { optionalOldSelf: false },
  );
  assert.deepEqual(v124.validate({ spec: { x: 1 } }), []);
});
