import { test } from "node:test";
import assert from "node:assert/strict";
import { limitDescriptions, schemaDescription, truncateDescription } from "../../src/schema/index.js";

test("v0.13's layout: doc lines join with spaces; a blank line becomes a \\n word", () => {
  assert.equal(schemaDescription("Foo is a thing.\nIt has parts.", "v0.13"), "Foo is a thing. It has parts.");
  assert.equal(schemaDescription("First paragraph.\n\nSecond one.", "v0.13"), "First paragraph. \n Second one.");
  assert.equal(schemaDescription("  indented  \nline", "v0.13"), "indented line");
  assert.equal(schemaDescription("", "v0.13"), "");
  // What v0.13's reader dropped and today's keeps: an indented TODO, a trailing blank line left by ---.
  assert.equal(schemaDescription("a\n  TODO: later\nb", "v0.13"), "a b");
  assert.equal(schemaDescription("a\n", "v0.13"), "a");
});

test("today's layout (the default): the doc comment as read, line breaks and indentation kept", () => {
  assert.equal(schemaDescription("Foo is a thing.\nIt has parts."), "Foo is a thing.\nIt has parts.");
  assert.equal(schemaDescription("First paragraph.\n\n  - indented\nlast"), "First paragraph.\n\n  - indented\nlast");
});

test("truncation stops at the last sentence end within the limit", () => {
  assert.equal(truncateDescription("One sentence. Two sentences here.", 20), "One sentence.");
  assert.equal(truncateDescription("short", 20), "short");
});

test("without a sentence end, truncation stops at the last space and adds ...", () => {
  assert.equal(truncateDescription("alpha beta gamma delta", 12), "alpha beta...");
  assert.equal(truncateDescription("abcdefghij", 4), "abcd...");
});

test("the limit counts UTF-8 bytes and never splits a character", () => {
  // Each CJK character is 3 bytes; "是否被激活" is 15 bytes.
  assert.equal(truncateDescription("是否被激活", 7), "是否...");
  assert.equal(truncateDescription("是否。被激活", 10), "是否。");
});

test("limitDescriptions walks properties, items and additionalProperties; 0 drops every description", () => {
  const schema = {
    description: "Root. More.",
    properties: {
      a: { description: "A thing. More.", items: { description: "Item. More." } },
      m: { additionalProperties: { description: "Value. More." } },
    },
  };
  const zero = structuredClone(schema);
  limitDescriptions(zero, 0);
  assert.deepEqual(zero, { properties: { a: { items: {} }, m: { additionalProperties: {} } } });
  limitDescriptions(schema, 8);
  assert.equal(schema.description, "Root.");
  assert.equal(schema.properties.a.description, "A thing.");
  assert.equal(schema.properties.a.items.description, "Item.");
  assert.equal(schema.properties.m.additionalProperties.description, "Value.");
});
