// @kube-codegen/runtime's entry points: the root and one subpath per layer folder
// ("@kube-codegen/runtime/client", ...). Each is imported by package name, from the built dist/
// installed in a temporary project as a consumer has it, in a fresh node process whose module
// loads a loader hook lists: an entry point loads its own layer and the layers below it in
// docs/architecture.md's layer table, nothing above (so a program importing only the client runs
// none of the cache, workqueue or controller code). The root stays the union of the layers: the
// same names, the very same values. And TypeScript finds every entry point's types under both
// "moduleResolution": "NodeNext" and "bundler".
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { tempDir } from "../helpers/fs.js";
import { staleReason } from "../../scripts/build-stamp.js";

const repo = resolve(import.meta.dirname, "../..");
const runtimeDir = join(repo, "runtime");
const PKG = "@kube-codegen/runtime";
interface Manifest {
  exports: Record<string, Record<string, string>>;
  dependencies?: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(runtimeDir, "package.json"), "utf8")) as Manifest;

/** The layer folders of runtime/src: each has an index.ts. */
const layers = readdirSync(join(runtimeDir, "src"), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(runtimeDir, "src", e.name, "index.ts")))
  .map((e) => e.name)
  .sort();

/**
 * What each layer may import, read from docs/architecture.md's table (its last two columns: the
 * folder in backticks, then "nothing", "all of the above" or a comma-separated list), so the docs
 * and this test cannot drift apart.
 */
function layerTable(): Map<string, string[]> {
  const doc = readFileSync(join(repo, "docs/architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("## The runtime's layers"));
  const table = new Map<string, string[]>();
  for (const m of section.matchAll(/^\|[^\n]*\| `([a-z]+)\/` \| ([^|\n]+) \|$/gm)) {
    const [, folder, cell] = m as unknown as [string, string, string];
    const deps = cell.trim();
    table.set(folder, deps === "nothing" ? [] : deps === "all of the above" ? [...table.keys()] : deps.split(/,\s*/));
  }
  return table;
}

/** A layer and everything it imports, transitively. */
function closure(table: Map<string, string[]>, layer: string): Set<string> {
  const out = new Set<string>();
  const visit = (l: string) => {
    if (out.has(l)) return;
    out.add(l);
    for (const d of table.get(l) ?? assert.fail(`${l}/ is not in docs/architecture.md's layer table`)) visit(d);
  };
  visit(layer);
  return out;
}

/** Where a package is installed for runtime/ (its own node_modules, then the workspace's). */
function installed(dep: string): string {
  for (let dir = runtimeDir; ; dir = dirname(dir)) {
    const p = join(dir, "node_modules", dep);
    if (existsSync(p)) return p;
    if (dirname(dir) === dir) assert.fail(`${dep} is not installed`);
  }
}

// The loader hook: appends every module URL node loads to the file it is given. Registered from
// --import before the entry point is imported, so it sees that import and all it brings.
const hooks = `import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + "\\n"); return next(url, context); }
`;
const register = `import { register } from "node:module";
register("./hooks.mjs", import.meta.url, { data: { log: process.env.KCG_LOAD_LOG } });
`;
// Imports the entry points it is given by name and prints each one's export names.
const probe = `const out = {};
for (const spec of process.argv.slice(2)) out[spec] = Object.keys(await import(spec));
process.stdout.write(JSON.stringify(out));
`;

/**
 * A temporary project with the runtime in node_modules as npm installs it: its package.json and
 * dist/ (runtime/dist when that is the build of runtime/src as it is now, else built from it), and
 * its dependencies beside it.
 */
function stageProject(): { project: string; pkgDir: string } {
  if (staged) return staged;
  // Its real path: node and TypeScript report modules by real path (macOS's tmpdir is a symlink).
  const project = realpathSync(tempDir("kcg-entry-"));
  const pkgDir = join(project, "node_modules", PKG);
  mkdirSync(pkgDir, { recursive: true });
  cpSync(join(runtimeDir, "package.json"), join(pkgDir, "package.json"));
  if (staleReason(runtimeDir) === undefined) cpSync(join(runtimeDir, "dist"), join(pkgDir, "dist"), { recursive: true });
  else {
    const tsc = join(repo, "node_modules/typescript/bin/tsc");
    const r = spawnSync(process.execPath, [tsc, "-p", join(runtimeDir, "tsconfig.build.json"), "--outDir", join(pkgDir, "dist")], {
      encoding: "utf8",
    });
    assert.equal(r.status, 0, `building the runtime failed:\n${r.stdout}${r.stderr}`);
  }
  for (const dep of [...Object.keys(manifest.dependencies ?? {}), "@types/node"]) {
    mkdirSync(dirname(join(project, "node_modules", dep)), { recursive: true });
    // A junction on Windows (no privilege needed); the type is ignored elsewhere.
    symlinkSync(installed(dep), join(project, "node_modules", dep), "junction");
  }
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(join(project, "hooks.mjs"), hooks);
  writeFileSync(join(project, "register.mjs"), register);
  writeFileSync(join(project, "probe.mjs"), probe);
  staged = { project, pkgDir };
  return staged;
}
// One staged project for all the tests (a build from stale sources takes seconds).
let staged: { project: string; pkgDir: string } | undefined;
after(() => {
  if (staged) rmSync(staged.project, { recursive: true, force: true });
});

interface Loaded {
  /** Export names of each specifier imported. */
  names: Record<string, string[]>;
  /** The runtime's modules loaded, relative to its dist/ ("client/resource.js"). */
  runtime: string[];
  /** The other packages any module came from. */
  packages: string[];
}

/** Imports the specifiers in a fresh node process and lists what it loaded. */
function load(project: string, pkgDir: string, specs: string[]): Loaded {
  const log = join(project, `loads-${specs.length}-${specs[0]!.replace(/\W/g, "_")}.txt`);
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, ["--import", "./register.mjs", "probe.mjs", ...specs], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, KCG_LOAD_LOG: log, NODE_OPTIONS: "" },
  });
  assert.equal(r.status, 0, `importing ${specs.join(", ")} failed:\n${r.stderr}`);
  const dist = join(pkgDir, "dist") + sep;
  const files = readFileSync(log, "utf8")
    .split("\n")
    .filter((u) => u.startsWith("file:"))
    .map((u) => fileURLToPath(u));
  const packages = new Set<string>();
  for (const f of files.filter((f) => !f.startsWith(dist))) {
    const m = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(f);
    if (m) packages.add(m[1]!.replace("\\", "/"));
  }
  return {
    names: JSON.parse(r.stdout) as Record<string, string[]>,
    runtime: files.filter((f) => f.startsWith(dist)).map((f) => relative(dist, f).split(sep).join("/")),
    packages: [...packages].sort(),
  };
}

