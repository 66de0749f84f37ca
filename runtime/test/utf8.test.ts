// Body decoding: the ASCII fast path gives exactly the UTF-8 string, and anything else is decoded as UTF-8.
import { test } from "node:test";
import assert from "node:assert/strict";
import { utf8Text } from "../src/core/utf8.js";

test("ASCII and non-ASCII bodies decode as UTF-8", () => {
  const ascii = Buffer.from(JSON.stringify({ a: "plain", n: [1, 2] }));
  assert.equal(utf8Text(ascii), ascii.toString("utf8"));
  for (const s of ["naïve", "名前", "emoji 🚀", "\u00ff\u0100", "\u2028"]) {
    const body = Buffer.from(JSON.stringify({ s }), "utf8");
    assert.equal(utf8Text(body), JSON.stringify({ s }), s);
    assert.notEqual(body.toString("latin1"), JSON.stringify({ s }), "latin1 would have been wrong here");
  }
});
