import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withMarkerReference, withOptionTable } from "../../scripts/update-readme.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";

const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

test("the README's marker reference is generated from the declarations (run scripts/update-readme.ts)", () => {
  assert.equal(readme, withMarkerReference(readme));
  for (const def of kubernetesMarkers.all()) assert.ok(readme.includes(`+${def.name}`), `README lacks +${def.name}`);
});

test("the README's option table is generated from src/config's table (run scripts/update-readme.ts)", () => {
  assert.equal(readme, withOptionTable(readme));
  assert.match(readme, /^\| `--crd-output` \| `crdOutput` \| `config\/crd\/bases` \| /m);
});

test("the README gives the two-command quick start", () => {
  assert.match(readme, /npm ci && npm run codegen/);
  assert.match(readme, /npm test/);
});
