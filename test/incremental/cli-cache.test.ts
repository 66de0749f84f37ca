// The cache from the command line: where generate keeps it (--cache-dir, by default
// node_modules/.cache/kube-codegen), that --no-cache neither reads nor writes it, and that verify
// never reads it: entries forged to pass every check, which would fool a generate run, leave
// verify's verdict as it was, both when the files are up to date and when one is stale.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Console } from "../../src/cli/console.js";
import { main } from "../../src/cli/main.js";
import { cacheEntries, entry, packFiles, replacePacks } from "../helpers/cache-packs.js";
import { staleReason } from "../../scripts/build-stamp.js";
import { databaseProject, snapshot, tempDir } from "../helpers/fs.js";

async function run(dir: string, ...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out, dir);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

const DEFAULT_CACHE = "node_modules/.cache/kube-codegen";

/** The generated files of the project (deep copies, registration, CRDs), by path. */
function outputs(dir: string): Map<string, string> {
  return new Map([...snapshot(dir)].filter(([p]) => p.includes("zz_generated.") || p.endsWith(".yaml")));
}

test("generate keeps its cache in node_modules/.cache/kube-codegen, --cache-dir moves it, --no-cache writes none", async () => {
  const dir = databaseProject();
  assert.equal((await run(dir, "generate", "--no-cache")).code, 0);
  assert.equal(existsSync(join(dir, DEFAULT_CACHE)), false, "--no-cache wrote no cache");
  assert.equal((await run(dir, "generate")).code, 0);
  assert.ok(cacheEntries(join(dir, DEFAULT_CACHE)).length > 0, "the default cache was filled");
  assert.equal((await run(dir, "generate", "--cache-dir", "elsewhere")).code, 0);
  assert.ok(cacheEntries(join(dir, "elsewhere")).length > 0, "--cache-dir was filled");
});

/**
 * generate in a new process (the libraries' compiled code is process-wide, and this one has loaded
 * them already), with the code cache in `codeCache`.
 */
function generateInProcess(dir: string, codeCache: string, ...argv: string[]): void {
  const cli = pathToFileURL(join(import.meta.dirname, "../../src/cli/main.ts")).href;
  const script = `const { main } = await import(${JSON.stringify(cli)}); process.exitCode = await main(${JSON.stringify(["generate", ...argv])}, undefined, ${JSON.stringify(dir)});`;
  const r = spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), "--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { ...process.env, KUBE_CODEGEN_CODE_CACHE: codeCache },
  });
  assert.equal(r.status, 0, r.stderr);
}

test("the libraries' compiled code goes to the user's code cache, not the project's, and --no-cache keeps none", () => {
  const dir = databaseProject();
  const none = tempDir("kcg-code-none-");
  generateInProcess(dir, none, "--no-cache");
  assert.deepEqual(readdirSync(none), [], "--no-cache stored no compiled code");
  const user = tempDir("kcg-code-user-");
  generateInProcess(dir, user);
  // The TypeScript compiler, prettier's standalone build and its two plugins.
  assert.deepEqual(
    cacheEntries(user).map((e) => e.namespace),
    ["code-cache", "code-cache", "code-cache", "code-cache"],
  );
  const project = cacheEntries(join(dir, DEFAULT_CACHE));
  assert.ok(project.length > 0, "the project's cache was filled");
  assert.ok(!project.some((e) => e.namespace === "code-cache"), "with no compiled code in it");
  // The next run, from an empty project cache so that both libraries are compiled again, takes
  // V8's code cache: it stores nothing, which it would if V8 refused an entry (made under other flags).
  rmSync(join(dir, DEFAULT_CACHE), { recursive: true, force: true });
  const before = packFiles(user);
  generateInProcess(dir, user);
  assert.deepEqual(packFiles(user), before, "no entry stored again");
});

