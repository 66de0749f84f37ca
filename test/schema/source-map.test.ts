import { test } from "node:test";
import assert from "node:assert/strict";
import { joinPath, parentPath, SourceMap } from "../../src/schema/index.js";

const at = (line: number) => ({ file: "types.ts", line, col: 1 });

test("paths join and split the way the API server prints them", () => {
  assert.equal(joinPath("", "properties[spec]"), "properties[spec]");
  assert.equal(joinPath("schema.openAPIV3Schema", "properties[a.b]"), "schema.openAPIV3Schema.properties[a.b]");
  assert.equal(joinPath("x", "[3]"), "x[3]");
  assert.equal(parentPath("a.properties[x.y].items"), "a.properties[x.y]");
  assert.equal(parentPath("a.properties[x.y]"), "a.properties");
  assert.equal(parentPath("a.rules[0]"), "a.rules");
  assert.equal(parentPath("a"), "");
  assert.equal(parentPath(""), undefined);
});

test("lookups return the nearest recorded enclosing path", () => {
  const m = new SourceMap();
  m.set("", at(1));
  m.set("spec.versions[0]", at(2));
  m.set("spec.versions[0].schema.openAPIV3Schema.properties[spec].minimum", at(3));
  assert.deepEqual(m.lookup("spec.versions[0].schema.openAPIV3Schema.properties[spec].minimum"), at(3));
  assert.deepEqual(m.lookup("spec.versions[0].schema.openAPIV3Schema.properties[spec].type"), at(2));
  assert.deepEqual(m.lookup("metadata.name"), at(1));
  const inner = new SourceMap();
  inner.set("schema.openAPIV3Schema.properties[spec]", at(4));
  const outer = new SourceMap();
  outer.addAll("spec.versions[1]", inner);
  assert.deepEqual(outer.lookup("spec.versions[1].schema.openAPIV3Schema.properties[spec].minimum"), at(4));
  assert.equal(outer.lookup("spec.versions[0].schema"), undefined);
});
