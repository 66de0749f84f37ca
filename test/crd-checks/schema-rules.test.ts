// Structural, list/map, default and pattern rules that the transcripts do not exercise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCrd, type CrdProblem } from "../../apiextensions/src/crd-checks/index.js";
import { crdWithRoot, crdWithSpec, SPEC, type Json } from "./crd-fixture.js";

function keys(ps: CrdProblem[]): string[] {
  return ps.map((p) => `${p.field} ${p.reason}`);
}

function specProblems(spec: Json): string[] {
  return keys(checkCrd(crdWithSpec(spec)));
}

test("uniqueItems: true is forbidden", () => {
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "array", items: { type: "string" }, uniqueItems: true } } }), [
    `${SPEC}.properties[a].uniqueItems FieldValueForbidden`,
  ]);
});

test("list-map keys need list-type map and must be scalar item properties", () => {
  const items = { type: "object", required: ["k", "o"], properties: { k: { type: "string" }, o: { type: "object" } } };
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "array", items, "x-kubernetes-list-map-keys": ["k"] } } }), [
    `${SPEC}.properties[a].x-kubernetes-list-type FieldValueRequired`,
  ]);
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "array", items, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["o", "zz", "k", "k"] } },
    }),
    [
      `${SPEC}.properties[a].items.properties[o].type FieldValueInvalid`,
      `${SPEC}.properties[a].x-kubernetes-list-map-keys FieldValueInvalid`,
      `${SPEC}.properties[a].x-kubernetes-list-map-keys FieldValueInvalid`,
    ],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "array", items: { type: "string" }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] } },
    }),
    [`${SPEC}.properties[a].items.type FieldValueInvalid`],
  );
});

test("item problems a parent list's type imposes name that list setting as imposedBy; others carry none", () => {
  const a = `${SPEC}.properties[a]`;
  const imposed = (spec: Json) => checkCrd(crdWithSpec(spec)).map((p) => [p.field, p.imposedBy]);
  const items = { type: "object", required: ["k", "o"], properties: { k: { type: "string" }, o: { type: "object" } } };
  assert.deepEqual(
    imposed({
      type: "object",
      properties: { a: { type: "array", items, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["o"] } },
    }),
    [[`${a}.items.properties[o].type`, `${a}.x-kubernetes-list-map-keys`]],
  );
  assert.deepEqual(
    imposed({
      type: "object",
      properties: { a: { type: "array", items: { type: "string" }, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] } },
    }),
    [[`${a}.items.type`, `${a}.x-kubernetes-list-type`]],
  );
  assert.deepEqual(
    imposed({ type: "object", properties: { a: { type: "array", "x-kubernetes-list-type": "set", items: { type: "object" } } } }),
    [[`${a}.items.x-kubernetes-map-type`, `${a}.x-kubernetes-list-type`]],
  );
  assert.deepEqual(imposed({ type: "object", properties: { a: { type: "array", items: { type: "string" }, uniqueItems: true } } }), [
    [`${a}.uniqueItems`, undefined],
  ]);
});

test("list-map keys may not be nullable and set items may not be nullable", () => {
  const items = { type: "object", required: ["k"], properties: { k: { type: "string", nullable: true } } };
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "array", items, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["k"] } },
    }),
    [`${SPEC}.properties[a].items.properties[k].nullable FieldValueForbidden`],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "array", items: { type: "string", nullable: true }, "x-kubernetes-list-type": "set" } },
    }),
    [`${SPEC}.properties[a].items.nullable FieldValueForbidden`],
  );
});

test("set items: granular lists and maps are rejected, atomic ones and scalars accepted", () => {
  const inner = (t: Json): Json => ({ type: "object", properties: { a: { type: "array", "x-kubernetes-list-type": "set", items: t } } });
  assert.deepEqual(specProblems(inner({ type: "array", items: { type: "string" }, "x-kubernetes-list-type": "set" })), [
    `${SPEC}.properties[a].items.x-kubernetes-list-type FieldValueInvalid`,
  ]);
  assert.deepEqual(specProblems(inner({ type: "array", items: { type: "string" } })), []);
  assert.deepEqual(specProblems(inner({ type: "object", properties: { k: { type: "string" } }, "x-kubernetes-map-type": "atomic" })), []);
  assert.deepEqual(specProblems(inner({ type: "integer" })), []);
});

