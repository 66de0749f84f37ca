// Garbage collection between the pipeline's stages (src/memory): asked for, it frees what a stage
// dropped, a small heap or a stage with little to do is left alone, a stage's loop collects once it has grown, and the flag it sets keeps V8's code cache usable from one run
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

test("a stage starts with a full collection when asked and the heap is large, and not otherwise", () => {
  const r = runScript(`
    const { getHeapStatistics } = await import("node:v8");
    const { allowCollectingGarbage, startStage } = await import(${memoryModule});
    const used = () => getHeapStatistics().used_heap_size;
    const contexts = () => getHeapStatistics().number_of_native_contexts;
    allowCollectingGarbage();
    const before = contexts();
    startStage(true);
    const smallLeftAlone = contexts() === before;
    // A stage's work: many old-generation objects, then dropped.
    let held = Array.from({ length: 400_000 }, (_, i) => ({ i, name: "item-" + i, tags: [i, i + 1] }));
    held = undefined;
    const big = used();
    startStage(false);
    const notAsked = used();
    startStage(true);
    console.log(JSON.stringify({ smallLeftAlone, big, notAsked, after: used(), exposed: typeof globalThis.gc }));`) as {
    smallLeftAlone: boolean;
    big: number;
    notAsked: number;
    after: number;
    exposed: string;
  };
  assert.ok(r.smallLeftAlone, "a small heap: no collector was even made");
  assert.ok(r.big > 64 << 20, `the heap grew past the threshold (${r.big})`);
  assert.ok(r.notAsked > r.big * 0.9, `not asked: nothing collected (${r.big} -> ${r.notAsked})`);
  assert.ok(r.after < r.big / 2, `asked: collected (${r.big} -> ${r.after})`);
  assert.equal(r.exposed, "undefined", "no gc is put on the program's global object");
});

test("within a stage, a collection comes once the heap has grown well past the stage's start", () => {
  const r = runScript(`
    const { getHeapStatistics } = await import("node:v8");
    const { allowCollectingGarbage, startStage, collectIfGrown } = await import(${memoryModule});
    const used = () => getHeapStatistics().used_heap_size;
    allowCollectingGarbage();
    const keep = Array.from({ length: 300_000 }, (_, i) => ({ i, name: "kept-" + i }));
    startStage(false);
    const floor = used();
    // A little garbage: under the growth that is worth a collection.
    let some = Array.from({ length: 20_000 }, (_, i) => ({ i, name: "some-" + i }));
    some = undefined;
    const contexts = () => getHeapStatistics().number_of_native_contexts;
    const before = contexts();
    collectIfGrown();
    const smallLeftAlone = contexts() === before;
    let lots = Array.from({ length: 1_000_000 }, (_, i) => ({ i, name: "lots-" + i }));
    lots = undefined;
    const grown = used();
    collectIfGrown();
    console.log(JSON.stringify({ smallLeftAlone, floor, grown, after: used(), kept: keep.length }));`) as Record<string, number>;
  assert.equal(r["smallLeftAlone"], true, "a little growth: no collection (no collector was even made)");
  assert.ok(r["grown"]! > r["floor"]! + (64 << 20), `grew well past the floor (${r["floor"]} -> ${r["grown"]})`);
  assert.ok(r["after"]! < r["grown"]! - (32 << 20), `collected (${r["grown"]} -> ${r["after"]})`);
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
