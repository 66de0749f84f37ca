// @kube-codegen/testing stands alone: its tarball, with the runtime's and apiextensions', installs
// offline into an empty project and brings none of the generator's libraries; a node:test file
// there starts the server in process, applies a CRD through the API and runs the sample
// controller's generated client against it, compiled against the installed packages (strict,
// NodeNext, no tsconfig paths) and run by plain node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { tempDir } from "../helpers/fs.js";
import { compileInstalledProject } from "../helpers/installed-project.js";
import { staleReason } from "../../scripts/build-stamp.js";
import { startLockfileRegistry } from "../helpers/lockfile-registry.js";

const repo = resolve(import.meta.dirname, "../..");
const example = join(repo, "generated-examples/sample-controller");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const WORKSPACES = ["runtime", "apiextensions", "testing"] as const;

/** The libraries of the generator that a controller's tests must not install. */
const GENERATOR_LIBRARIES = ["typescript", "ts-morph", "@ts-morph", "prettier", "yargs", "ajv", "diff", "kube-codegen"];

/** Runs a command without blocking this process (whose registry it may talk to); resolves with its output. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, shell: process.platform === "win32" });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      output += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${cmd} ${args.join(" ")} failed (${String(code)}):\n${output}`));
    });
  });
}

/** Every package name under a node_modules tree, nested ones included. */
function installedNames(nodeModules: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith(".")) continue;
    const scoped = entry.startsWith("@") ? readdirSync(join(nodeModules, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of scoped) {
      names.push(name);
      const nested = join(nodeModules, name, "node_modules");
      if (existsSync(nested)) names.push(...installedNames(nested));
    }
  }
  return names;
}

// The consumer's test, as a controller author writes it: the server from @kube-codegen/testing, the
// CRD applied through the API as kubectl would, the generated typed client against it.
const consumerTest = `import { test } from "node:test";
import assert from "node:assert/strict";
import { ResourceClient, createTransport, isNotFound, loadKubeConfig } from "@kube-codegen/runtime";
import type { KubeObject } from "@kube-codegen/runtime";
import { loadCrds, startTestApiServer } from "@kube-codegen/testing";
import { Clientset } from "./generated/clientset/index.js";

const CRDS = { group: "apiextensions.k8s.io", version: "v1", plural: "customresourcedefinitions", kind: "CustomResourceDefinition", namespaced: false };

test("a generated client runs against the test server", async () => {
  const server = await startTestApiServer({ crds: [] });
  try {
    const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
    const crds = new ResourceClient<KubeObject>(createTransport(config), CRDS);
    for (const crd of loadCrds("config/crd/bases")) await crds.create(crd as KubeObject);
    const foos = new Clientset(config).samplecontrollerV1alpha1().foos("default");
    await foos.create({ apiVersion: "samplecontroller.k8s.io/v1alpha1", kind: "Foo", metadata: { name: "web" }, spec: { deploymentName: "web", replicas: 2 } });
    const got = await foos.get("web");
    assert.equal(got.spec.replicas, 2);
    assert.match(got.metadata?.resourceVersion ?? "", /^[0-9]+$/);
    await assert.rejects(
      foos.create({ apiVersion: "samplecontroller.k8s.io/v1alpha1", kind: "Foo", metadata: { name: "bad" }, spec: { deploymentName: "bad", replicas: 11 } }),
      /should be less than or equal to 10/,
    );
    assert.deepEqual((await foos.list()).items.map((f) => f.metadata?.name), ["web"]);
    await foos.delete("web");
    await assert.rejects(foos.get("web"), (e: unknown) => isNotFound(e));
    console.log("consumer: ok");
  } finally {
    await server.stop();
  }
});
`;

test("the packed test server installs alone with the runtime, and a project's test runs a generated client against it", async (t) => {
  for (const w of WORKSPACES) {
    const reason = staleReason(join(repo, w));
    assert.equal(reason, undefined, `${reason ?? ""}: run npm run build`);
  }
  const work = tempDir("kcg-testing-pack-");
  const registry = await startLockfileRegistry();
  t.after(() => {
    registry.server.close();
    rmSync(work, { recursive: true, force: true });
  });
  // --ignore-scripts: dist/ is already built (checked above); rebuilding it in place would race
  // with other tests reading it.
  const packed = JSON.parse(
    await run(npm, ["pack", ...WORKSPACES.flatMap((w) => ["-w", w]), "--json", "--ignore-scripts", "--pack-destination", work], repo),
  ) as { name: string; filename: string; files: { path: string }[] }[];
  assert.deepEqual(
    packed.map((p) => p.name),
    WORKSPACES.map((w) => `@kube-codegen/${w}`),
  );
  const testing = packed[2]!;
  assert.ok(
    testing.files.some((f) => f.path === "bin/kube-codegen-test-server.js"),
    "the testing tarball has its own bin",
  );
  assert.deepEqual(
    testing.files.filter((f) => !/^(dist\/|bin\/|package\.json$|README\.md$)/.test(f.path)),
    [],
  );

  const project = join(work, "project");
  for (const d of ["apis", "generated", "config"]) cpSync(join(example, d), join(project, d), { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "controller-tests", private: true, type: "module" }));
  const typesNode = (JSON.parse(readFileSync(join(repo, "node_modules/@types/node/package.json"), "utf8")) as { version: string }).version;
  await run(
    npm,
    ["install", ...packed.map((p) => join(work, p.filename)), `@types/node@${typesNode}`, "--no-audit", "--no-fund"],
    project,
    { ...process.env, npm_config_registry: registry.url, npm_config_cache: join(work, "npm-cache") },
  );
  for (const w of WORKSPACES) assert.equal(registry.requested.has(`@kube-codegen/${w}`), false, `@kube-codegen/${w} came from its tarball`);
  const installed = installedNames(join(project, "node_modules"));
  assert.deepEqual(
    installed.filter((n) => GENERATOR_LIBRARIES.includes(n) || GENERATOR_LIBRARIES.some((g) => n.startsWith(`${g}/`))),
    [],
  );
  assert.deepEqual(readdirSync(join(project, "node_modules/@kube-codegen")).sort(), ["apiextensions", "runtime", "testing"]);

  // Compiled with this repository's TypeScript, outside the project: the project itself has none.
  writeFileSync(join(project, "controller.test.ts"), consumerTest);
  const roots = [
    join(project, "controller.test.ts"),
    ...(readdirSync(project, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts") && !f.startsWith("node_modules"))
      .map((f) => join(project, f)),
  ];
  const program = compileInstalledProject(project, roots, project);
  const testingTypes = program.getSourceFiles().filter((f) => resolve(f.fileName).includes(`${sep}@kube-codegen${sep}testing${sep}`));
  assert.ok(
    testingTypes.length > 0 && testingTypes.every((f) => resolve(f.fileName).startsWith(join(project, "node_modules") + sep)),
    "the server's types came from the installed package",
  );

  // Without NODE_TEST_CONTEXT, which this runner sets: the project's runner reports as its own.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const out = await run(process.execPath, ["--test", "controller.test.js"], project, env);
  assert.match(out, /consumer: ok/);
  assert.match(out, /# pass 1\n# fail 0/);

  // The package's own command starts the same server without the generator.
  const help = await run(process.execPath, [join(project, "node_modules/.bin/kube-codegen-test-server"), "--help"], project);
  assert.match(help, /Usage: kube-codegen-test-server/);
});