/** The layer folders a list of runtime modules comes from ("index.js" is the root's). */
const foldersOf = (modules: string[]) => new Set(modules.filter((m) => m.includes("/")).map((m) => m.split("/")[0]!));

test("the runtime exports its root and one subpath per layer folder, types first, pointing at dist/", () => {
  assert.deepEqual(layers, ["builtin", "cache", "client", "controller", "core", "rest", "tls", "watch", "webhook", "workqueue"]);
  assert.deepEqual(Object.keys(manifest.exports).sort(), [".", ...layers.map((l) => `./${l}`)].sort());
  assert.deepEqual(manifest.exports["."], { types: "./dist/index.d.ts", default: "./dist/index.js" });
  for (const l of layers)
    // "types" before "default": conditions are tried in order, and TypeScript stops at the first it knows.
    assert.deepEqual(Object.entries(manifest.exports[`./${l}`]!), [
      ["types", `./dist/${l}/index.d.ts`],
      ["default", `./dist/${l}/index.js`],
    ]);
  // Every layer is in the documented table, and the table names only real folders.
  assert.deepEqual([...layerTable().keys()].sort(), layers);
});

test("each entry point loads its own layer and those below it, never a layer above", () => {
  const table = layerTable();
  const { project, pkgDir } = stageProject();
  const deps = Object.keys(manifest.dependencies ?? {});
  const loads = new Map(layers.map((l) => [l, load(project, pkgDir, [`${PKG}/${l}`])]));
  // Every breach at once, so one failure shows the whole import chain's reach.
  const problems: string[] = [];
  for (const [l, loaded] of loads) {
    const folders = foldersOf(loaded.runtime);
    if (!folders.has(l)) problems.push(`${PKG}/${l} loads none of ${l}/`);
    if (loaded.runtime.includes("index.js")) problems.push(`${PKG}/${l} loads the root entry point`);
    for (const f of [...folders].filter((f) => !closure(table, l).has(f)))
      problems.push(
        `${PKG}/${l} loads ${f}/ (${loaded.runtime.filter((m) => m.startsWith(`${f}/`)).join(", ")}), which docs/architecture.md puts above it`,
      );
    for (const p of loaded.packages.filter((p) => !deps.includes(p)))
      problems.push(`${PKG}/${l} loads ${p}, which the runtime does not depend on`);
  }
  assert.deepEqual(problems, []);
  // What the layering buys, said outright: a program using only the client runs no informer,
  // queue or controller code, and the workqueue needs no HTTP.
  const client = foldersOf(loads.get("client")!.runtime);
  for (const f of ["cache", "workqueue", "controller", "builtin"]) assert.ok(!client.has(f), `${PKG}/client loads ${f}/`);
  assert.deepEqual([...foldersOf(loads.get("workqueue")!.runtime)].sort(), ["core", "workqueue"]);
  // The hook does see what is loaded: the controller layer brings the cache's informers in, and
  // the root every layer.
  assert.ok(foldersOf(loads.get("controller")!.runtime).has("cache"));
  const root = load(project, pkgDir, [PKG]);
  assert.deepEqual([...foldersOf(root.runtime)].sort(), layers);
  assert.ok(root.runtime.includes("index.js"));
});

