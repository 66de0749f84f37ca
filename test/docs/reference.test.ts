// The reference pages' generated sections (docs/reference/) are what scripts/update-docs.ts writes
// from the tables they document, and the script writes a page only when its bytes change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { generatedPages, updateDocs, withDiagnosticCodes, withMarkerReference, withOptionTable } from "../../scripts/update-docs.js";
import { diagnosticCodes } from "../../src/diagnostics/index.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";
import { tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(repo, path), "utf8");

test("docs/reference/markers.md is generated from the declarations (run scripts/update-docs.ts)", () => {
  const page = read("docs/reference/markers.md");
  assert.equal(page, withMarkerReference(page));
  for (const def of kubernetesMarkers.all()) assert.ok(page.includes(`+${def.name}`), `markers.md lacks +${def.name}`);
});

test("docs/reference/diagnostics.md is generated from the code table (run scripts/update-docs.ts)", () => {
  const page = read("docs/reference/diagnostics.md");
  assert.equal(page, withDiagnosticCodes(page));
  for (const c of diagnosticCodes) assert.ok(page.includes(`| ${c.code} | ${c.severity} |`), `diagnostics.md lacks ${c.code}`);
});

test("docs/reference/config.md's option table is generated from src/config's table (run scripts/update-docs.ts)", () => {
  const page = read("docs/reference/config.md");
  assert.equal(page, withOptionTable(page));
  assert.match(page, /^\| `--crd-output` \| `crdOutput` \| `config\/crd\/bases` \| /m);
});

test("update-docs writes only the pages whose bytes change", () => {
  const root = tempDir("kcg-update-docs-");
  const old = new Date(2000, 0, 1);
  for (const { path } of generatedPages) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    cpSync(join(repo, path), join(root, path));
    utimesSync(join(root, path), old, old);
  }
  // Current pages: nothing written, no mtime moved.
  assert.deepEqual(updateDocs(root), []);
  for (const { path } of generatedPages) assert.equal(statSync(join(root, path)).mtimeMs, old.getTime(), path);

  // A stale table: only that page is rewritten, back to the committed text.
  const stale = join(root, "docs/reference/diagnostics.md");
  writeFileSync(stale, read("docs/reference/diagnostics.md").replace(/^\| KCG1001 \|.*$/m, "| KCG1001 | error | stale | `x` |"));
  utimesSync(stale, old, old);
  assert.deepEqual(updateDocs(root), ["docs/reference/diagnostics.md"]);
  assert.equal(readFileSync(stale, "utf8"), read("docs/reference/diagnostics.md"));
  for (const { path } of generatedPages.filter((p) => p.path !== "docs/reference/diagnostics.md"))
    assert.equal(statSync(join(root, path)).mtimeMs, old.getTime(), path);
});

test("the README gives the two-command quick start", () => {
  const readme = read("README.md");
  assert.match(readme, /^## Quick start$/m);
  assert.match(readme, /```sh\nnpm ci && npm run codegen(\s+#[^\n]*)?\nnpm test(\s+#[^\n]*)?\n```/);
});
