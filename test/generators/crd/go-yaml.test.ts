// The CRD writer must reproduce go-yaml v2's output (what controller-gen writes) byte for byte:
// key order, scalar styles, folding past column 80, numbers, empty collections.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { goYaml, goYamlByCodePoints } from "../../../src/generators/crd/go-yaml.js";
import { compareCodePoints, compareGoYamlKeys } from "../../../src/generators/crd/go-yaml-keys.js";
import { resolvesAsNonString, scalarStyle } from "../../../src/generators/crd/go-yaml-scalar.js";
import { goFloat } from "../../../src/generators/crd/go-number.js";
import { parseAllDocuments } from "yaml";
import { nastyStrings } from "../../helpers/nasty-strings.js";

const nasty = nastyStrings;

test("CRD YAML round-trips any strings, in values, lists and keys, across documents", () => {
  for (const s of nasty) {
    const doc = { description: s, enum: [s], nested: { [s || "empty"]: s } };
    // Documents as the crd generator writes them: each after a `---` line.
    const text = `---\n${goYaml(doc)}---\n${goYaml({ second: true })}`;
    const docs = parseAllDocuments(text).map((d) => d.toJS() as unknown);
    assert.deepEqual(docs, [doc, { second: true }], JSON.stringify(s));
  }
});

test("map keys sort as go-yaml sorts them: natural numbers, non-letters before letters, upper before lower", () => {
  const keys = ["b", "a10", "a9", "x-kubernetes-map-type", "xValidation", "A", "a", "_z", "a09"];
  assert.deepEqual([...keys].sort(compareGoYamlKeys), ["_z", "A", "a", "a9", "a09", "a10", "b", "x-kubernetes-map-type", "xValidation"]);
});

test("strings that would read back as something else are double-quoted", () => {
  for (const s of [
    "true",
    "False",
    "yes",
    "on",
    "N",
    "null",
    "~",
    "",
    "1",
    "-2",
    "0x1F",
    "1.5",
    "1e3",
    ".5",
    "12:30",
    "2024-01-07",
    "0777",
  ]) {
    assert.ok(resolvesAsNonString(s), s);
    assert.equal(scalarStyle(Array.from(s), false), "double", s);
  }
  for (const s of ["TCP", "1a", "v1", "Unknown", "a-b", "08x"]) assert.equal(scalarStyle(Array.from(s), false), "plain", s);
});

test("indicators force single quotes; breaks with spaces or unprintables force double quotes; newlines go literal", () => {
  assert.equal(scalarStyle(Array.from("More info: https://x"), false), "single");
  assert.equal(scalarStyle(Array.from("#hash"), false), "single");
  assert.equal(scalarStyle(Array.from("- item"), false), "single");
  assert.equal(scalarStyle(Array.from("a #b"), false), "single");
  assert.equal(scalarStyle(Array.from("a#b"), false), "plain");
  assert.equal(scalarStyle(Array.from(" lead"), false), "single");
  assert.equal(scalarStyle(Array.from("tab\there"), false), "double");
  assert.equal(scalarStyle(Array.from("emoji 😀"), false), "double");
  assert.equal(scalarStyle(Array.from("one\ntwo"), false), "literal");
  assert.equal(scalarStyle(Array.from("para \n next"), false), "double");
});

test("documents: sorted keys, sequences not indented under their key, empty collections in flow style", () => {
  const doc = { spec: { versions: [{ name: "v1", subresources: { status: {} } }], names: { shortNames: [] } }, apiVersion: "v1" };
  assert.equal(
    goYaml(doc),
    "apiVersion: v1\nspec:\n  names:\n    shortNames: []\n  versions:\n  - name: v1\n    subresources:\n      status: {}\n",
  );
});

test("nested sequences and scalar items", () => {
  assert.equal(goYaml({ m: [[1, 2], [3]], e: ["TCP", "true"] }), 'e:\n- TCP\n- "true"\nm:\n- - 1\n  - 2\n- - 3\n');
});

