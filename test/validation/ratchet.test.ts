// Validation ratcheting in compileSchema (1.37 wording, ratcheting on), in the cases the recording
// (test/testing/ratcheting-1.37.test.ts) does not reach, each as the Go sources decide it
// (apiextensions-apiserver ratcheting.go, apiserver cel/common/equality.go, kube-openapi validate).
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileSchema } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

const OPTIONS = { wording: "1.37" } as const;
const objectOf = (properties: Record<string, JSONSchemaProps>, extra: JSONSchemaProps = {}): JSONSchemaProps => ({
  type: "object",
  properties,
  ...extra,
});
const validate = (spec: JSONSchemaProps, obj: unknown, old?: unknown, warnings?: string[]) =>
  compileSchema(objectOf({ spec }), OPTIONS)
    .validate({ spec: obj }, old === undefined ? undefined : { spec: old }, warnings ? { warnings } : {})
    .map((e) => `${e.field}: ${e.message}`);

test("an unchanged value keeps its errors to itself; a changed one reports them", () => {
  const spec = objectOf({ a: { type: "integer", maximum: 5 }, b: { type: "integer", maximum: 5 } });
  assert.deepEqual(validate(spec, { a: 10, b: 1 }, { a: 10, b: 2 }), []);
  assert.deepEqual(validate(spec, { a: 11, b: 1 }, { a: 10, b: 2 }), [
    "spec.a: Invalid value: 11: spec.a in body should be less than or equal to 5",
  ]);
  assert.deepEqual(validate(spec, { a: 10, b: 1 }), ["spec.a: Invalid value: 10: spec.a in body should be less than or equal to 5"]);
});

test("the branches of anyOf do not ratchet: an unchanged value failing them fails when its parent changed", () => {
  const spec = objectOf({ a: { type: "integer" }, b: { type: "integer" } }, { anyOf: [{ properties: { a: { maximum: 5 } } }] });
  const errors = validate(spec, { a: 10, b: 1 }, { a: 10, b: 2 });
  assert.ok(
    errors.some((e) => e.includes("must validate at least one schema (anyOf)")),
    JSON.stringify(errors),
  );
});

test("an allOf branch that names a field does not stop that field from ratcheting", () => {
  const x = objectOf({ z: { type: "string" } }, { required: ["z"] });
  const spec = objectOf({ x, n: { type: "integer" } }, { allOf: [{ properties: { x: { type: "object" } } }] });
  assert.deepEqual(validate(spec, { x: {}, n: 1 }, { x: {}, n: 2 }), []);
});

test("one object at two places is compared with each place's old value", () => {
  const shared = { v: 10 };
  const item = objectOf({ v: { type: "integer", maximum: 5 } });
  const spec = objectOf({ a: item, b: item });
  assert.deepEqual(validate(spec, { a: shared, b: shared }, { a: { v: 10 }, b: { v: 9 } }), [
    "spec.b.v: Invalid value: 10: spec.b.v in body should be less than or equal to 5",
  ]);
});

test("a list-map item without its key correlates with nothing", () => {
  const spec = objectOf({
    ports: {
      type: "array",
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": ["name"],
      items: objectOf({ name: { type: "string" }, port: { type: "integer", maximum: 100 } }),
    },
    n: { type: "integer" },
  });
  assert.deepEqual(validate(spec, { ports: [{ port: 500 }], n: 1 }, { ports: [{ port: 500 }], n: 2 }), [
    "spec.ports[0].port: Invalid value: 500: spec.ports[0].port in body should be less than or equal to 100",
  ]);
  assert.deepEqual(validate(spec, { ports: [{ name: "a", port: 500 }], n: 1 }, { ports: [{ name: "a", port: 500 }], n: 2 }), []);
});

test("a failed rule on an unchanged value is a warning, on a changed one an error that prints the value", () => {
  const spec = objectOf({
    name: { type: "string", "x-kubernetes-validations": [{ rule: "self.startsWith('x')", message: "starts with x" }] },
    n: { type: "integer" },
  });
  const warnings: string[] = [];
  assert.deepEqual(validate(spec, { name: "abc", n: 1 }, { name: "abc", n: 2 }, warnings), []);
  assert.deepEqual(warnings, ['spec.name: Invalid value: "abc": starts with x']);
  assert.deepEqual(validate(spec, { name: "abd", n: 1 }, { name: "abc", n: 2 }), ['spec.name: Invalid value: "abd": starts with x']);
});

test("a rule on the root's kind never ratchets", () => {
  const root: JSONSchemaProps = objectOf({
    kind: { type: "string", "x-kubernetes-validations": [{ rule: "self == 'Good'", message: "bad kind" }] },
  });
  const v = compileSchema(root, OPTIONS);
  assert.deepEqual(
    v.validate({ kind: "Bad", x: 1 }, { kind: "Bad", x: 2 }).map((e) => `${e.field}: ${e.message}`),
    ['kind: Invalid value: "Bad": bad kind'],
  );
});

test("range checks: a bound that does not fit int64, a float32 bound that rounds into range", () => {
  const spec = objectOf({
    // A JSON maximum of 9223372036854775807 decodes to this float64, whose decimal text ParseInt refuses.
    n: { type: "integer", format: "int64", maximum: 2 ** 63 },
    f: { type: "number", format: "float", maximum: 3.4028235e38 },
  });
  assert.deepEqual(validate(spec, { n: 1, f: 1.5 }), [
    '<nil>: Invalid value: "": Maximum boundary value must be of type integer with format int64 in spec.n',
  ]);
});

test("object enum values are listed as encoding/json writes them", () => {
  const spec = objectOf({ o: { type: "object", enum: [{ b: 1, a: "<" }] } });
  // The JSON text, then quoted with %q: its own backslashes doubled.
  assert.deepEqual(validate(spec, { o: { a: "x" } }), [
    'spec.o: Unsupported value: {"a":"x"}: supported values: "{\\"a\\":\\"\\\\u003c\\",\\"b\\":1}"',
  ]);
});
