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
import { prettierOutput } from "../helpers/prettier.js";

const repo = resolve(import.meta.dirname, "../..");
/** The example projects: each generated-examples/<name>/ with its own kube-codegen.config.json. */
const projects = exampleProjects().filter((p) => p.name !== ".");

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
  assert.ok(names.includes("examples/apis/gadgets/v1/zz_generated.register.ts"));
  assert.ok(names.includes("generated-examples/config/crd/bases/kitchensink.example.com_widgets.yaml"));
  assert.ok(names.includes("generated-examples/clientset/clientset.ts"));
  assert.ok(!names.some((n) => n.includes("samplecontroller")), "the sample-controller is a project of its own");
});

// Prettier stays the judge of layout: files are formatted by shape (src/emit/format-shape.ts), and
// every TypeScript file a run produces must be what prettier itself makes of it.
async function assertPrettierStable(files: readonly { path: string; content: string }[], where: string) {
  const ts = files.filter((f) => f.path.endsWith(".ts"));
  assert.ok(ts.length >= 10, `only ${ts.length} TypeScript files in ${where}`);
  for (const f of ts) assert.equal(await prettierOutput(f.content), f.content, `${where}/${f.path} is not prettier-stable`);
}

test("every TypeScript file generated for the repository's examples is prettier-stable", async () => {
  await assertPrettierStable((await repoRun()).files, ".");
});

test("the example projects are there: sample-controller, traefik-service and helm-release", () => {
  const names = projects.map((p) => p.name);
  for (const must of ["sample-controller", "traefik-service", "helm-release"]) assert.ok(names.includes(must), names.join(", "));
});

for (const { name, dir, config } of projects) {
  test(`example project ${name}: its committed generated files match the pipeline byte for byte, none stale`, async () => {
    // As hack/update-codegen.sh runs it: from the project's directory, with its own config file.
    const { options } = resolveOptions({ config }, dir);
    assert.ok(options);
    const r = await runPipeline(options);
    assert.deepEqual(r.diagnostics, [], "an example project generates without a warning");
    assert.ok(r.files.length >= 4, "the project produces files");
    for (const f of r.files)
      assert.equal(readFileSync(join(dir, f.path), "utf8"), f.content, `${name}/${f.path} differs: run npm run codegen`);
    await assertPrettierStable(r.files, name);
    const plan = planOutput(dir, r.files, existingGenerated(dir, r.owned));
    assert.deepEqual(plan.remove, [], "stale generated files: run npm run codegen");
    assert.deepEqual(
      plan.write.map((f) => f.path),
      [],
    );
    assert.ok(
      r.files.some((f) => f.path.startsWith("config/crd/bases/")),
      "the project's CRDs are generated",
    );
    assert.ok(
      r.files.some((f) => f.path === "generated/clientset/clientset.ts"),
      "the project's clientset is generated",
    );
  });
}

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

function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(dir, name)).isDirectory()) out.push(...listFiles(join(dir, name), rel));
    else out.push(rel);
  }
  return out;
}
