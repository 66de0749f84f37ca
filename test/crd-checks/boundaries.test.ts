// The CRD checks are the API server's validation, called by the generator stages but never calling
// them; apiextensions/src/types holds shared types only, so every stage can use it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const src = join(import.meta.dirname, "../../apiextensions/src");

/** The apiextensions/src/ folders each file under `dir` imports from (relative imports only), with the importing file. */
function importedFolders(dir: string): { file: string; folder: string }[] {
  const out: { file: string; folder: string }[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...importedFolders(p));
    else if (name.endsWith(".ts")) {
      for (const m of readFileSync(p, "utf8").matchAll(/\bfrom "(\.[^"]+)"/g)) {
        out.push({ file: relative(src, p), folder: relative(src, resolve(dir, m[1]!)).split("/")[0]! });
      }
    }
  }
  return out;
}

test("apiextensions/src/crd-checks imports only itself, apiextensions/src/types and apiextensions/src/validation", () => {
  const allowed = new Set(["crd-checks", "types", "validation"]);
  const found = importedFolders(join(src, "crd-checks")).filter((i) => !allowed.has(i.folder));
  assert.deepEqual(found, []);
  assert.ok(
    importedFolders(join(src, "crd-checks")).some((i) => i.folder === "types"),
    "the scan sees imports",
  );
});

test("apiextensions/src/types imports nothing outside itself", () => {
  assert.deepEqual(
    importedFolders(join(src, "types")).filter((i) => i.folder !== "types"),
    [],
  );
});
