// Generated code lands in the consumer's project and must pass its strict lint, so it never says
// `any` (typescript-eslint's no-explicit-any). The committed examples are the generators' goldens
// (test/golden/examples.test.ts keeps them fresh), so scanning them covers every generator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";

const apis = resolve(import.meta.dirname, "../../examples/apis");

/** Each `any` written in the source, as "line:column". */
function explicitAnys(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.AnyKeyword) {
      const { line, character } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      out.push(`${line + 1}:${character + 1}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

test("the scan finds an any wherever a type can be written", () => {
  assert.deepEqual(explicitAnys("x.ts", "export const kinds: readonly R<any, unknown>[] = [];\nconst x = y as any;\n"), ["1:32", "2:16"]);
  assert.deepEqual(explicitAnys("x.ts", "// any\nconst any_ = 'any';\n"), []);
});

test("no generated example file contains an explicit any", () => {
  const files = (readdirSync(apis, { recursive: true }) as string[]).filter((f) => /(^|[\\/])zz_generated\.[^\\/]+\.ts$/.test(f)).sort();
  assert.ok(
    files.some((f) => f.endsWith("zz_generated.register.ts")) && files.some((f) => f.endsWith("zz_generated.deepcopy.ts")),
    files.join(", "),
  );
  const found = files.flatMap((f) => explicitAnys(f, readFileSync(join(apis, f), "utf8")).map((at) => `${f}:${at}`));
  assert.deepEqual(found, []);
});