test("map-type values and invalid types", () => {
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "object", "x-kubernetes-map-type": "loose" } } }), [
    `${SPEC}.properties[a].x-kubernetes-map-type FieldValueNotSupported`,
  ]);
  const p = checkCrd(crdWithSpec({ type: "object", properties: { a: { type: "text" } } }));
  assert.deepEqual(keys(p), [`${SPEC}.properties[a].type FieldValueNotSupported`]);
  assert.equal(p[0]!.message, 'Unsupported value: "text": supported values: "array", "boolean", "integer", "number", "object", "string"');
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "null" } } }), [
    `${SPEC}.properties[a].type FieldValueNotSupported`,
    `${SPEC}.properties[a].type FieldValueForbidden`,
  ]);
});

test("root rules: nullable, additionalProperties, top-level metadata defaults", () => {
  assert.deepEqual(keys(checkCrd(crdWithRoot({ type: "object", nullable: true }))), [
    "spec.validation.openAPIV3Schema.nullable FieldValueForbidden",
  ]);
  assert.deepEqual(keys(checkCrd(crdWithRoot({ type: "object", additionalProperties: { type: "string" } }))), [
    "spec.validation.openAPIV3Schema.additionalProperties FieldValueForbidden",
  ]);
  const p = checkCrd(crdWithRoot({ type: "object", properties: { metadata: { type: "object", default: { name: "x" } } } }));
  assert.deepEqual(keys(p), ["spec.validation.openAPIV3Schema.properties[metadata].default FieldValueForbidden"]);
  assert.equal(p[0]!.message, "Forbidden: must not be set in top-level metadata");
  assert.deepEqual(keys(checkCrd(crdWithRoot({ properties: { spec: { type: "object" } } }))), [
    "spec.validation.openAPIV3Schema.type FieldValueRequired",
  ]);
});

test("apiVersion and kind at the root must be strings; metadata in a junctor is forbidden", () => {
  assert.deepEqual(keys(checkCrd(crdWithRoot({ type: "object", properties: { kind: { type: "integer" } } }))), [
    "spec.validation.openAPIV3Schema.properties[kind].type FieldValueInvalid",
  ]);
  assert.deepEqual(
    specProblems({ type: "object", properties: { metadata: { type: "object" } }, anyOf: [{ properties: { metadata: {} } }] }),
    [`${SPEC}.anyOf[0].properties[metadata] FieldValueForbidden`],
  );
});

test("int-or-string cannot also preserve unknown fields or be an embedded resource", () => {
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { "x-kubernetes-int-or-string": true, "x-kubernetes-preserve-unknown-fields": true } },
    }),
    [`${SPEC}.properties[a].x-kubernetes-preserve-unknown-fields FieldValueInvalid`],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true } },
    }),
    [],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: {
        a: { allOf: [{ anyOf: [{ type: "integer" }, { type: "string" }] }, { maxLength: 3 }], "x-kubernetes-int-or-string": true },
      },
    }),
    [],
  );
});

test("embedded resources: object with properties or preserve-unknown-fields, nothing inside metadata", () => {
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true } },
    }),
    [],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: {
        a: { type: "object", "x-kubernetes-embedded-resource": true, properties: { kind: { type: "boolean" }, spec: { type: "object" } } },
      },
    }),
    [`${SPEC}.properties[a].properties[kind].type FieldValueInvalid`],
  );
  assert.deepEqual(
    keys(
      checkCrd(
        crdWithRoot({
          type: "object",
          properties: {
            metadata: { type: "object" },
            spec: {
              type: "object",
              properties: {
                x: {
                  type: "object",
                  "x-kubernetes-embedded-resource": true,
                  properties: {
                    metadata: {
                      type: "object",
                      properties: {
                        y: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true },
                      },
                    },
                  },
                },
              },
            },
          },
        }),
      ),
    ),
    [`${SPEC}.properties[x].properties[metadata].properties[y].x-kubernetes-embedded-resource FieldValueForbidden`],
  );
});

test("structural completeness: junctors at the root may only constrain specified fields", () => {
  const p = checkCrd(
    crdWithRoot({ type: "object", properties: { spec: { type: "object" } }, anyOf: [{ properties: { status: { required: ["x"] } } }] }),
  );
  assert.deepEqual(keys(p), ["spec.validation.openAPIV3Schema.properties[status] FieldValueRequired"]);
  assert.equal(p[0]!.message, "Required value: because it is defined in spec.validation.openAPIV3Schema.anyOf[0].properties[status]");
});

