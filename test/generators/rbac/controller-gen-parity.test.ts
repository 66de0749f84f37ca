// RBAC and webhook manifests compared byte for byte with controller-gen v0.23.0's for the same
// markers (test/fixtures/controller-gen/rbac-*/ and webhook-*/, see PROVENANCE.md): each fixture
// holds the Go package controller-gen read (<file>.go.txt, go.mod.txt), its output unedited, and
// controller/*.ts, the TypeScript controller source carrying the same marker lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { documentOf } from "../crd/helpers.js";
import { generateFromControllers } from "./helpers.js";

const fixtures = join(import.meta.dirname, "../../fixtures/controller-gen");

/** Generates from a fixture's controller/ directory and compares `file` with controller-gen's. */
async function assertParity(fixture: string, generator: "rbac" | "webhook", file: string): Promise<void> {
  const root = join(fixtures, fixture);
  const r = await generateFromControllers(join(root, "controller"), generator);
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.code} ${d.message}`),
    [],
  );
  const outDir = generator === "rbac" ? "out/rbac" : "out/webhook";
  assert.deepEqual(
    r.files.map((f) => f.path),
    [`${outDir}/${file}`],
  );
  assert.equal(documentOf(r.files[0]!.content), readFileSync(join(root, file), "utf8"));
}

for (const c of ["merge", "namespaced", "urls", "hostile"]) {
  test(`rbac-${c}: role.yaml is controller-gen v0.23's, byte for byte`, async () => {
    await assertParity(`rbac-${c}`, "rbac", "role.yaml");
  });
}

for (const c of ["webhook-basic", "webhook-config", "webhook-patch", "webhook-patch-edges"]) {
  test(`${c}: manifests.yaml is controller-gen v0.23's, byte for byte`, async () => {
    await assertParity(c, "webhook", "manifests.yaml");
  });
}