test("the root exports exactly the union of the layers, and the very same values", () => {
  const { project, pkgDir } = stageProject();
  const specs = layers.map((l) => `${PKG}/${l}`);
  const { names } = load(project, pkgDir, [PKG, ...specs]);
  // Disjoint: `export *` of one name from two layers would leave it out of the root, silently.
  const owner = new Map<string, string>();
  for (const s of specs)
    for (const n of names[s]!) {
      assert.equal(owner.get(n), undefined, `${n} is exported by both ${owner.get(n) ?? ""} and ${s}`);
      owner.set(n, s);
    }
  assert.deepEqual([...names[PKG]!].sort(), [...owner.keys()].sort());
  assert.ok(names[PKG]!.includes("Scheme") && names[PKG]!.includes("newControllerManagedBy"));
  // One module graph: a class from a subpath is the root's class (instanceof ApiError holds across them).
  const check = `const root = await import(${JSON.stringify(PKG)});
const differ = [];
for (const spec of ${JSON.stringify(specs)}) {
  const sub = await import(spec);
  for (const [name, value] of Object.entries(sub)) if (root[name] !== value) differ.push(spec + " " + name);
}
process.stdout.write(JSON.stringify(differ));
`;
  writeFileSync(join(project, "same.mjs"), check);
  const r = spawnSync(process.execPath, ["same.mjs"], { cwd: project, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), []);
});

test("NodeNext and bundler consumers find every entry point's types, and the root's are the layers' union", () => {
  const { project, pkgDir } = stageProject();
  const specs = [PKG, ...layers.map((l) => `${PKG}/${l}`)];
  const consumer = join(project, "consumer.ts");
  // A use of one type and one value from each of a few layers, and a namespace import of every entry point.
  writeFileSync(
    consumer,
    [
      `import type { RestConfig } from "${PKG}/rest";`,
      `import { isNotFound, type ObjectMeta } from "${PKG}/core";`,
      `import { RateLimitingQueue } from "${PKG}/workqueue";`,
      `import type { KubeObject, ResourceClient } from "${PKG}/client";`,
      ...specs.map((s, i) => `import * as entry${i} from "${s}";`),
      `export const meta: ObjectMeta = { name: "a" };`,
      `export const config: Pick<RestConfig, "server"> = { server: "https://example.com" };`,
      `export const missing: boolean = isNotFound(new Error("x"));`,
      `export const queue = new RateLimitingQueue<string>();`,
      `export type Client = ResourceClient<KubeObject>;`,
      `export const entries = [${specs.map((_, i) => `entry${i}`).join(", ")}];`,
      "",
    ].join("\n"),
  );
  const base: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
  };
  const modes: Record<string, ts.CompilerOptions> = {
    NodeNext: { ...base, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
    bundler: { ...base, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
  };
  for (const [mode, options] of Object.entries(modes)) {
    const program = ts.createProgram([consumer], options);
    assert.deepEqual(
      ts.getPreEmitDiagnostics(program).map((d) => `${ts.flattenDiagnosticMessageText(d.messageText, "\n")} (${d.file?.fileName ?? ""})`),
      [],
      mode,
    );
    const checker = program.getTypeChecker();
    const exported = new Map<string, string[]>();
    for (const s of specs) {
      const found = ts.resolveModuleName(s, consumer, options, ts.sys).resolvedModule?.resolvedFileName;
      const resolved = found === undefined ? undefined : resolve(found);
      const want = join(pkgDir, "dist", s === PKG ? "" : s.slice(PKG.length + 1), "index.d.ts");
      assert.equal(resolved, want, `${mode}: ${s}`);
      const file = program.getSourceFile(want) ?? assert.fail(`${mode}: ${want} is not in the program`);
      const symbol = checker.getSymbolAtLocation(file) ?? assert.fail(`${mode}: ${want} is not a module`);
      exported.set(
        s,
        checker.getExportsOfModule(symbol).map((e) => e.name),
      );
    }
    // Types and interfaces too, which the runtime check of the root cannot see.
    const union = specs.slice(1).flatMap((s) => exported.get(s)!);
    assert.equal(new Set(union).size, union.length, `${mode}: two layers export one name`);
    assert.deepEqual([...exported.get(PKG)!].sort(), union.sort(), mode);
    assert.ok(exported.get(PKG)!.includes("RestConfig") && exported.get(`${PKG}/client`)!.includes("ResourceClient"));
  }
});