test("$schema alone is reported as a conversion failure of the schema", () => {
  const p = checkCrd(crdWithRoot({ type: "object", $schema: "http://json-schema.org/draft-04/schema#" }));
  assert.deepEqual(keys(p), ["spec.validation.openAPIV3Schema FieldValueInvalid"]);
  assert.equal(p[0]!.message, `Invalid value: "": OpenAPIV3Schema '$schema' is not supported`);
});

test("patterns must be RE2: lookahead and backreferences are rejected though JavaScript accepts them", () => {
  for (const [pattern, detail] of [
    ["^(?=a)", "error parsing regexp: invalid or unsupported Perl syntax: `(?=`"],
    ["(a)\\1", "error parsing regexp: invalid escape sequence: `\\1`"],
  ] as const) {
    new RegExp(pattern); // JavaScript accepts it
    const p = checkCrd(crdWithSpec({ type: "object", properties: { a: { type: "string", pattern } } }));
    assert.deepEqual(keys(p), [`${SPEC}.properties[a].pattern FieldValueInvalid`]);
    assert.equal(p[0]!.message, `Invalid value: ${JSON.stringify(pattern)}: must be a valid regular expression, but isn't: ${detail}`);
  }
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "string", pattern: "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$" } } }), []);
  assert.deepEqual(
    specProblems({ type: "object", properties: { a: { type: "string" } }, allOf: [{ properties: { a: { pattern: "(" } } }] }),
    [`${SPEC}.allOf[0].properties[a].pattern FieldValueInvalid`],
  );
});

test("defaults: enum, length, nested paths, required, additionalProperties not followed", () => {
  let p = checkCrd(crdWithSpec({ type: "object", properties: { a: { type: "string", enum: ["x", "y"], default: "z" } } }));
  assert.deepEqual(keys(p), [`${SPEC}.properties[a].default FieldValueNotSupported`]);
  assert.equal(p[0]!.message, 'Unsupported value: "z": supported values: "x", "y"');
  p = checkCrd(crdWithSpec({ type: "object", properties: { a: { type: "string", maxLength: 2, default: "abc" } } }));
  assert.deepEqual(
    p.map((x) => x.message),
    ["Too long: may not be longer than 2"],
  );
  p = checkCrd(
    crdWithSpec({
      type: "object",
      properties: {
        a: { type: "object", required: ["c"], properties: { b: { type: "integer" }, c: { type: "string" } }, default: { b: "x" } },
      },
    }),
  );
  // Same validator, and so the same order of causes, as custom resources get (apiextensions/src/validation).
  assert.deepEqual(keys(p), [
    `${SPEC}.properties[a].default.b FieldValueTypeInvalid`,
    `${SPEC}.properties[a].default.c FieldValueRequired`,
  ]);
  assert.equal(p[0]!.message, 'Invalid value: "string": b in body must be of type integer: "string"');
  assert.deepEqual(
    specProblems({ type: "object", properties: { a: { type: "object", additionalProperties: { type: "integer", default: 1 } } } }),
    [],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "array", items: { type: "object", properties: { k: { type: "string" } } }, default: [{ k: "a", z: 1 }] } },
    }),
    [`${SPEC}.properties[a].default FieldValueInvalid`],
  );
  assert.deepEqual(
    specProblems({
      type: "object",
      properties: { a: { type: "object", "x-kubernetes-preserve-unknown-fields": true, default: { z: 1 } } },
    }),
    [],
  );
  assert.deepEqual(
    specProblems({ type: "object", properties: { a: { type: "string", format: "date-time", default: "2024-01-02T03:04:05Z" } } }),
    [],
  );
});

test("defaults are not checked while the schema is not structural", () => {
  assert.deepEqual(specProblems({ type: "object", properties: { a: { type: "integer", default: "x" }, b: {} } }), [
    `${SPEC}.properties[b].type FieldValueRequired`,
  ]);
});

test("status subresource restricts the root schema", () => {
  const crd = crdWithRoot({ type: "object", properties: { spec: { type: "object" } }, anyOf: [{ required: ["spec"] }] }, (c) => {
    (c.spec.versions as Json[])[0]!.subresources = { status: {} };
  });
  assert.deepEqual(keys(checkCrd(crd)), ["spec.validation.openAPIV3Schema FieldValueInvalid"]);
});