test("the config file's cacheDir is where generate keeps its cache", async () => {
  const dir = databaseProject();
  writeFileSync(join(dir, "kube-codegen.config.json"), JSON.stringify({ input: "apis", cacheDir: ".kcg-cache" }));
  assert.equal((await run(dir, "generate")).code, 0);
  assert.ok(cacheEntries(join(dir, ".kcg-cache")).length > 0);
  assert.equal(existsSync(join(dir, DEFAULT_CACHE)), false);
});

test("verify reads no cache: forged entries that pass every check leave its verdict right", async () => {
  const dir = databaseProject();
  assert.equal((await run(dir, "generate")).code, 0);
  const generated = outputs(dir);
  // Every entry keeps its header's namespace and key, with a value of our own and that value's
  // true length and digest: the store cannot tell these from real entries.
  const root = join(dir, DEFAULT_CACHE);
  const forged = "// Code generated by kube-codegen. DO NOT EDIT.\nexport const forged = 1;\n";
  replacePacks(
    root,
    cacheEntries(root).map((e) => (e.namespace === "format" ? entry(e.namespace, e.key, forged) : e)),
  );
  const upToDate = await run(dir, "verify");
  assert.equal(upToDate.code, 0, upToDate.stdout + upToDate.stderr);
  const [first] = [...generated.keys()].filter((p) => p.endsWith(".ts"));
  assert.ok(first);
  writeFileSync(join(dir, first), "// Code generated by kube-codegen. DO NOT EDIT.\nexport const forged = 1;\n");
  const stale = await run(dir, "verify");
  assert.equal(stale.code, 1, "a file the forged cache would produce is still stale to verify");
  assert.match(stale.stdout, /forged/);
});

test("generate from a cache of garbage writes the right files, and verify agrees", async () => {
  const dir = databaseProject();
  assert.equal((await run(dir, "generate", "--no-cache")).code, 0);
  const right = outputs(dir);
  assert.ok(right.size >= 3, "deep copies, registration and a CRD");
  assert.equal((await run(dir, "generate")).code, 0);
  for (const f of packFiles(join(dir, DEFAULT_CACHE))) writeFileSync(f, readFileSync(f).subarray(0, 40));
  for (const p of right.keys())
    writeFileSync(
      join(dir, p),
      p.endsWith(".yaml") ? "# Code generated by kube-codegen. DO NOT EDIT.\n" : "// Code generated by kube-codegen. DO NOT EDIT.\n",
    );
  assert.equal((await run(dir, "generate")).code, 0);
  assert.deepEqual(outputs(dir), right);
  assert.equal((await run(dir, "verify")).code, 0);
});

test("a generate that fails writes no cache entry, as it writes nothing else", async () => {
  const dir = databaseProject();
  writeFileSync(join(dir, "apis/db/v1/broken.ts"), "export interface {\n");
  const r = await run(dir, "generate");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(existsSync(join(dir, "node_modules")), false);
});

test("as installed (bin/ on the bundle), --verbose says what the cache saved, and a changed file is parsed on the second thread", (t) => {
  const repo = join(import.meta.dirname, "../..");
  const stale = staleReason(repo);
  if (stale !== undefined) return t.skip(`dist/ is stale (${stale}); npm run build`);
  const dir = databaseProject();
  const generate = () => {
    const r = spawnSync(process.execPath, [join(repo, "bin/kube-codegen.js"), "generate", "--verbose"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, KUBE_CODEGEN_CODE_CACHE: tempDir("kcg-code-") },
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    return r.stdout;
  };
  assert.match(generate(), /^cache {5}files: 0 reused, \d+ parsed; units: 0 reused, \d+ run; outputs: 0 known by their stamps, 0 read$/m);
  const path = join(dir, "apis/db/v1/types.ts");
  writeFileSync(path, `${readFileSync(path, "utf8")}\n// changed\n`);
  assert.match(generate(), /^cache {5}files: \d+ reused, 1 parsed \(1 on a second thread\); units: \d+ reused, \d+ run; outputs: /m);
});
