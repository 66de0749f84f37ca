// Values from the input reach generated TypeScript only through these functions: whatever a
// value holds, the generated code must mean exactly "this data", nothing more.
import { test } from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";
import fc from "fast-check";
import { CodeWriter, docComment, formatTypeScript, tsString, tsValue } from "../../src/emit/index.js";
import { nastyStrings } from "../helpers/nasty-strings.js";

const nasty = nastyStrings;

/** Transpiles TypeScript and evaluates it as a module body, returning its `value` export. */
function evaluate(code: string): unknown {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  // Evaluating the emitted literal as code is the point: it must mean the value it was built from.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function("module", "exports", js)(module, module.exports);
  return module.exports["value"];
}

test("tsString and tsValue round-trip any data through generated TypeScript", async () => {
  for (const s of nasty) {
    const w = new CodeWriter();
    w.line(docComment(`Doc with ${s}`).trimEnd());
    w.line(`export const value = ${tsValue({ s, list: [s], [s]: s })};`);
    const code = await formatTypeScript(w.toString());
    assert.deepEqual(evaluate(code), { s, list: [s], [s]: s }, JSON.stringify(s));
    assert.equal(evaluate(`export const value = ${tsString(s)};`), s);
  }
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const plain = JSON.parse(JSON.stringify(v)) as unknown;
      assert.deepEqual(evaluate(`export const value = ${tsValue(plain)};`), plain);
    }),
    { numRuns: 300, seed: 7 },
  );
});

test("doc comments cannot be closed early", () => {
  for (const s of nasty) {
    const code = `${docComment(s)}export const value = 1;`;
    assert.equal(evaluate(code), 1, JSON.stringify(s));
    const sf = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022);
    assert.equal(sf.statements.length, 1, `only the one statement: ${JSON.stringify(s)}`);
  }
});
