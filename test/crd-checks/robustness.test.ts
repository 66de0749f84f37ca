// Arbitrary schemas and rules never make the checks throw, and the answer never depends on
// anything but the input.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { checkCrd, crdInvalidStatus } from "../../apiextensions/src/crd-checks/index.js";
import { crdWithRoot } from "./crd-fixture.js";

const leaf = fc.record(
  {
    type: fc.constantFrom("object", "array", "string", "integer", "number", "boolean", "null", "bogus"),
    default: fc.jsonValue({ maxDepth: 2 }),
    pattern: fc.constantFrom("^a+$", "(", "(?=x)", "[a-z]"),
    maxItems: fc.integer({ min: 0, max: 5 }),
    maxLength: fc.integer({ min: 0, max: 5 }),
    nullable: fc.boolean(),
    enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    "x-kubernetes-int-or-string": fc.boolean(),
    "x-kubernetes-preserve-unknown-fields": fc.boolean(),
    "x-kubernetes-embedded-resource": fc.boolean(),
    "x-kubernetes-list-type": fc.constantFrom("atomic", "set", "map", "bag"),
    "x-kubernetes-list-map-keys": fc.array(fc.constantFrom("a", "b", "metadata"), { maxLength: 2 }),
    "x-kubernetes-map-type": fc.constantFrom("atomic", "granular", "x"),
    "x-kubernetes-validations": fc.array(
      fc.record({
        rule: fc.constantFrom(
          "self.a == 1",
          "self.all(x, x == x)",
          "self ==",
          "has(self.b)",
          "self.size() > 0",
          "oldSelf == self",
          "1 + 1",
        ),
        message: fc.constantFrom("", "m"),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
);

const schema = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom("a", "b", "metadata", "kind", "x-y"), tie("node"), { maxKeys: 3 }),
      },
      { requiredKeys: ["properties"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("node") }, { requiredKeys: ["items"] }),
    fc.record({ anyOf: fc.array(tie("node"), { maxLength: 2 }), allOf: fc.array(tie("node"), { maxLength: 2 }) }, { requiredKeys: [] }),
    fc.record(
      {
        additionalProperties: fc.oneof(fc.boolean(), tie("node")),
        properties: fc.dictionary(fc.constantFrom("a", "b"), tie("node"), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    ),
  ),
})).node;

test("arbitrary schemas never throw and give the same answer twice", () => {
  fc.assert(
    fc.property(schema, (root) => {
      const crd = crdWithRoot(root);
      const copy = JSON.parse(JSON.stringify(crd)) as unknown;
      const first = checkCrd(crd);
      assert.deepEqual(checkCrd(copy), first);
      for (const p of first) {
        assert.equal(typeof p.field, "string");
        assert.match(p.reason, /^(FieldValue[A-Za-z]+|InternalError)$/);
        assert.ok(p.message.length > 0);
      }
      if (first.length > 0) assert.equal(crdInvalidStatus("foos.example.com", first).details.causes.length, first.length);
    }),
    { numRuns: 300, seed: 42 },
  );
});

test("arbitrary JSON in place of a CRD never throws", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
      checkCrd(v);
      checkCrd({ apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", metadata: v, spec: v });
    }),
    { numRuns: 200, seed: 7 },
  );
});
