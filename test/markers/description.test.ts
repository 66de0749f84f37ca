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

test("Go's doc reading as controller-gen v0.14+ does: TODO and --- only at a line's start, blank lines they leave stay", () => {
  // go/ast drops leading, trailing and doubled blank lines and trailing space before the rules run.
  assert.equal(describeDoc(["", "a  ", "", "", "  b", ""]), "a\n\n  b");
  assert.equal(describeDoc(["a", "TODO: gone", "  TODO: kept", "b"]), "a\n  TODO: kept\nb");
  assert.equal(describeDoc(["text then", "", "TODO dropped"]), "text then\n");
  assert.equal(describeDoc(["TODO first", "", "then text."]), "\nthen text.");
  assert.equal(describeDoc(["a", "", "---", "gone"]), "a\n");
  assert.equal(describeDoc(["a", " --- kept", "b"]), "a\n --- kept\nb");
  assert.equal(describeDoc(["```", "TODO: kept", "--- kept", "```", "--- end", "gone"]), "```\nTODO: kept\n--- kept\n```");
});