test("long plain strings fold at the first space past column 80, continuing two spaces deeper", () => {
  const text = "Foo is an example field of TraefikService. Edit traefikservice_types.go to remove/update";
  const out = goYaml({ properties: { entrypoint: { description: text } } });
  assert.equal(
    out,
    "properties:\n  entrypoint:\n    description: Foo is an example field of TraefikService. Edit traefikservice_types.go\n      to remove/update\n",
  );
});

test("single-quoted strings fold too and double their quotes", () => {
  const out = goYaml({ d: "it's: " + "word ".repeat(20).trim() });
  assert.equal(out, "d: 'it''s: word word word word word word word word word word word word word word word\n  word word word word word'\n");
});

test("double-quoted strings escape and fold, protecting a following space", () => {
  assert.equal(goYaml({ d: 'say "hi"\tnow' }), 'd: "say \\"hi\\"\\tnow"\n');
  const long = `${"x".repeat(78)} \n  next`;
  assert.equal(goYaml({ d: long }), `d: "${"x".repeat(78)}\n  \\n  next"\n`);
});

test("literal block strings keep their lines and choose chomping", () => {
  assert.equal(goYaml({ d: "one\ntwo" }), "d: |-\n  one\n  two\n");
  assert.equal(goYaml({ list: ["a\nb"] }), "list:\n- |-\n  a\n  b\n");
});

test("numbers print as Go prints what came through JSON", () => {
  assert.equal(goFloat(10), "10");
  assert.equal(goFloat(-3), "-3");
  assert.equal(goFloat(0.5), "0.5");
  assert.equal(goFloat(1.5e-7), "1.5e-07");
  assert.equal(goFloat(1234567.5), "1.2345675e+06");
  assert.equal(goFloat(123456.5), "123456.5");
  assert.equal(goFloat(1e21), "1e+21");
  assert.equal(goFloat(0.0001), "0.0001");
  assert.equal(goFloat(0.00001), "1e-05");
  assert.equal(goYaml({ b: true, nothing: null, x: 2.25 }), "b: true\nnothing: null\nx: 2.25\n");
});

test("keys that read back as something else are quoted", () => {
  assert.equal(goYaml({ on: 1, "1": 2, plain: 3 }), '"1": 2\n"on": 1\nplain: 3\n');
});

test("the fast path for simple strings agrees with the full rules", () => {
  assert.equal(
    goYaml({ a: "word ", b: "two words", c: "true", d: "v1", e: "-x", f: ".hidden" }),
    "a: 'word '\nb: two words\nc: \"true\"\nd: v1\ne: -x\nf: .hidden\n",
  );
});

// The writer's ASCII fast paths (a word or a line at a time, keys compared by character code)
// against the same writer a code point at a time: every string and key, folded or literal, with
// runs of spaces, breaks, digits and the characters that change a style.
const pieces = [
  "a",
  "Z",
  "0",
  "9",
  "10",
  "007",
  " ",
  "  ",
  "\n",
  "\r\n",
  "-",
  ":",
  "#",
  "'",
  '"',
  "\\",
  "é",
  "☃",
  "٣",
  "𝒳",
  "\t",
  "x".repeat(40),
];
const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((p) => p.join(""));
test("the ASCII fast paths write exactly what the writer writes a code point at a time", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(text, text), { maxLength: 8 }), text, (entries, long) => {
      const value = { description: long, nested: Object.fromEntries(entries), list: entries.map(([, v]) => v) };
      assert.equal(goYaml(value), goYamlByCodePoints(value));
      for (const [k] of entries)
        for (const [j] of entries) assert.equal(Math.sign(compareGoYamlKeys(k, j)), Math.sign(compareCodePoints(k, j)), `${k} ${j}`);
    }),
    { numRuns: 400 },
  );
});
