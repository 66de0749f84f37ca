// What `npm pack` would publish for kube-codegen, @kube-codegen/runtime, @kube-codegen/apiextensions
// and @kube-codegen/testing: the built dist/ (no
// stale output of deleted sources), the bin and every export target, no tests, fixtures, sources or
// build info, no source map naming a file that is not shipped, no install script a consumer would
// run, and every package a shipped module imports declared as a dependency: the runtime's, the
// apiextensions' and the test server's being only their own few, never the generator's libraries. Reads the file list of `npm pack --dry-run`
// (no network, no build: --ignore-scripts), so dist/ must be built (`npm ci` or `npm run build`).
import { test } from "node:test";
import assert from "node:assert/strict";
import ts from "typescript";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, join, normalize, relative } from "node:path";
import { promisify } from "node:util";
import { tempDir } from "../helpers/fs.js";

const repo = join(import.meta.dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

interface Manifest {
  name: string;
  bin?: Record<string, string>;
  /** A module's types and code, or a file's path (config.schema.json). */
  exports?: Record<string, { types: string; default: string } | string>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Packed {
  dir: string;
  manifest: Manifest;
  files: string[];
}

async function dryRun(dir: string): Promise<Packed> {
  const { stdout } = await promisify(execFile)(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
  assert.ok(packed, `npm pack printed no package for ${dir}`);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  return { dir, manifest, files: packed.files.map((f) => f.path).sort() };
}

// Every pack at once: npm's start-up is most of the time.
const packs = Promise.all([repo, ...["runtime", "apiextensions", "testing"].map((w) => join(repo, w))].map(dryRun)) as Promise<
  [Packed, Packed, Packed, Packed]
>;

/** The generator's libraries, which no package below it may depend on. */
const GENERATOR_LIBRARIES = ["ts-morph", "typescript", "prettier", "yargs", "ajv", "diff", "kube-codegen"];

/** The package a bare module specifier names (`@scope/name/sub` is `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/**
 * The specifiers of every static and dynamic import (and re-export) in a compiled module, found by
 * TypeScript's own scanner: an import inside a string or a template (the scaffolder's templates
 * hold whole files) is text, not an import. `only: "static"` leaves out those of `import()`.
 */
function importsOf(text: string, only?: "static"): string[] {
  const all = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  if (!only) return all;
  const dynamic = new Set([...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
  return all.filter((s) => !dynamic.has(s));
}

/** Checks one package; returns the packages its shipped modules import. */
function checkPackage(p: Packed, shipped: Set<string>): Set<string> {
  const where = p.manifest.name;
  for (const f of p.files) {
    assert.match(f, /^(dist\/|bin\/|README\.md$|LICENSE$|package\.json$|config\.schema\.json$)/, `${where} ships ${f}`);
    assert.doesNotMatch(f, /(^|\/)(test|tests|fixtures|__tests__)\/|\.test\.|\.tsbuildinfo$|^src\//, `${where} ships ${f}`);
  }
  assert.ok(p.files.includes("package.json") && p.files.includes("README.md"), `${where} ships its package.json and README`);

  // Every export target and bin is in the tarball.
  for (const [name, target] of Object.entries(p.manifest.exports ?? {})) {
    for (const file of typeof target === "string" ? [target] : [target.types, target.default])
      assert.ok(shipped.has(normalize(join(where, file))), `${where} export ${name}: ${file} not shipped`);
  }
  for (const [name, file] of Object.entries(p.manifest.bin ?? {}))
    assert.ok(shipped.has(normalize(join(where, file))), `${where} bin ${name}: ${file} not shipped`);

  // A consumer installing the tarball runs these; none may build or fetch anything.
  for (const s of ["preinstall", "install", "postinstall"]) assert.equal(p.manifest.scripts?.[s], undefined, `${where} has a ${s} script`);

  // dist/ holds only the output of sources that exist (a deleted source's .js would be published),
  // and the CLI's bundle of them (scripts/bundle-cli.mjs), which the build remakes whole.
  for (const f of p.files.filter((f) => /^dist\/.*\.(js|d\.ts)$/.test(f) && !f.startsWith("dist/bundle/"))) {
    const source = join(p.dir, f.replace(/^dist\//, "src/").replace(/\.(js|d\.ts)$/, ".ts"));
    assert.ok(existsSync(source), `${where} ships ${f}, but ${relative(repo, source)} does not exist (stale build: npm run build)`);
  }

  // An optional peer dependency (prom-client) counts as declared, but only a module no other module
  // imports statically may import it: one loaded by a dynamic import when the feature is on.
  const optional = new Set(Object.keys(p.manifest.peerDependencies ?? {}).filter((d) => p.manifest.peerDependenciesMeta?.[d]?.optional));
  const declared = new Set([...Object.keys({ ...p.manifest.dependencies }), ...optional]);
  const imported = new Set<string>();
  const optionalImporters = new Set<string>();
  const staticallyImported = new Map<string, string>();
  for (const f of p.files.filter((f) => /\.(js|d\.ts|map)$/.test(f))) {
    const text = readFileSync(join(p.dir, f), "utf8");
    // A source map, or a module naming one, must point only at files the tarball holds.
    const maps = f.endsWith(".map") ? [f] : [...text.matchAll(/^\/\/# sourceMappingURL=(\S+)$/gm)].map((m) => join(dirname(f), m[1]!));
    for (const map of maps) {
      assert.ok(shipped.has(normalize(join(where, map))), `${where}/${f} names the unshipped source map ${map}`);
      const { sources } = JSON.parse(readFileSync(join(p.dir, map), "utf8")) as { sources: string[] };
      for (const s of sources) {
        const target = normalize(join(where, dirname(map), s));
        assert.ok(shipped.has(target), `${where}/${map} points at ${s}, which is not shipped`);
      }
    }
    if (f.endsWith(".map")) continue;
    // Every package a shipped module imports is a dependency of this package (not a devDependency
    // that happens to be installed here).
    for (const spec of importsOf(text)) {
      if (spec.startsWith(".") || isBuiltin(spec)) continue;
      imported.add(packageOf(spec));
      assert.ok(declared.has(packageOf(spec)), `${where}/${f} imports ${spec}, which is not in dependencies`);
      if (optional.has(packageOf(spec)) && f.endsWith(".js")) optionalImporters.add(f);
    }
    if (f.endsWith(".js"))
      for (const spec of importsOf(text, "static").filter((s) => s.startsWith(".")))
        staticallyImported.set(normalize(join(dirname(f), spec)), f);
  }
  for (const f of optionalImporters)
    assert.equal(staticallyImported.get(f), undefined, `${where}/${f} imports an optional peer dependency, and is imported statically`);
  return imported;
}

test("kube-codegen and the @kube-codegen packages pack only their built output, bin and exports", async () => {
  const all = await packs;
  // Paths as <package name>/<path>, so a source map may point from one tarball into another only if
  // that file is shipped there too.
  const shipped = new Set(all.flatMap((p) => p.files.map((f) => normalize(join(p.manifest.name, f)))));
  const [rootImports, runtimeImports, apiextensionsImports, testingImports] = all.map((p) => checkPackage(p, shipped));
  const [root, runtime, apiextensions, testing] = all;
  // The import scan sees what the modules do import (so that it would see a stray one).
  for (const lib of ["yargs", "ajv", "@kube-codegen/apiextensions", "@kube-codegen/testing"])
    assert.ok(rootImports!.has(lib), `no import of ${lib} found in kube-codegen`);
  assert.ok(runtimeImports!.has("yaml"), "no import of yaml found in @kube-codegen/runtime");
  assert.ok(runtimeImports!.has("prom-client"), "no import of prom-client found in @kube-codegen/runtime");
  assert.deepEqual(
    runtime.manifest.peerDependenciesMeta?.["prom-client"],
    { optional: true },
    "prom-client is an optional peer dependency",
  );
  for (const lib of ["@bufbuild/cel", "@bufbuild/re2", "yaml"])
    assert.ok(apiextensionsImports!.has(lib), `no import of ${lib} found in @kube-codegen/apiextensions`);
  for (const lib of ["@kube-codegen/apiextensions", "yaml"])
    assert.ok(testingImports!.has(lib), `no import of ${lib} found in @kube-codegen/testing`);
  assert.ok(testing.files.includes("bin/kube-codegen-test-server.js"), "the test server has its own bin");
  assert.ok(apiextensions.files.includes("dist/crd-checks/index.js") && apiextensions.files.includes("dist/validation/index.d.ts"));
  assert.equal(root.manifest.name, "kube-codegen");
  assert.ok(root.files.includes("bin/kube-codegen.js"));
  assert.ok(root.files.includes("dist/cli/index.js") && root.files.includes("dist/index.d.ts"));
  assert.ok(
    root.files.includes("dist/bundle/index.js") && !root.files.includes("dist/bundle/meta.json"),
    "the CLI's bundle, without its build record",
  );
  assert.ok(root.files.includes("config.schema.json"), "kube-codegen ships the config file's JSON Schema");
  assert.ok(runtime.files.includes("dist/index.js") && runtime.files.includes("dist/index.d.ts"));
});

test("the runtime, apiextensions and the test server depend on none of the generator's libraries", async () => {
  const [root, runtime, apiextensions, testing] = await packs;
  assert.equal(runtime.manifest.name, "@kube-codegen/runtime");
  const deps = Object.keys({ ...runtime.manifest.dependencies, ...runtime.manifest.peerDependencies });
  for (const lib of [...GENERATOR_LIBRARIES, "@bufbuild/cel", "@bufbuild/re2"]) {
    assert.ok(!deps.includes(lib), `@kube-codegen/runtime depends on ${lib}`);
  }
  for (const p of [apiextensions, testing]) {
    const its = Object.keys({ ...p.manifest.dependencies, ...p.manifest.peerDependencies });
    for (const lib of GENERATOR_LIBRARIES) assert.ok(!its.includes(lib), `${p.manifest.name} depends on ${lib}`);
  }
  // The server depends on apiextensions and the runtime, never the other way round.
  assert.deepEqual(
    Object.keys(testing.manifest.dependencies ?? {}).filter((d) => d.startsWith("@kube-codegen/")),
    ["@kube-codegen/apiextensions", "@kube-codegen/runtime"],
  );
  assert.deepEqual(
    Object.keys({ ...apiextensions.manifest.dependencies, ...runtime.manifest.dependencies }).filter((d) => d.startsWith("@kube-codegen/")),
    [],
  );
  // The generator is a real consumer of the runtime, pinned to the version this checkout builds.
  const runtimeVersion = (JSON.parse(readFileSync(join(repo, "runtime/package.json"), "utf8")) as { version: string }).version;
  assert.equal(root.manifest.dependencies?.["@kube-codegen/runtime"], runtimeVersion);
});

test("the generator's prepare script (npm runs it for a tarball or git install) builds only in a source checkout", async () => {
  // npm 11 counts prepare as an install script of a non-registry dependency: in an installed copy
  // (no tsconfig.build.json, no sources, no TypeScript) it must do nothing and succeed.
  const dir = tempDir();
  copyFileSync(join(repo, "package.json"), join(dir, "package.json"));
  const { stdout } = await promisify(execFile)(npm, ["run", "prepare"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  assert.doesNotMatch(stdout, /> kube-codegen@[^ ]+ build/);
  assert.ok(!existsSync(join(dir, "dist")));
});
