import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatLabelSelector,
  fromLabelSelectorObject,
  matchesLabels,
  parseLabelSelector,
} from "../../testing/src/selectors/label-selector.js";
import { ApiError } from "../../testing/src/status-errors.js";

test("equality, set-based and existence requirements match like labels.Parse", () => {
  const labels = { tier: "front", idx: "1", app: "demo" };
  assert.equal(matchesLabels(parseLabelSelector("tier=front"), labels), true);
  assert.equal(matchesLabels(parseLabelSelector("tier==back"), labels), false);
  assert.equal(matchesLabels(parseLabelSelector("idx in (1,3),tier!=back"), labels), true);
  assert.equal(matchesLabels(parseLabelSelector("idx notin (1)"), labels), false);
  assert.equal(matchesLabels(parseLabelSelector("tier,!missing"), labels), true);
  assert.equal(matchesLabels(parseLabelSelector("!tier"), labels), false);
  assert.equal(matchesLabels(parseLabelSelector("idx>0"), labels), true);
  assert.equal(matchesLabels(parseLabelSelector("idx<1"), labels), false);
  assert.equal(matchesLabels(parseLabelSelector(""), labels), true);
  assert.equal(matchesLabels(parseLabelSelector("missing!=x"), labels), true);
});

test("malformed selectors are 400s worded as the server words them", () => {
  const message = (s: string): string => {
    try {
      parseLabelSelector(s);
    } catch (e) {
      assert.ok(e instanceof ApiError);
      assert.equal(e.code, 400);
      return e.message;
    }
    throw new Error(`no error for ${s}`);
  };
  assert.equal(message("tier in ("), "unable to parse requirement: found '', expected: ',', ')' or identifier");
  assert.match(message("tier in a"), /expected: '\('/);
  assert.match(message("a=b c"), /expected: ',' or 'end of string'/);
  assert.match(message("bad key!=x"), /unable to parse requirement/);
});

test("metav1.LabelSelector objects convert to requirements and back to text", () => {
  const sel = fromLabelSelectorObject({
    matchLabels: { app: "demo" },
    matchExpressions: [{ key: "tier", operator: "In", values: ["b", "a"] }],
  });
  assert.equal(formatLabelSelector(sel), "app=demo,tier in (a,b)");
  assert.equal(matchesLabels(sel, { app: "demo", tier: "a" }), true);
  assert.equal(matchesLabels(sel, { app: "demo", tier: "c" }), false);
});
