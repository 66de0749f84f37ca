// schemaLocation turns a cause's field path into the schema node it concerns.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkCrd, schemaLocation } from "../../apiextensions/src/crd-checks/index.js";
import { crdWithSpec } from "./crd-fixture.js";

test("shared and per-version schema paths", () => {
  assert.deepEqual(schemaLocation("spec.validation.openAPIV3Schema.properties[spec].properties[ports].items.properties[name].type"), {
    versionIndex: undefined,
    properties: ["spec", "ports", "[]", "name"],
    rest: "type",
  });
  assert.deepEqual(schemaLocation("spec.versions[2].schema.openAPIV3Schema.properties[spec].additionalProperties.anyOf[1].pattern"), {
    versionIndex: 2,
    properties: ["spec", "{}"],
    rest: "pattern",
  });
  assert.deepEqual(schemaLocation("spec.validation.openAPIV3Schema"), { versionIndex: undefined, properties: [], rest: "" });
  assert.equal(schemaLocation("spec.names.plural"), undefined);
  assert.equal(schemaLocation("spec.versions[0].name"), undefined);
});

test("locations of real problems", () => {
  const [p] = checkCrd(
    crdWithSpec({ type: "object", properties: { "a.b": { type: "object", properties: { c: { type: "string", pattern: "(" } } } } }),
  );
  assert.deepEqual(schemaLocation(p!.field), { versionIndex: undefined, properties: ["spec", "a.b", "c"], rest: "pattern" });
});
