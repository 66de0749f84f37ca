// Properties of the validator over arbitrary JSON: it never throws, pruning and defaulting are idempotent,
// and every cause it reports has the server's shape.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { compileSchema } from "../../apiextensions/src/validation/index.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";

const crd = (
  JSON.parse(readFileSync(`${TRANSCRIPTS}/crd_lifecycle.json`, "utf8")) as {
    request: { body: { spec: { versions: { schema: { openAPIV3Schema: JSONSchemaProps } }[] } } };
  }[]
)[0]?.request.body;
const validator = compileSchema(crd?.spec.versions[0]?.schema.openAPIV3Schema as JSONSchemaProps);
const REASONS = new Set([
  "FieldValueRequired",
  "FieldValueInvalid",
  "FieldValueNotSupported",
  "FieldValueDuplicate",
  "FieldValueTypeInvalid",
  "FieldValueForbidden",
  "FieldValueTooLong",
  "FieldValueTooMany",
]);

// Widget-shaped values with arbitrary JSON mixed in at every level.
const anyJson = fc.jsonValue({ maxDepth: 3 });
const spec = fc.record(
  {
    size: fc.oneof(fc.constantFrom("small", "medium", "large", "huge"), anyJson),
    replicas: fc.oneof(fc.integer({ min: -5, max: 15 }), anyJson),
    name: fc.oneof(fc.string(), anyJson),
    tags: fc.oneof(fc.array(fc.constantFrom("a", "b", "c")), anyJson),
    ports: fc.oneof(fc.array(fc.record({ name: fc.constantFrom("a", "b") }, { requiredKeys: [] })), anyJson),
    quantity: anyJson,
    when: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      anyJson,
    ),
    values: anyJson,
    junk: anyJson,
  },
  { requiredKeys: [] },
);

test("validate never throws, reports well-formed causes, and prune/defaults are idempotent", () => {
  fc.assert(
    fc.property(spec, anyJson, (s, old) => {
      // JSON round trip: decoded request bodies are plain objects (fast-check may build null-prototype ones).
      const obj = JSON.parse(
        JSON.stringify({ apiVersion: "conformance.example.com/v1", kind: "Widget", metadata: { name: "w" }, spec: s }),
      ) as Record<string, unknown>;
      validator.prune(obj);
      validator.applyDefaults(obj);
      const once = structuredClone(obj);
      assert.deepEqual(validator.prune(obj), []);
      validator.applyDefaults(obj);
      assert.deepEqual(obj, once);
      for (const e of validator.validate(obj, { spec: old })) {
        assert.ok(REASONS.has(e.reason), e.reason);
        assert.ok(e.field.length > 0 && e.message.length > 0);
      }
    }),
    { numRuns: 300, seed: 42 },
  );
});
