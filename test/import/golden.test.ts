// The import golden: each test/golden/import/<case>/input/ is imported and the files written must
// be exactly test/golden/import/<case>/expected/ (no file more, none missing). The expected files
// must also compile strictly. UPDATE_GOLDEN=1 rewrites expected/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { importCrds } from "../../src/import/index.js";
import { snapshot } from "../helpers/fs.js";
import { typeCheck } from "./helpers.js";

const root = join(import.meta.dirname, "../golden/import");
const update = process.env["UPDATE_GOLDEN"] === "1";

for (const c of readdirSync(root).sort()) {
  test(`import golden: ${c}`, async () => {
    const input = snapshot(join(root, c, "input"));
    const r = await importCrds([...input].map(([path, text]) => ({ path, text })));
    assert.deepEqual(
      r.diagnostics.map((d) => `${d.code} ${d.message}`),
      [],
    );
    const expectedDir = join(root, c, "expected");
    if (update) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const f of r.files) {
        mkdirSync(dirname(join(expectedDir, f.path)), { recursive: true });
        writeFileSync(join(expectedDir, f.path), f.content);
      }
    }
    assert.deepEqual(new Map(r.files.map((f) => [f.path, f.content])), snapshot(expectedDir));
    assert.deepEqual(typeCheck(r.files.map((f) => join(expectedDir, f.path))), []);
  });
}

test("the small golden imports both kinds of the shop group into v1 and the older v1beta1, each with its doc.ts", () => {
  const files = [...snapshot(join(root, "small", "expected")).keys()];
  assert.deepEqual(files, [
    "shop.example.com/v1/doc.ts",
    "shop.example.com/v1/gizmo_types.ts",
    "shop.example.com/v1/widget_types.ts",
    "shop.example.com/v1beta1/doc.ts",
    "shop.example.com/v1beta1/types.ts",
  ]);
  assert.match(readFileSync(join(root, "small/expected/shop.example.com/v1/doc.ts"), "utf8"), /\+groupName=shop\.example\.com/);
});
