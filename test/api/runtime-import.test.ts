// --runtime-import is how a project re-exports the runtime from a module of its own: every
// generated file must then import the runtime from that specifier and never name
// @kube-codegen/runtime itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { copyExampleApis } from "../helpers/examples.js";
import { tempDir } from "../helpers/fs.js";

/** The module specifiers a file imports from. */
function importsOf(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return sf.statements.filter(ts.isImportDeclaration).map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
}

test("generate --runtime-import makes every generated file import the runtime from that module", async () => {
  const dir = tempDir();
  copyExampleApis(join(dir, "apis"));
  const out = Console.memory();
  const code = await main(["generate", "--input", "apis", "--crd-output", "crds", "--runtime-import", "#app/k8s-runtime"], out, dir);
  assert.equal(code, 0, out.stderr.join("\n"));
  const generated = (readdirSync(join(dir, "apis"), { recursive: true }) as string[])
    .filter((f) => /(^|[\\/])zz_generated\.[^\\/]+\.ts$/.test(f))
    .sort();
  assert.ok(
    generated.some((f) => f.endsWith("zz_generated.deepcopy.ts")) && generated.some((f) => f.endsWith("zz_generated.register.ts")),
    generated.join(", "),
  );
  for (const f of generated) {
    const text = readFileSync(join(dir, "apis", f), "utf8");
    const specifiers = importsOf(f, text);
    // Every register file uses runtime.Scheme; a deep copy file, when it copies a runtime type.
    if (f.endsWith("zz_generated.register.ts") || text.includes("runtime."))
      assert.ok(specifiers.includes("#app/k8s-runtime"), `${f} imports ${specifiers.join(", ")}`);
    assert.ok(!text.includes("@kube-codegen/runtime"), `${f} still names @kube-codegen/runtime`);
  }
  // The hand-written sources are left as they are.
  assert.ok(importsOf("types.ts", readFileSync(join(dir, "apis/helm/v1/types.ts"), "utf8")).includes("@kube-codegen/runtime"));
});
