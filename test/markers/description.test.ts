import assert from "node:assert/strict";
import { test } from "node:test";
import { describeDoc } from "../../src/markers/description.js";

test("JSDoc @deprecated becomes Go's 'Deprecated:' paragraph, which API docs recognise", () => {
  assert.equal(
    describeDoc(["WidgetSpec is the spec.", "@deprecated since v2, use OtherSpec."]),
    "WidgetSpec is the spec.\n\nDeprecated: since v2, use OtherSpec.",
  );
  assert.equal(describeDoc(["Old field.", "", "@deprecated"]), "Old field.\n\nDeprecated.");
  assert.equal(describeDoc(["email @deprecatedfoo stays"]), "email @deprecatedfoo stays");
});

test("{@link X} and {@link X | label} read as their text; fenced code is left alone", () => {
  assert.equal(
    describeDoc(["See {@link Foo | the foo type} and {@linkcode Bar}, or {@link Baz text}."]),
    "See the foo type and Bar, or text.",
  );
  assert.equal(describeDoc(["Example:", "```", "@deprecated {@link X}", "```"]), "Example:\n```\n@deprecated {@link X}\n```");
});
