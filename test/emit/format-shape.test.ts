// Formatting by shape (src/emit/format-shape.ts): files that differ only in their names are
// formatted once, and each still gets exactly prettier's own output.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { prettierOutput } from "../helpers/prettier.js";
import { formatTypeScript } from "../../src/emit/index.js";
import { restoreShape, shapeOf } from "../../src/emit/format-shape.js";

test("a shape relabels names, strings and comments, and keeps keywords, numbers and what prettier reads by name", () => {
  const s = shapeOf('// Widget 2\nexport const fooBar = { "a-1": 10, "9x": it("t", 0x1F) };\n');
  assert.ok(s);
  assert.equal(s.key, '// Xxxxxx 0\nexport const xxxXxx = { "x-0": 10, "9x": it("x", 0x1F) };\n');
  assert.deepEqual(
    s.words.map((w) => w.text),
    ["fooBar", "a-1", "t"],
  );
  assert.deepEqual(s.comments, ["// Widget 2"]);
});

test("two files that differ only in their names have one shape", () => {
  const a = shapeOf("export function newFooLister(i: Indexer<Foo>): FooLister { return lister(i, 'foos'); }\n");
  const b = shapeOf("export function newBarLister(i: Indexer<Bar>): BarLister { return lister(i, 'bars'); }\n");
  assert.ok(a && b);
  assert.equal(a.key, b.key);
});

test("text the scanner does not model has no shape: a regular expression or a template literal", () => {
  assert.equal(shapeOf("const r = /a+/.test(x);\n"), undefined);
  assert.equal(shapeOf("const t = `a${b}`;\n"), undefined);
  assert.equal(shapeOf('const s = "unterminated\n'), undefined);
});

// Layouts that depend on the tokens: long lines broken, quoted keys unquoted, the quote chosen,
// a block comment re-indented, a test call kept on one line, a factory call's member chain.
const cases = [
  'export const registration = { group: "widgets.example.com", version: "v1", kind: "Widget", plural: "widgets", namespaced: true };',
  'export const keys = { "apiVersion": 1, "kind": "x", "spec-field": 2 };',
  'export const plain = { "apiVersion": 1, "kind": 2 };',
  "export const q = 'it is';",
  "export function f() {\n      /**\n         * Deep copy of Widget.\n    */\n  return 1 }",
  'it("reconciles a widget", async () => { await reconcileWidget(client, "default", "my-widget-name-that-is-long"); });',
  "const informer = Factory.create(options).forResource(widgetsResource).withIndexers(indexers).build();",
  'export type WidgetLister = runtime.NamespacedKindLister<Widget, "widgets">; // trailing comment here',
  'import { aVeryLongImportedName, anotherVeryLongImportedName, yetAnotherVeryLongImportedName } from "../../x.js";',
];

for (const code of cases) {
  test(`formatting by shape gives prettier's own output: ${code.slice(0, 50)}`, async () => {
    const expected = await prettierOutput(code);
    assert.equal(await formatTypeScript(code), expected);
    // By the shape itself, not by the fallback to prettier on the text.
    const shape = shapeOf(code);
    assert.ok(shape);
    assert.equal(restoreShape(await prettierOutput(shape.key), shape), expected);
  });
}

test("the names' lengths decide the layout, and each length gets its own", async () => {
  const call = (name: string) => `export const v = ${name}(alpha, beta, gamma, delta, epsilon, zeta, eta, theta);\n`;
  const short = call("f");
  const long = call("aFunctionNameLongEnoughToPushTheCallPastOneHundredColumns");
  assert.notEqual(shapeOf(short)?.key, shapeOf(long)?.key);
  assert.equal(await formatTypeScript(short), await prettierOutput(short));
  assert.equal(await formatTypeScript(long), await prettierOutput(long));
  assert.ok((await formatTypeScript(long)).split("\n").length > 2, "the long call is broken over lines");
});

test("restoring refuses a formatted text whose tokens do not line up with the shape's", () => {
  const s = shapeOf("const foo = bar;\n");
  assert.ok(s);
  assert.equal(restoreShape("const xxx = xxx;\n", s), "const foo = bar;\n");
  assert.equal(restoreShape("const xxx = xxxx;\n", s), undefined, "a token of another length");
  assert.equal(restoreShape("const xxx = xxx + xxx;\n", s), undefined, "a token more");
  assert.equal(restoreShape("const xxx;\n", s), undefined, "a token fewer");
});

// Names drawn at random into generated-looking code: the answer by shape is prettier's, whatever the
// names, and the shape is shared by every draw of the same lengths.
const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,30}$/).filter((s) => shapeOf(s)?.words.length === 1);
test("for any names, formatting by shape equals prettier's output", async () => {
  await fc.assert(
    fc.asyncProperty(identifier, identifier, fc.stringMatching(/^[a-z][a-z0-9.-]{0,40}$/), async (kind, field, group) => {
      const code =
        `/** ${kind} is a kind of ${group}. */\nexport function deepCopy${kind}(i: ${kind}): ${kind} { const o = { ...i, "${group}": i.${field} ?? "${field}" };` +
        ` if (i.${field} !== undefined) o.${field} = runtime.deepCopyJSON(i.${field}); return o; }\n` +
        `export const ${kind}Registration = { group: "${group}", kind: "${kind}", list: [${kind}, "${field}"] };\n`;
      const expected = await prettierOutput(code);
      assert.equal(await formatTypeScript(code), expected);
      const shape = shapeOf(code);
      assert.ok(shape);
      assert.equal(restoreShape(await prettierOutput(shape.key), shape), expected);
    }),
    { numRuns: 60 },
  );
});
