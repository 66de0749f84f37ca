// `kube-codegen --help`, `--version` and a usage error answer from the command table alone: the
// generator's heavy libraries (the TypeScript compiler, prettier, CEL, RE2) and the
// test server load only when a command that needs them runs (docs/architecture.md, the cli stage).
// Each case runs in a fresh process with a hook that records every module loaded, once through
// bin/kube-codegen.js on the build and once on the sources, so a static import of the pipeline
// from src/cli/main.ts fails here even before a rebuild. How fast that makes them is measured by
// bench/cli-startup.ts, not asserted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { staleReason } from "../../scripts/build-stamp.js";
import { databaseProject, tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");
const hook = join(import.meta.dirname, "fixtures/record-loads.mjs");
/** tsx as resolved from here: the commands run in empty directories, where `--import tsx` would not find it. */
const tsx = import.meta.resolve("tsx");

/** What must not load before a command's handler runs, each by a pattern over file URLs and paths. */
const heavy: Record<string, RegExp> = {
  typescript: /\/node_modules\/typescript\//,
  prettier: /\/node_modules\/prettier\//,
  "@bufbuild/cel": /\/node_modules\/@bufbuild\/cel\//,
  "@bufbuild/re2": /\/node_modules\/@bufbuild\/re2\//,
  // The server's package (testing/src, testing/dist) or the generator's kube-codegen/testing alias.
  "the test server": /\/(testing\/(src|dist)|(src|dist)\/testing)\//,
  "the pipeline": /\/(src|dist)\/pipeline\.(ts|js)$/,
};

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The names in `heavy` of what the process loaded. */
  loaded: string[];
}

/**
 * A loaded file, and when it is a chunk of the CLI's bundle (scripts/bundle-cli.mjs), the sources
 * the chunk holds, from the bundle's meta.json: loading a chunk loads each of them.
 */
function bundledSources(url: string): string[] {
  const bundle = pathToFileURL(join(repo, "dist/bundle")).href + "/";
  if (!url.startsWith(bundle)) return [url];
  const meta = JSON.parse(readFileSync(join(repo, "dist/bundle/meta.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const inputs = meta.outputs[`dist/bundle/${url.slice(bundle.length)}`]?.inputs;
  assert.ok(inputs, `${url} is not in dist/bundle/meta.json`);
  return [url, ...Object.keys(inputs).map((f) => join(repo, f))];
}

/** Runs node with the recording hook first, then args, in cwd. */
function runNode(args: readonly string[], cwd: string, preload: readonly string[] = []): Run {
  const log = join(tempDir(), "loads.txt");
  writeFileSync(log, "");
  const r = spawnSync(process.execPath, [...preload.flatMap((p) => ["--import", p]), "--import", pathToFileURL(hook).href, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, KCG_LOAD_LOG: log },
  });
  const urls = readFileSync(log, "utf8").split("\n").flatMap(bundledSources);
  const loaded = Object.entries(heavy)
    .filter(([, pattern]) => urls.some((u) => pattern.test(u)))
    .map(([name]) => name);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, loaded };
}

/** The CLI as installed: bin/kube-codegen.js on dist/'s bundle. */
const viaBin = (argv: readonly string[], cwd: string) => runNode([join(repo, "bin/kube-codegen.js"), ...argv], cwd);
/** The CLI from its sources through tsx, as the in-process tests import main(). */
const viaSource = (argv: readonly string[], cwd: string) =>
  runNode(
    [
      "--input-type=module",
      "-e",
      `const { main } = await import(${JSON.stringify(pathToFileURL(join(repo, "src/cli/main.ts")).href)}); process.exitCode = await main(process.argv.slice(1));`,
      "--", // so that node leaves --help and --version to the script
      ...argv,
    ],
    cwd,
    [tsx],
  );

const version = (JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { version: string }).version;

/** Each answer the command table gives alone, and what it must print. */
const cases: { argv: string[]; status: number; check: (r: Run) => void }[] = [
  { argv: ["--help"], status: 0, check: (r) => assert.match(r.stdout, /kube-codegen generate +generate code and manifests/) },
  { argv: ["--version"], status: 0, check: (r) => assert.equal(r.stdout, `${version}\n`) },
  { argv: ["-V"], status: 0, check: (r) => assert.equal(r.stdout, `${version}\n`) },
  { argv: ["generate", "--help"], status: 0, check: (r) => assert.match(r.stdout, /--generators/) },
  { argv: ["validate", "--help"], status: 0, check: (r) => assert.match(r.stdout, /--crds/) },
  { argv: ["--bogus"], status: 2, check: (r) => assert.match(r.stderr, /Unknown argument: bogus\nRun kube-codegen --help for usage\./) },
  { argv: ["generate", "--bogus"], status: 2, check: (r) => assert.match(r.stderr, /Unknown argument: bogus/) },
  { argv: ["validate"], status: 2, check: (r) => assert.match(r.stderr, /Missing required argument: crds/) },
  // Bad values, found by the option resolution the handlers load (config and its ajv are allowed).
  { argv: ["generate", "--generators", "nope"], status: 2, check: (r) => assert.match(r.stderr, /nope/) },
  {
    argv: ["validate", "--crds", "crds", "--server-versions", "nope"],
    status: 2,
    check: (r) => assert.match(r.stderr, /--server-versions/),
  },
];

for (const [how, run] of [
  ["bin/kube-codegen.js on dist/bundle/", viaBin],
  ["src/cli/main.ts", viaSource],
] as const) {
  for (const c of cases) {
    test(`kube-codegen ${c.argv.join(" ")} (${how}) answers without loading the generator or the test server`, (t) => {
      if (run === viaBin && staleReason(repo) !== undefined) return t.skip(`dist/ is stale (${staleReason(repo)}); npm run build`);
      const r = run(c.argv, tempDir());
      assert.equal(r.status, c.status, r.stdout + r.stderr);
      c.check(r);
      assert.deepEqual(r.loaded, [], `loaded ${r.loaded.join(", ")}`);
    });
  }
}

// The recording sees each of them when they do load, so the empty lists above mean something.
test("the hook sees every heavy module when a command loads it", () => {
  // The pipeline imports the parser (TypeScript) and prettier only when a file is not in
  // the cache (src/load/cached-load.ts, src/output/finalize.ts), so they are imported here directly.
  const imports = [
    ...["src/pipeline.ts", "src/load/parse.ts", "testing/src/index.ts"].map((f) => pathToFileURL(join(repo, f)).href),
    import.meta.resolve("prettier"),
  ].map((url) => `await import(${JSON.stringify(url)});`);
  const r = runNode(["--input-type=module", "-e", imports.join(" ")], repo, [tsx]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.loaded, Object.keys(heavy));
});

for (const [how, run] of [
  ["src/cli/main.ts", viaSource],
  ["bin/kube-codegen.js on dist/bundle/", viaBin],
] as const)
  test(`generate in a fresh process (${how}) still loads the generator it needs, and generates`, (t) => {
    if (run === viaBin && staleReason(repo) !== undefined) return t.skip(`dist/ is stale (${staleReason(repo)}); npm run build`);
    const dir = databaseProject();
    const r = run(["generate", "--quiet"], dir);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.ok(existsSync(join(dir, "apis/db/v1/zz_generated.deepcopy.ts")));
    for (const name of ["typescript", "prettier", "the pipeline"]) assert.ok(r.loaded.includes(name), `${name} not loaded`);
    assert.ok(!r.loaded.includes("the test server"), "generate loaded the test server");
  });
