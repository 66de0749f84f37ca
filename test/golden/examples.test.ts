// The bundled examples are the generators' goldens: the committed files under examples/ and
// generated-examples/ must be exactly what the pipeline produces now, on every run and whatever
// order the input files are visited in, and no stale generated file may linger. This is the one
// byte-for-byte comparison of the committed output (what `kube-codegen verify` checks, in
// process); regenerate on purpose with `npm run codegen`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { resolveOptions } from "../../src/config/index.js";
import { existingGenerated, planOutput } from "../../src/output/index.js";
import { runPipeline } from "../../src/pipeline.js";
import { exampleProjects } from "../helpers/examples.js";
import { tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");

async function runRepoConfig(cwd: string) {
  const { options } = resolveOptions({ config: join(repo, "kube-codegen.config.json") }, cwd);
  assert.ok(options);
  const r = await runPipeline(options);
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  return r;
}

/** The pipeline's run on the repository, shared by the tests that only read it. */
let first: ReturnType<typeof runRepoConfig> | undefined;
const repoRun = () => (first ??= runRepoConfig(repo));

test("committed generated files match the pipeline byte for byte", async () => {
  const { files } = await repoRun();
  assert.ok(files.length >= 4, "the examples produce files");
  for (const f of files) assert.equal(readFileSync(join(repo, f.path), "utf8"), f.content, `${f.path} differs: run npm run codegen`);
  const names = files.map((f) => f.path);
  assert.ok(names.includes("examples/apis/samplecontroller/v1alpha1/zz_generated.register.ts"));
  assert.ok(names.includes("examples/apis/gadgets/v1/zz_generated.register.ts"));
  assert.ok(names.includes("generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml"));
  assert.ok(names.includes("generated-examples/clientset/clientset.ts"));
  assert.ok(names.includes("generated-examples/clientset/samplecontroller/v1alpha1/foo.ts"));
});

test("the examples warn only of their two deliberate deprecated markers", async () => {
  // Their comments hold prose in other scripts (traefik's Chinese) and `+` lines of prose: none
  // may read as a misspelled marker.
  const { diagnostics } = await repoRun();
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    ["KCG1110", "KCG1110"],
  );
});

test("no stale generated file is committed: every generated file in the generated areas is still produced", async () => {
  const { files, owned } = await repoRun();
  const existing = existingGenerated(repo, owned);
  assert.ok(existing.paths.length >= files.length, "the scan finds the committed files");
  const plan = planOutput(repo, files, existing);
  assert.deepEqual(plan.remove, [], "stale generated files: run npm run codegen");
  assert.deepEqual(
    plan.write.map((f) => f.path),
    [],
  );
});

test("a second run gives the same bytes", async () => {
  const a = (await repoRun()).files;
  const b = (await runRepoConfig(repo)).files;
  assert.deepEqual(b, a);
});

test("output does not depend on the order files are created or listed in", async () => {
  // Copy the input twice, creating files in opposite orders (directory listing order follows
  // creation order on common file systems), and compare the outputs.
  const files = listFiles(join(repo, "examples/apis")).filter((f) => !f.includes("zz_generated"));
  const outputs = [];
  for (const order of [files, [...files].reverse()]) {
    const dir = tempDir();
    for (const f of order) {
      mkdirSync(join(dir, "examples/apis", f, ".."), { recursive: true });
      cpSync(join(repo, "examples/apis", f), join(dir, "examples/apis", f));
    }
    cpSync(join(repo, "hack"), join(dir, "hack"), { recursive: true });
    const { options } = resolveOptions({ config: join(repo, "kube-codegen.config.json") }, dir);
    assert.ok(options);
    const r = await runPipeline(options);
    assert.deepEqual(
      r.diagnostics.filter((d) => d.severity === "error"),
      [],
    );
    outputs.push(r.files);
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(outputs[1], outputs[0]);
});

test("each example project under generated-examples/ is its own golden, generated from its own directory", async () => {
  const projects = exampleProjects().filter((p) => p.name !== ".");
  for (const must of ["traefik-service", "helm-release"])
    assert.ok(
      projects.some((p) => p.name === must),
      must,
    );
  for (const p of projects) {
    const { options } = resolveOptions({ config: p.config }, p.dir);
    assert.ok(options, p.name);
    const r = await runPipeline(options);
    assert.deepEqual(r.diagnostics, [], p.name);
    for (const f of r.files)
      assert.equal(readFileSync(join(p.dir, f.path), "utf8"), f.content, `${p.name}/${f.path} differs: run npm run codegen`);
    const plan = planOutput(p.dir, r.files, existingGenerated(p.dir, r.owned));
    assert.deepEqual(plan.remove, [], `${p.name}: stale generated files`);
    const names = r.files.map((f) => f.path);
    assert.ok(names.includes("generated/clientset/clientset.ts"), p.name);
    assert.ok(
      names.some((n) => n.startsWith("config/crd/bases/")),
      p.name,
    );
  }
});

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, name)).isDirectory()) out.push(...listFiles(join(dir, name), rel));
    else out.push(rel);
  }
  return out;
}
