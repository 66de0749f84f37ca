// V8's code cache for the libraries a run compiles (src/cache/code-cache.ts): stored on the first
// run, taken by V8 on the next, kept in the user's cache folder rather than the project's, and a bad
// entry, which V8 refuses, only costs a compile and is stored again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { userCodeCacheDir } from "../../src/cache/index.js";
import { cacheEntries, entry as packedEntry, replacePacks } from "../helpers/cache-packs.js";
import { tempDir } from "../helpers/fs.js";

const tsx = import.meta.resolve("tsx");
const repo = join(import.meta.dirname, "../..");

/**
 * In a new process, as V8 keeps compiled scripts in memory too (a second compile in one process
 * never reads the code cache): requires TypeScript with the code cache in `dir`, parses a file with
 * it, stores what needs storing, and answers with the store's counts, whether V8 took the cache,
 * and the parsed statement's kind.
 */
function compileAndParse(
  dir: string,
  flags: string[] = [],
): { stats: { hits: number; misses: number; rejected: number }; used: boolean; kind: number } {
  const script = `
    const { createRequire } = await import("node:module");
    const { CacheStore, enableCodeCache, requireCompiled, storeCodeCaches } = await import(${JSON.stringify(pathToFileURL(join(repo, "src/cache/index.ts")).href)});
    const cache = new CacheStore(${JSON.stringify(dir)});
    enableCodeCache(cache);
    const file = createRequire(${JSON.stringify(join(repo, "package.json"))}).resolve("typescript");
    const compiled = requireCompiled(file);
    const ts = compiled.exports;
    const parsed = ts.createSourceFile("w.ts", "export interface Widget { size: number }", ts.ScriptTarget.Latest, true);
    if (requireCompiled(file).exports !== ts) throw new Error("a second require compiled another TypeScript");
    storeCodeCaches();
    console.log(JSON.stringify({ stats: cache.stats("code-cache"), used: compiled.used, kind: parsed.statements[0].kind }));`;
  const r = spawnSync(process.execPath, [...flags, "--import", tsx, "--input-type=module", "-e", script], { cwd: repo, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as ReturnType<typeof compileAndParse>;
}

const entries = (dir: string) => cacheEntries(dir).filter((e) => e.namespace === "code-cache");

test("the first compile stores V8's code cache, the next takes it, and a refused entry is stored again", () => {
  const dir = tempDir("kcg-code-cache-");
  try {
    const first = compileAndParse(dir);
    assert.deepEqual(first.stats, { hits: 0, misses: 1, rejected: 0 });
    assert.equal(first.used, false);
    const [entry, ...others] = entries(dir);
    assert.equal(others.length, 0);
    assert.ok(entry !== undefined && entry.value.length > 1_000_000, "the code cache of a 9 MB compiler");

    const second = compileAndParse(dir);
    assert.deepEqual(second.stats, { hits: 1, misses: 0, rejected: 0 });
    assert.ok(second.used, "V8 took the code cache");
    assert.equal(second.kind, first.kind, "the compiler compiled from the code cache parses as the one compiled from source");
    assert.deepEqual(
      entries(dir).map((e) => e.key),
      [entry.key],
      "nothing more stored",
    );

    // Node.js started with other flags, under which V8 would refuse the entry: its own entry, and
    // the first is left for the runs it suits.
    const profiled = compileAndParse(dir, ["--max-old-space-size=1000"]);
    assert.deepEqual(profiled.stats, { hits: 0, misses: 1, rejected: 0 });
    assert.equal(entries(dir).length, 2);
    assert.equal(compileAndParse(dir).used, true);

    // An entry whose header and hash check out but whose bytes are not V8's: the store hands it
    // over, V8 refuses it, and the compile stores a good one in its place.
    replacePacks(dir, [packedEntry("code-cache", entry.key, Buffer.from("not V8's code cache").toString("base64"))]);
    const third = compileAndParse(dir);
    assert.deepEqual(third.stats, { hits: 1, misses: 0, rejected: 0 });
    assert.equal(third.used, false, "V8 refused the forged code cache");
    assert.equal(third.kind, first.kind);
    assert.ok(
      entries(dir)[0]!.key === entry.key && entries(dir)[0]!.value.length > 1_000_000,
      "a good one is stored again, in the newest pack",
    );
    assert.equal(compileAndParse(dir).used, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the code cache lives in the user's cache folder, or the one KUBE_CODEGEN_CODE_CACHE names", () => {
  assert.equal(userCodeCacheDir({ KUBE_CODEGEN_CODE_CACHE: "/srv/cc", XDG_CACHE_HOME: "/x", HOME: "/h" }), "/srv/cc");
  assert.equal(userCodeCacheDir({ XDG_CACHE_HOME: "/x", HOME: "/h" }), "/x/kube-codegen");
  assert.equal(
    userCodeCacheDir({ XDG_CACHE_HOME: "relative", HOME: "/h" }),
    "/h/.cache/kube-codegen",
    "a relative XDG_CACHE_HOME is ignored, as the spec says",
  );
  assert.equal(userCodeCacheDir({ HOME: "/h" }), "/h/.cache/kube-codegen");
  assert.equal(userCodeCacheDir({ HOME: "" }), undefined, "no absolute home: the project's cache is used");
});

test("a library an ES module import has linked but not yet run is compiled afresh, not taken half-made from require's cache", () => {
  const dir = tempDir("kcg-code-linked-");
  try {
    const tsFile = createRequire(join(repo, "package.json")).resolve("typescript");
    // main.mjs imports first.mjs, then TypeScript: Node.js links both (putting TypeScript in
    // require's cache, its exports still empty) before it runs first.mjs, which asks for TypeScript.
    writeFileSync(
      join(dir, "first.mjs"),
      `import { requireCompiled } from ${JSON.stringify(pathToFileURL(join(repo, "src/cache/index.ts")).href)};
export const early = requireCompiled(${JSON.stringify(tsFile)}).exports;`,
    );
    writeFileSync(
      join(dir, "main.mjs"),
      `import { early } from "./first.mjs";
import ts from ${JSON.stringify(pathToFileURL(tsFile).href)};
console.log(JSON.stringify({ early: early.ScriptTarget?.ES2022, imported: ts.ScriptTarget.ES2022 }));`,
    );
    const r = spawnSync(process.execPath, ["--import", tsx, join(dir, "main.mjs")], { cwd: repo, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    const { early, imported } = JSON.parse(r.stdout) as { early: unknown; imported: number };
    assert.equal(early, imported, "the early require got a whole TypeScript");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a library's text reaches V8 whole, ASCII or not", () => {
  const dir = tempDir("kcg-code-text-");
  try {
    // Read as Latin-1 only when every byte is ASCII: a library with UTF-8 text must keep it, in
    // its strings and in the source V8 compiles lazily (Function.prototype.toString shows it).
    const lib = join(dir, "lib.cjs");
    writeFileSync(lib, 'exports.text = "naïve ✓ 名前";\nexports.show = function () { return "ça"; };\n');
    writeFileSync(join(dir, "plain.cjs"), 'exports.text = "plain";\n');
    const script = `
      const { CacheStore, enableCodeCache, requireCompiled } = await import(${JSON.stringify(pathToFileURL(join(repo, "src/cache/index.ts")).href)});
      enableCodeCache(new CacheStore(${JSON.stringify(join(dir, "cache"))}));
      const lib = requireCompiled(${JSON.stringify(lib)}).exports;
      const plain = requireCompiled(${JSON.stringify(join(dir, "plain.cjs"))}).exports;
      console.log(JSON.stringify({ text: lib.text, show: lib.show.toString(), plain: plain.text }));`;
    const r = spawnSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { cwd: repo, encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { text: "naïve ✓ 名前", show: 'function () { return "ça"; }', plain: "plain" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
