// The digests units are keyed by (src/incremental/model-fingerprint.ts): a package's digest must
// change whenever its model data can, which with the input digests means whenever its own files or
// the index of every package's names change, and not when only another package's text does. Each
// case edits the examples' common and gadgets packages (gadgets imports common) and compares.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintModel, packageInputDigests } from "../../src/incremental/index.js";
import { loadInputCached } from "../../src/load/index.js";
import { buildModel } from "../../src/model/index.js";
import { kubernetesMarkers } from "../../src/vocab/index.js";
import { exampleGroupDir } from "../helpers/examples.js";
import { tempDir } from "../helpers/fs.js";

function project(): string {
  const dir = tempDir();
  for (const group of ["common", "gadgets"]) cpSync(exampleGroupDir(group), join(dir, "apis", group), { recursive: true });
  return dir;
}

/** Each package's fingerprint with the input digests, by package folder, and the model's data digest without them. */
async function digests(dir: string): Promise<{ withInputs: Map<string, string>; fromData: Map<string, string> }> {
  const { input } = await loadInputCached("apis", dir, undefined);
  const { model } = buildModel(input, kubernetesMarkers);
  const inputs = packageInputDigests(input, model);
  const byDir = (fp: ReturnType<typeof fingerprintModel>) =>
    new Map(model.packages.map((p) => [p.dir, fp.digests.get(`${p.id.group}\u0000${p.id.version}`) ?? ""]));
  return { withInputs: byDir(fingerprintModel(model, inputs)), fromData: byDir(fingerprintModel(model)) };
}

function edit(dir: string, rel: string, change: (text: string) => string): void {
  const p = join(dir, "apis", rel);
  const text = readFileSync(p, "utf8");
  const changed = change(text);
  assert.notEqual(changed, text, `${rel} changed`);
  writeFileSync(p, changed);
}

/** The packages whose digest differs between two runs. */
const changed = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((k) => a.get(k) !== b.get(k)).sort();

test("a comment changed in gadgets/v1 changes gadgets' digest only", async () => {
  const dir = project();
  const before = await digests(dir);
  edit(dir, "gadgets/v1/types.ts", (t) => t.replace("// GadgetSpec inlines", "// GadgetSpec, changed here, inlines"));
  const after = await digests(dir);
  assert.deepEqual(changed(before.withInputs, after.withInputs), ["gadgets/v1"]);
  assert.deepEqual(changed(before.fromData, after.fromData), ["gadgets/v1"], "as the model data says");
});

test("a type added to common/v1 changes every package's digest: the index names resolve against changed", async () => {
  const dir = project();
  const before = await digests(dir);
  edit(dir, "common/v1/types.ts", (t) => `${t}\n// Extra is new.\nexport interface Extra {\n  a?: string;\n}\n`);
  const after = await digests(dir);
  assert.deepEqual(changed(before.withInputs, after.withInputs), ["common/v1", "gadgets/v1"]);
});

test("common/v1's group renamed in its doc.ts changes gadgets' digest, whose references name that group", async () => {
  const dir = project();
  const before = await digests(dir);
  edit(dir, "common/v1/doc.ts", (t) => t.replace("+groupName=common.example.com", "+groupName=shared.example.com"));
  const after = await digests(dir);
  assert.ok(changed(before.fromData, after.fromData).includes("gadgets/v1"), "gadgets' model data changed");
  assert.deepEqual(changed(before.withInputs, after.withInputs), ["common/v1", "gadgets/v1"]);
});

test("a comment changed in common/v1's doc.ts changes common's digest only: gadgets reads its names and group, not its text", async () => {
  const dir = project();
  const before = await digests(dir);
  edit(dir, "common/v1/doc.ts", (t) => t.replace("// Package v1 holds", "// Package v1 (edited) holds"));
  const after = await digests(dir);
  assert.deepEqual(changed(before.withInputs, after.withInputs), ["common/v1"]);
});
