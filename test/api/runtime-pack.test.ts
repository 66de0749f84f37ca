// @kube-codegen/runtime stands alone: its npm tarball installs offline into an empty project
// without bringing any of the generator's libraries, and the generated example packages compile
// against that installed copy (strict, NodeNext, no tsconfig paths) and run under plain node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { copyExampleApis } from "../helpers/examples.js";
import { tempDir } from "../helpers/fs.js";
import { compileInstalledProject } from "../helpers/installed-project.js";
import { STAMP, staleReason } from "../../scripts/build-stamp.js";
import { startLockfileRegistry } from "../helpers/lockfile-registry.js";

const repo = resolve(import.meta.dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The runtime's declared dependencies: the only packages that may come with it. */
function runtimeDependencies(): Record<string, string> {
  return (
    (JSON.parse(readFileSync(join(repo, "runtime/package.json"), "utf8")) as { dependencies?: Record<string, string> }).dependencies ?? {}
  );
}

/** As run, without blocking this process (whose registry the command talks to). */
function runAsync(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, shell: process.platform === "win32" });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(" ")} failed (${String(code)}):\n${output}`));
    });
  });
}

/**
 * True when pkg/dist holds exactly the output of pkg/src's .ts files (each one's .js and .d.ts, and
 * the build's source-hash stamp, nothing else) and the stamp is the hash of the sources as they are
 * now: the build `tsc -p tsconfig.build.json` would make now. A changed, added or deleted source
 * makes it false; a touched one does not.
 */
function builtFromCurrentSources(pkg: string): boolean {
  const src = join(pkg, "src");
  const dist = join(pkg, "dist");
  if (!existsSync(dist) || staleReason(pkg) !== undefined) return false;
  const list = (dir: string) =>
    (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).map((f) => f.split(sep).join("/"));
  const sources = list(src).filter((f) => f.endsWith(".ts"));
  const want = [...sources.flatMap((f) => [f.replace(/\.ts$/, ".js"), f.replace(/\.ts$/, ".d.ts")]), STAMP].sort();
  return sources.length > 0 && JSON.stringify(list(dist).sort()) === JSON.stringify(want);
}

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", shell: process.platform === "win32" });
  assert.equal(r.status, 0, `${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

// The consumer's code: the caller's view of Scheme.deepCopy must stay typed (no any leaks out).
const consumer = `import { Scheme } from "@kube-codegen/runtime";
import * as helm from "./apis/helm/v1/zz_generated.register.js";
import * as sample from "./apis/samplecontroller/v1alpha1/zz_generated.register.js";
import type { HelmRelease } from "./apis/helm/v1/types.js";
import type { FooList } from "./apis/samplecontroller/v1alpha1/types.js";

export const scheme = sample.addToScheme(helm.addToScheme(new Scheme()));
export const release: HelmRelease = {
  apiVersion: "helm.example.com/v1",
  kind: "HelmRelease",
  metadata: { name: "r", labels: { app: "a" } },
  spec: { chart: { name: "c", repository: "https://charts.example.com" }, values: { nested: { list: [1, { deep: true }] } } },
};
export const releaseCopy: HelmRelease = scheme.deepCopy(release);
// @ts-expect-error deepCopy returns its argument's type, not any
export const notANumber: number = scheme.deepCopy(release);
export const list: FooList = { apiVersion: "samplecontroller.k8s.io/v1alpha1", kind: "FooList", metadata: {}, items: [{ spec: { deploymentName: "d", replicas: 1 }, status: { availableReplicas: 0 } }] };
export const listCopy: FooList = scheme.deepCopy(list);
`;

// Plain JavaScript run by plain node (no tsx, so no tsconfig paths): checks the copies.
const check = `import assert from "node:assert/strict";
import { release, releaseCopy, list, listCopy, scheme } from "./out/consumer.js";
assert.deepStrictEqual(releaseCopy, release);
assert.notEqual(releaseCopy, release);
assert.notEqual(releaseCopy.metadata, release.metadata);
assert.notEqual(releaseCopy.spec.values.nested, release.spec.values.nested);
assert.notEqual(releaseCopy.spec.values.nested.list[1], release.spec.values.nested.list[1]);
assert.deepStrictEqual(listCopy, list);
assert.notEqual(listCopy.items[0], list.items[0]);
console.log(JSON.stringify(scheme.kinds().map((k) => k.kind)));
`;

test("the packed runtime installs alone and the generated examples compile and run against it", async (t) => {
  const work = tempDir("kcg-pack-");
  // Its dependencies come from a registry of the lockfile's versions (no network, no reliance on
  // what else the npm cache happens to hold).
  const registry = await startLockfileRegistry();
  t.after(() => {
    registry.server.close();
    rmSync(work, { recursive: true, force: true });
  });
  // The package is staged in a copy and packed without scripts, so other tests reading runtime/dist
  // at the same moment never see it half rebuilt. Its dist/ is runtime/dist when that is exactly the
  // build of runtime/src as it is now (as `npm ci` leaves it), else built there from runtime/src.
  const stage = join(work, "stage");
  for (const f of ["package.json", "README.md"]) cpSync(join(repo, "runtime", f), join(stage, f));
  if (builtFromCurrentSources(join(repo, "runtime"))) cpSync(join(repo, "runtime/dist"), join(stage, "dist"), { recursive: true });
  else
    run(
      process.execPath,
      [join(repo, "node_modules/typescript/bin/tsc"), "-p", join(repo, "runtime/tsconfig.build.json"), "--outDir", join(stage, "dist")],
      repo,
    );
  const packed = JSON.parse(run(npm, ["pack", stage, "--json", "--ignore-scripts", "--pack-destination", work], work)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const [pkg] = packed;
  assert.ok(pkg);
  const stray = pkg.files.map((f) => f.path).filter((p) => !p.startsWith("dist/") && p !== "package.json" && p !== "README.md");
  assert.deepEqual(stray, [], "the tarball holds dist/, package.json and README.md only");

  const project = join(work, "project");
  copyExampleApis(join(project, "apis"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  // A Node.js TypeScript project has @types/node (the runtime's declarations use node:http's
  // types; it is an optional peer dependency), so the consumer installs it beside the runtime.
  const typesNode = (JSON.parse(readFileSync(join(repo, "node_modules/@types/node/package.json"), "utf8")) as { version: string }).version;
  await runAsync(npm, ["install", join(work, pkg.filename), `@types/node@${typesNode}`, "--no-audit", "--no-fund"], project, {
    ...process.env,
    npm_config_registry: registry.url,
    npm_config_cache: join(work, "npm-cache"),
  });
  assert.equal(registry.requested.has("@kube-codegen/runtime"), false, "the runtime came from its tarball");
  // Nothing else came with it but the runtime's own small dependencies (yaml, for kubeconfig
  // files; kubernetes-types, declarations only) and Node's types: no typescript, ts-morph, prettier, yargs or anything they need.
  const allowed = new Set(["@kube-codegen", "@types", "undici-types", ...Object.keys(runtimeDependencies())]);
  const installed = readdirSync(join(project, "node_modules")).filter((n) => !n.startsWith("."));
  assert.deepEqual(
    installed.filter((n) => !allowed.has(n)),
    [],
  );
  assert.deepEqual(installed.sort(), ["@kube-codegen", "@types", "kubernetes-types", "undici-types", "yaml"]);
  // kubernetes-types (the built-in kinds' types) is types only: it adds no code to an application.
  const k8sTypes = readdirSync(join(project, "node_modules/kubernetes-types"), { recursive: true }) as string[];
  assert.deepEqual(
    k8sTypes.filter((f) => /\.(c|m)?js$/.test(f)),
    [],
  );
  assert.deepEqual(readdirSync(join(project, "node_modules/@types")), ["node"]);
  assert.deepEqual(readdirSync(join(project, "node_modules/@kube-codegen")), ["runtime"]);
  assert.equal(existsSync(join(project, "node_modules/@kube-codegen/runtime/node_modules")), false);

  writeFileSync(join(project, "consumer.ts"), consumer);
  writeFileSync(join(project, "check.mjs"), check);
  // Every example package, not only the two the consumer imports.
  const roots = [
    join(project, "consumer.ts"),
    ...(readdirSync(join(project, "apis"), { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join(project, "apis", f)),
  ];
  const program = compileInstalledProject(project, roots, join(project, "out"));
  // The runtime came from the project's node_modules, the generated code from the copied examples.
  const files = program.getSourceFiles().map((f) => resolve(f.fileName));
  const runtimeTypes = files.filter((f) => f.includes(`${sep}@kube-codegen${sep}runtime${sep}`));
  assert.ok(
    runtimeTypes.length > 0 && runtimeTypes.every((f) => f.startsWith(join(project, "node_modules") + sep) && f.endsWith(".d.ts")),
    runtimeTypes.join("\n"),
  );
  for (const f of [
    "apis/helm/v1/zz_generated.deepcopy.ts",
    "apis/helm/v1/values_deepcopy.ts",
    "apis/samplecontroller/v1alpha1/zz_generated.register.ts",
  ])
    assert.ok(files.includes(join(project, f)), f);

  assert.deepEqual(JSON.parse(run(process.execPath, ["check.mjs"], project)), ["HelmRelease", "Foo"]);
});
