// Go value rendering used in field error messages (fmt %v, %q and %#v as apimachinery prints them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { goFloat, goNumber, goQuote, goSharpV } from "../../apiextensions/src/validation/go-format.js";

test("floats print like Go's %v", () => {
  assert.equal(goFloat(1.5), "1.5");
  assert.equal(goFloat(0.0001), "0.0001");
  assert.equal(goFloat(0.00001), "1e-05");
  assert.equal(goFloat(1e20), "100000000000000000000");
  assert.equal(goFloat(1e21), "1e+21");
  assert.equal(goFloat(-2.5e-7), "-2.5e-07");
  assert.equal(goNumber(10), "10");
});

test("strings quote like strconv.Quote", () => {
  assert.equal(goQuote(`a"b\\c`), `"a\\"b\\\\c"`);
  assert.equal(goQuote("tab\there\nnul\u0000"), `"tab\\there\\nnul\\x00"`);
  assert.equal(goQuote("héllo ✓"), `"héllo ✓"`);
});

test("compound values print like %#v of decoded JSON", () => {
  assert.equal(goSharpV({ name: "a", port: 80 }), `map[string]interface {}{"name":"a", "port":80}`);
  assert.equal(goSharpV([1, "x", null, true]), `[]interface {}{1, "x", interface {}(nil), true}`);
  assert.equal(goSharpV({ b: { c: [] }, a: 1.5 }), `map[string]interface {}{"a":1.5, "b":map[string]interface {}{"c":[]interface {}{}}}`);
});

test("strings quote like strconv.Quote for runes Go does not print: NBSP, zero-width space, DEL, astral non-printables", () => {
  assert.equal(goQuote("a\u00a0b"), `"a\\u00a0b"`);
  assert.equal(goQuote("x\u200by\u2028"), `"x\\u200by\\u2028"`);
  assert.equal(goQuote("\u007f"), `"\\x7f"`);
  assert.equal(goQuote("\u{e0001}"), `"\\U000e0001"`);
  assert.equal(goQuote("emoji 😀 and CJK 漢"), `"emoji 😀 and CJK 漢"`);
  assert.equal(goQuote("lone \ud800"), `"lone \ufffd"`);
});
