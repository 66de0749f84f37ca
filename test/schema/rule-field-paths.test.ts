// XValidation fieldPath resolution, as the API server's ValidFieldPath walks it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveFieldPath } from "../../src/schema/rule-field-paths.js";
import type { JSONSchemaProps } from "../../apiextensions/src/types/index.js";

const node: JSONSchemaProps = {
  type: "object",
  properties: {
    replicas: { type: "integer" },
    "dashed-key": { type: "string" },
    template: { type: "object", properties: { name: { type: "string" } } },
    labels: { type: "object", additionalProperties: { type: "object", properties: { v: { type: "string" } } } },
    ports: { type: "array", items: { type: "object", properties: { port: { type: "integer" } } } },
  },
};

test("fieldPath steps through properties with .name and ['name'], and through map keys", () => {
  for (const p of [
    ".replicas",
    ".template.name",
    "['dashed-key']",
    ".template['name']",
    ".labels.anyKey",
    ".labels['a.b'].v",
    ".labels['it\\'s'].v",
  ]) {
    assert.equal(resolveFieldPath(node, p), undefined, p);
  }
});

test("fieldPath that names no field, indexes a list or is malformed is refused with the server's reason", () => {
  assert.equal(resolveFieldPath(node, ".nope"), "does not refer to a valid field");
  assert.equal(resolveFieldPath(node, ".replicas.x"), "does not refer to a valid field");
  assert.equal(resolveFieldPath(node, ".ports[0]"), "expected single quoted string but got 0");
  assert.equal(resolveFieldPath(node, "replicas"), "expected [ or . but got: replicas");
  assert.equal(resolveFieldPath(node, ".template."), "unexpected end of JSON path");
  assert.equal(resolveFieldPath(node, "['dashed-key'"), "unexpected end of JSON path");
  // A quoted step may hold the delimiters; an escape the server does not know is refused.
  assert.equal(resolveFieldPath(node, "['template.name']"), "does not refer to a valid field");
  assert.equal(resolveFieldPath(node, ".labels['a\\q']"), "invalid string literal: invalid escape char \\q");
  // A property named like Object.prototype's members is no field unless declared.
  assert.equal(resolveFieldPath(node, ".constructor"), "does not refer to a valid field");
});
