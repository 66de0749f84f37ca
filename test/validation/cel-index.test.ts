// CEL indexing (self.l[0], self.o.list[i], self.m['k']) evaluates in validation, and its errors read
// as the real 1.24 server's (test/fixtures/cel-cost-1.24/index-errors.json, see PROVENANCE.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { compileSchema, formatFieldError } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

interface Cause {
  field: string;
  message: string;
}
const fx = JSON.parse(readFileSync(new URL("../fixtures/cel-cost-1.24/index-errors.json", import.meta.url), "utf8")) as {
  crd: { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } };
  results: { spec: unknown; status: number; causes?: Cause[] }[];
};

test("rules that index lists and maps are compiled, not listed as unchecked", () => {
  const v = compileSchema(fx.crd.spec.versions[0]!.schema.openAPIV3Schema);
  assert.deepEqual(v.uncheckedRules, []);
});

test("indexing past the end, a negative index and a missing map key are reported as the real server reports them", () => {
  const v = compileSchema(fx.crd.spec.versions[0]!.schema.openAPIV3Schema);
  assert.ok(fx.results.length >= 9);
  for (const r of fx.results) {
    const ours = v.validate({ spec: r.spec }).map(formatFieldError);
    const real = (r.causes ?? []).map((c) => `${c.field}: ${c.message}`);
    assert.deepEqual(ours, real, JSON.stringify(r.spec));
  }
  // The cases named: an index past the end, and a computed index.
  const messages = fx.results.flatMap((r) => (r.causes ?? []).map((c) => c.message));
  assert.ok(messages.includes(`Invalid value: "object": index out of bounds: 2 evaluating rule: !has(self.l) || self.l[2] != 'z'`));
  assert.ok(
    messages.includes(`Invalid value: "object": index out of bounds: 5 evaluating rule: !has(self.o) || self.o.list[self.o.i] > 0`),
  );
});

test("self[0] on a list node evaluates", () => {
  const schema: JSONSchemaProps = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        properties: { l: { type: "array", items: { type: "integer" }, "x-kubernetes-validations": [{ rule: "self[0] == 1" }] } },
      },
    },
  };
  const v = compileSchema(schema);
  assert.deepEqual(v.uncheckedRules, []);
  assert.deepEqual(v.validate({ spec: { l: [1, 2] } }).map(formatFieldError), []);
  assert.deepEqual(v.validate({ spec: { l: [2] } }).map(formatFieldError), [`spec.l: Invalid value: "array": failed rule: self[0] == 1`]);
});
