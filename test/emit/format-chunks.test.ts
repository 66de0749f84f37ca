// Formatting by statement (src/emit/format-chunks.ts): a file splits into its top-level statements
// only where the split is certain, and formatting the statements one by one gives prettier's own
// output for the whole file.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { prettierOutput } from "../helpers/prettier.js";
import { formatTypeScript } from "../../src/emit/index.js";
import { statementChunks } from "../../src/emit/format-chunks.js";

test("a file splits at the blank lines between its top-level statements", () => {
  const text =
    'import * as runtime from "@kube-codegen/runtime";\n\n\n' +
    "// Widget's deep copy.\nexport function deepCopyWidget(i: Widget): Widget {\n  return { ...i };\n}\n\n" +
    '/** The registration. */\nexport const registration = { kind: "Widget" };\n  \n' +
    "export type WidgetList = runtime.List<Widget>;\n";
  assert.deepEqual(statementChunks(text), [
    'import * as runtime from "@kube-codegen/runtime";\n',
    "// Widget's deep copy.\nexport function deepCopyWidget(i: Widget): Widget {\n  return { ...i };\n}\n",
    '/** The registration. */\nexport const registration = { kind: "Widget" };\n',
    "export type WidgetList = runtime.List<Widget>;\n",
  ]);
});

test("no split where the blank line is not certainly between two statements", () => {
  const whole = (text: string) => assert.deepEqual(statementChunks(text), [text], JSON.stringify(text));
  // Inside a body, an object or an argument list.
  whole("export function f() {\n  const a = 1;\n\n  const b = 2;\n}\n");
  whole("export const o = {\n  a: 1,\n\n  b: 2,\n};\n");
  // The statement before does not end: a binary expression continued after the blank line.
  whole("export const a = 1 +\n\nconst\n");
  whole("export const a = b\n\nexport const c = 1;\n");
  // The line after is indented or starts with something other than a declaration.
  whole("export const a = 1;\n\n  export const b = 2;\n");
  whole("export const a = 1;\n\nfoo();\n");
  // Text the scanner does not model: template literals, regular expressions, unterminated text.
  whole("export const a = `x\n\nexport const b = 1;`;\n\nexport const c = 2;\n");
  whole("export const a = /x/;\n\nexport const b = 1;\n");
  whole('export const a = "x;\n\nexport const b = 1;\n');
  whole("/* open\n\nexport const b = 1;\n");
  whole("export const a = f(;\n\nexport const b = 1;\n");
  whole("export const a = 1;\n");
  // Brackets and quotes inside strings and comments do not count.
  assert.equal(statementChunks('export const a = "{";\n\n// (\nexport const b = 1;\n').length, 2);
  assert.equal(statementChunks("/* { */ export const a = 1;\n\nexport const b = 1;\n").length, 2);
});

const files = [
  'import { a } from "./a.js";\nimport { b } from "./b.js";\n\nexport const c = a + b;\n\n\n\nexport function d() { return c }\n',
  "// A comment block\n// over two lines.\n\n// Another.\nexport interface Widget { spec: WidgetSpec; status?: WidgetStatus }\n\nexport interface WidgetSpec { size: number }\n",
  'export const registration = { group: "widgets.example.com", version: "v1", kind: "Widget", plural: "widgets", namespaced: true };\n\nexport type X = 1;\n',
  "export class Foo {\n  a = 1;\n\n  b() { return 2 }\n}\n\ndeclare const x: number;\n\nenum E { A, B }\n",
  "/**\n * Doc.\n */\nexport type Y = { a: 1 };\n\n/** Another doc. */\n\nexport type Z = Y;\n",
];

for (const code of files) {
  test(`formatting by statement gives prettier's own output: ${JSON.stringify(code.slice(0, 40))}`, async () => {
    assert.ok(statementChunks(code).length > 1, "the case splits");
    assert.equal(await formatTypeScript(code), await prettierOutput(code));
  });
}

test("a statement prettier cannot parse alone sends the whole file to prettier, which reports it", async () => {
  await assert.rejects(formatTypeScript("export const a = 1;\n\nexport const b = ;\n"));
});

// Statements drawn at random, separated by one or more blank lines and comments: formatting them
// one by one equals formatting the file.
const statement = fc.constantFrom(
  "export const a = { x: 1, y: [1, 2, 3] };",
  'import * as runtime from "@kube-codegen/runtime";',
  "export function deepCopyWidgetSpecification(input: WidgetSpecification): WidgetSpecification { return { ...input, labels: input.labels === undefined ? undefined : { ...input.labels } }; }",
  "// a line comment",
  "/** A doc comment. */\nexport type T = string | number;",
  "export interface I {\n\n  a: string;\n\n  b?: number }",
  "type U = { 'quoted-key': 1, plain: 2 };",
  "const longCall = someFunction(argumentNumberOne, argumentNumberTwo, argumentNumberThree, four);",
);
test("for any sequence of statements, formatting by statement equals prettier's output", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(statement, fc.constantFrom("\n", "\n\n", "\n\n\n", " \n\t\n")), { minLength: 1, maxLength: 8 }),
      async (parts) => {
        const code = parts.map(([s, sep]) => s + sep).join("");
        assert.equal(await formatTypeScript(code), await prettierOutput(code));
      },
    ),
    { numRuns: 80 },
  );
});
