// V8's code cache for the TypeScript compiler (src/load/typescript.ts): stored on the first run
// that parses, taken by V8 on the next, and a bad entry, which V8 refuses, only costs a compile and
// is stored again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "../helpers/fs.js";

const tsx = import.meta.resolve("tsx");
const repo = join(import.meta.dirname, "../..");

/**
 * In a new process, as V8 keeps compiled scripts in memory too (a second compile in one process
 * never reads the code cache): compiles TypeScript with the cache in `dir`, parses a file with it,
 * stores what needs storing, and answers with the store's counts, whether it stored, and the
 * parsed statement's kind.
 */
function compileAndParse(dir: string): {
  stats: { hits: number; misses: number; rejected: number };
  used: boolean;
  stored: boolean;
  kind: number;
} {
  const script = `
    const { CacheStore } = await import(${JSON.stringify(pathToFileURL(join(repo, "src/cache/index.ts")).href)});
    const { compileTypeScript, storeTypeScriptCode } = await import(${JSON.stringify(pathToFileURL(join(repo, "src/load/typescript.ts")).href)});
    const cache = new CacheStore(${JSON.stringify(dir)});
    const compiled = compileTypeScript(cache);
    const file = compiled.ts.createSourceFile("w.ts", "export interface Widget { size: number }", compiled.ts.ScriptTarget.Latest, true);
    storeTypeScriptCode(cache, compiled.unstored);
    cache.flush();
    console.log(JSON.stringify({ stats: cache.stats("code-cache"), used: compiled.used, stored: compiled.unstored !== undefined, kind: file.statements[0].kind }));`;
  const r = spawnSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { cwd: repo, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as ReturnType<typeof compileAndParse>;
}

function entries(dir: string): string[] {
  const root = join(dir, "code-cache");
  return readdirSync(root, { recursive: true })
    .map((f) => join(root, String(f)))
    .filter((f) => statSync(f).isFile());
}

test("the first compile stores V8's code cache, the next takes it, and a refused entry is stored again", () => {
  const dir = tempDir("kcg-code-cache-");
  try {
    const first = compileAndParse(dir);
    assert.deepEqual(first.stats, { hits: 0, misses: 1, rejected: 0 });
    assert.ok(first.stored && !first.used);
    const [entry] = entries(dir);
    assert.ok(entry !== undefined && statSync(entry).size > 1_000_000, "the code cache of a 9 MB compiler");

    const second = compileAndParse(dir);
    assert.deepEqual(second.stats, { hits: 1, misses: 0, rejected: 0 });
    assert.ok(second.used, "V8 took the code cache");
    assert.equal(second.stored, false, "nothing to store");
    assert.equal(second.kind, first.kind, "the compiler compiled from the code cache parses as the one compiled from source");

    // An entry whose header and hash check out but whose bytes are not V8's: the store hands it
    // over, V8 refuses it, and the compile stores a good one in its place.
    const text = readFileSync(entry, "utf8");
    const nl = text.indexOf("\n");
    const forged = Buffer.from("not V8's code cache").toString("base64");
    const [magic, ns, key] = text.slice(0, nl).split("\t");
    writeFileSync(
      entry,
      `${magic}\t${ns}\t${key}\t${Buffer.byteLength(forged)}\t${createHash("sha256").update(forged).digest("hex")}\n${forged}`,
    );
    const third = compileAndParse(dir);
    assert.deepEqual(third.stats, { hits: 1, misses: 0, rejected: 0 });
    assert.ok(!third.used && third.stored, "V8 refused the forged code cache; a good one is stored again");
    assert.equal(third.kind, first.kind);
    const fourth = compileAndParse(dir);
    assert.ok(fourth.used && !fourth.stored);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
