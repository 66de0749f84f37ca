import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withDiagnosticCodes, withMarkerReference, withOptionTable } from "../../scripts/update-readme.js";
import { diagnosticCodes } from "../../src/diagnostics/index.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";

const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

test("the README's marker reference is generated from the declarations (run scripts/update-readme.ts)", () => {
  assert.equal(readme, withMarkerReference(readme));
  for (const def of kubernetesMarkers.all()) assert.ok(readme.includes(`+${def.name}`), `README lacks +${def.name}`);
});

test("the README's diagnostic codes are generated from the code table (run scripts/update-readme.ts)", () => {
  assert.equal(readme, withDiagnosticCodes(readme));
  for (const c of diagnosticCodes) assert.ok(readme.includes(`| ${c.code} | ${c.severity} |`), `README lacks ${c.code}`);
});

test("the README's option table is generated from src/config's table (run scripts/update-readme.ts)", () => {
  assert.equal(readme, withOptionTable(readme));
  assert.match(readme, /^\| `--crd-output` \| `crdOutput` \| `config\/crd\/bases` \| /m);
});

test("the README gives the two-command quick start", () => {
  assert.match(readme, /npm ci && npm run codegen/);
  assert.match(readme, /npm test/);
});
