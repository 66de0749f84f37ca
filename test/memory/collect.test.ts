// Garbage collection between the pipeline's stages (src/memory): asked for, it frees what a stage
// dropped, a small heap is left alone, and the flag it sets keeps V8's code cache usable from one run
// to the next (V8 checks a cache against the flags it was made under). Each case runs in a process
// of its own: the flag and the collector are the process's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "../helpers/fs.js";

const tsx = import.meta.resolve("tsx");
const repo = join(import.meta.dirname, "../..");
const cacheModule = JSON.stringify(pathToFileURL(join(repo, "src/cache/index.ts")).href);
const memoryModule = JSON.stringify(pathToFileURL(join(repo, "src/memory/index.ts")).href);

function runScript(script: string): unknown {
  const r = spawnSync(process.execPath, ["--import", tsx, "--input-type=module", "-e", script], { cwd: repo, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test("between stages, what a stage dropped is collected once the heap is large, and a small heap is left alone", () => {
  const r = runScript(`
    const { getHeapStatistics } = await import("node:v8");
    const { allowCollectingGarbage, collectBetweenStages } = await import(${memoryModule});
    const used = () => getHeapStatistics().used_heap_size;
    const contexts = () => getHeapStatistics().number_of_native_contexts;
    allowCollectingGarbage();
    const before = contexts();
    collectBetweenStages();
    const leftAlone = contexts() === before;
    // A stage's work: many old-generation objects, then dropped.
    let held = Array.from({ length: 400_000 }, (_, i) => ({ i, name: "item-" + i, tags: [i, i + 1] }));
    const big = used();
    held = undefined;
    collectBetweenStages();
    console.log(JSON.stringify({ leftAlone, big, after: used(), exposed: typeof globalThis.gc }));`) as {
    leftAlone: boolean;
    big: number;
    after: number;
    exposed: string;
  };
  assert.ok(r.leftAlone, "a small heap: no collector was even made");
  assert.ok(r.big > 64 << 20, `the heap grew past the threshold (${r.big})`);
  assert.ok(r.after < r.big / 2, `collected: ${r.big} -> ${r.after}`);
  assert.equal(r.exposed, "undefined", "no gc is put on the program's global object");
});

test("with collection allowed, a library's code cache made in one run is taken by the next", () => {
  const dir = tempDir("kcg-gc-code-");
  try {
    const script = `
      const { createRequire } = await import("node:module");
      const { allowCollectingGarbage } = await import(${memoryModule});
      allowCollectingGarbage();
      const { CacheStore, enableCodeCache, requireCompiled, storeCodeCaches } = await import(${cacheModule});
      enableCodeCache(new CacheStore(${JSON.stringify(dir)}));
      const compiled = requireCompiled(createRequire(${JSON.stringify(join(repo, "package.json"))}).resolve("typescript"));
      compiled.exports.createSourceFile("w.ts", "export interface W { n: number }", compiled.exports.ScriptTarget.Latest);
      storeCodeCaches();
      console.log(JSON.stringify({ used: compiled.used }));`;
    assert.deepEqual(runScript(script), { used: false }, "the first run compiles and stores");
    assert.deepEqual(runScript(script), { used: true }, "V8 takes the cache made under the same flags");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
