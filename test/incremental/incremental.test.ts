// Incremental regeneration (docs/architecture.md#incremental-regeneration): a run with the cache
// gives exactly what a run without one gives, files and diagnostics, whatever the cache holds:
// after one kind changed, after a shared type another package imports changed, after the cache was
// deleted, and with packs that are garbage, cut off, or whose entries do not match their headers. Each test also checks
// the cache was used (its hit and miss counts), so it fails if the cache stopped working as well as
// if it gave a wrong answer. The examples' common, gadgets and kitchensink packages are the input:
// a package of shared types imported by another, several versions of one group, and warnings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CacheStore } from "../../src/cache/index.js";
import { Code, type Diagnostic } from "../../src/diagnostics/index.js";
import { applyPlan, existingGenerated, OutputDisk, planOutput } from "../../src/output/index.js";
import { runPipeline } from "../../src/pipeline.js";
import { exampleGroupDir } from "../helpers/examples.js";
import { cacheEntries, entriesByNamespace, entry, PACK_MAGIC, packBytes, replacePacks, type PackedEntry } from "../helpers/cache-packs.js";
import { tempDir } from "../helpers/fs.js";
import { testOptions } from "../helpers/options.js";

/** A project with the three example packages under apis/. */
function project(): string {
  const dir = tempDir();
  for (const group of ["common", "gadgets", "kitchensink"]) cpSync(exampleGroupDir(group), join(dir, "apis", group), { recursive: true });
  return dir;
}

interface Run {
  readonly files: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A generate of every generator on dir's apis/ into dir/out, as the cli runs one: with the cache in
 * dir/cache when `cache` is given, the outputs on disk known by their stamps (`disk`, made here
 * unless given), and the stamps and entries stored once the files are written. Older server
 * versions give warnings.
 */
async function run(dir: string, cache?: CacheStore, given?: OutputDisk): Promise<Run> {
  const options = optionsOf(dir);
  const disk = cache && (given ?? OutputDisk.forRun(options, cache));
  const r = await runPipeline(options, cache, { disk });
  const existing = existingGenerated(options.cwd, r.owned, disk);
  const plan = planOutput(options.cwd, r.files, existing);
  assert.deepEqual(plan.diagnostics, []);
  const applied = applyPlan(options.cwd, plan);
  assert.equal(applied.failure, undefined);
  if (cache && disk) {
    disk.save(cache, plan, existing);
    cache.flush();
  }
  return { files: new Map(r.files.map((f) => [f.path, f.content])), diagnostics: r.diagnostics };
}

const optionsOf = (dir: string) => testOptions(dir, { input: "apis", generators: "all", serverVersions: "1.24-1.32" });
const cacheOf = (dir: string) => new CacheStore(join(dir, "cache"));
/** Longer than OutputDisk's racy margin: files older than this when a run ends get their stamps. */
const pastRacyMargin = () => new Promise((r) => setTimeout(r, 100));

function assertSameRun(actual: Run, expected: Run): void {
  assert.deepEqual([...actual.files.keys()], [...expected.files.keys()], "the same files");
  for (const [path, content] of expected.files) assert.equal(actual.files.get(path), content, `${path} is byte-identical`);
  assert.deepEqual(actual.diagnostics, expected.diagnostics, "the same diagnostics");
}

/** Every entry of the cache, by namespace. */
const entries = (dir: string) => entriesByNamespace(join(dir, "cache"));

function edit(dir: string, rel: string, from: string, to: string): void {
  const p = join(dir, rel);
  const text = readFileSync(p, "utf8");
  assert.ok(text.includes(from), `${rel} contains ${from}`);
  writeFileSync(p, text.replace(from, to));
}

test("a run from a full cache gives the cold run's files and warnings, and computes nothing again", async () => {
  const dir = project();
  const cold = await run(dir);
  assert.ok(
    cold.diagnostics.some((d) => d.severity === "warning"),
    "the input has warnings, so the test shows they survive the cache",
  );
  assertSameRun(await run(dir, cacheOf(dir)), cold);
  const cache = cacheOf(dir);
  assertSameRun(await run(dir, cache), cold);
  for (const ns of ["parse", "unit"]) {
    const s = cache.stats(ns);
    assert.equal(s.misses, 0, `${ns}: every entry found`);
    assert.ok(s.hits > 0, `${ns}: used`);
  }
  // Every file came from a unit with its final bytes: no folder's texts, no shape, was even looked up.
  assert.deepEqual(cache.stats("final"), { hits: 0, misses: 0, rejected: 0 });
  assert.deepEqual(cache.stats("format"), { hits: 0, misses: 0, rejected: 0 });
});

test("one kind changed: only its file is parsed and the units reading its package built again, and the output equals a cold run", async () => {
  const dir = project();
  await run(dir, cacheOf(dir));
  const before = await run(dir, cacheOf(dir));
  edit(dir, "apis/gadgets/v1/types.ts", "// GadgetSpec inlines", "// GadgetSpec, changed here, inlines");
  const cache = cacheOf(dir);
  const warm = await run(dir, cache);
  assertSameRun(warm, await run(dir));
  assert.equal(cache.stats("parse").misses, 1, "one file parsed");
  const gadgetCrds = [...warm.files.keys()].filter((p) => p.endsWith(".yaml") && p.includes("gadgets.example.com"));
  assert.ok(gadgetCrds.length > 0);
  // The units that read gadgets/v1 (a package without +genclient kinds): its CRDs, its deep copies
  // and its registration, and the three that read every package (the escape-hatch check, the
  // clientset's and the informer factory's roots). Nothing of common or kitchensink runs again.
  const gadgetUnits = gadgetCrds.length + 2 + 3;
  assert.equal(cache.stats("unit").misses, gadgetUnits, "only the units reading gadgets/v1 are built again");
  assert.ok(cache.stats("unit").hits > 0, "the other packages' units come from the cache");
  const changed = [...warm.files].filter(([p, c]) => before.files.get(p) !== c).map(([p]) => p);
  assert.ok(changed.length > 0 && changed.every((p) => gadgetCrds.includes(p)), `only gadgets CRDs changed: ${changed.join(", ")}`);
});

test("a shared type changed in common/v1 reaches the CRDs of gadgets/v1, which import it", async () => {
  const dir = project();
  await run(dir, cacheOf(dir));
  const before = await run(dir, cacheOf(dir));
  edit(
    dir,
    "apis/common/v1/types.ts",
    "export interface Endpoint {\n  // +optional\n",
    "export interface Endpoint {\n  // +optional\n  // +kubebuilder:validation:MaxItems=7\n",
  );
  const cache = cacheOf(dir);
  const warm = await run(dir, cache);
  assertSameRun(warm, await run(dir));
  assert.equal(cache.stats("parse").misses, 1, "only common/v1/types.ts is parsed again");
  const changedCrds = [...warm.files].filter(([p, c]) => p.endsWith(".yaml") && before.files.get(p) !== c).map(([p]) => p);
  assert.ok(
    changedCrds.some((p) => p.includes("gadgets.example.com")),
    `a gadgets CRD changed with the type it imports: ${changedCrds.join(", ")}`,
  );
  assert.ok(changedCrds.every((p) => warm.files.get(p)?.includes("maxItems: 7")));
});

test("a client marker changed: the typed client comes out as a cold run's", async () => {
  const dir = project();
  await run(dir, cacheOf(dir));
  const before = await run(dir, cacheOf(dir));
  edit(
    dir,
    "apis/kitchensink/v1/types.ts",
    "// +genclient\n// +kubebuilder:object:root=true",
    "// +genclient\n// +genclient:onlyVerbs=get,list,watch\n// +kubebuilder:object:root=true",
  );
  const cache = cacheOf(dir);
  const warm = await run(dir, cache);
  assertSameRun(warm, await run(dir));
  const changed = [...warm.files].filter(([p, c]) => before.files.get(p) !== c).map(([p]) => p);
  assert.ok(
    changed.some((p) => p.endsWith("clientset/kitchensink/v1/widget.ts")),
    `the typed client changed with its verbs: ${changed.join(", ")}`,
  );
  assert.ok(cache.stats("unit").hits > 0, "the other packages' units come from the cache");
});

test("a deleted cache is rebuilt, and gives the same output", async () => {
  const dir = project();
  const first = await run(dir, cacheOf(dir));
  rmSync(join(dir, "cache"), { recursive: true, force: true });
  const cache = cacheOf(dir);
  assertSameRun(await run(dir, cache), first);
  assert.equal(cache.stats("parse").hits + cache.stats("unit").hits + cache.stats("final").hits + cache.stats("format").hits, 0);
  assert.ok(
    [...entries(dir).values()].every((list) => list.length > 0),
    "every namespace filled again",
  );
  const again = cacheOf(dir);
  assertSameRun(await run(dir, again), first);
  assert.equal(again.stats("unit").misses, 0);
});

test("a reused unit's files are known by their stamps, unread; a file edited to the same length is read, and its unit runs again to restore it", async () => {
  const dir = project();
  const cold = await run(dir);
  await run(dir, cacheOf(dir));
  await pastRacyMargin();
  await run(dir, cacheOf(dir));
  const cache = cacheOf(dir);
  const disk = OutputDisk.forRun(optionsOf(dir), cache);
  assertSameRun(await run(dir, cache, disk), cold);
  assert.deepEqual(disk.counts, { stamped: cold.files.size, read: 0 }, "every output known by its stamp, none read");
  assert.deepEqual(cache.stats("unit").misses, 0);
  const [victim] = [...cold.files.keys()].filter((p) => p.endsWith(".yaml") && p.includes("gadgets.example.com"));
  assert.ok(victim);
  const text = readFileSync(join(dir, victim), "utf8");
  const edited = text.replace("type: object", "type: Object");
  assert.ok(edited !== text && edited.length === text.length);
  writeFileSync(join(dir, victim), edited);
  const again = cacheOf(dir);
  const seen = OutputDisk.forRun(optionsOf(dir), again);
  assertSameRun(await run(dir, again, seen), cold);
  assert.equal(readFileSync(join(dir, victim), "utf8"), text, "the edited file is restored");
  assert.deepEqual(again.stats("unit").rejected, 1, "the edited file's unit is refused");
  assert.deepEqual(again.stats("unit").misses, 1, "and only it runs again");
  assert.deepEqual(seen.counts, { stamped: cold.files.size - 1, read: 1 }, "only the edited file is read");
});

test("a removed output's unit runs again and writes it back", async () => {
  const dir = project();
  const cold = await run(dir, cacheOf(dir));
  const [victim] = [...cold.files.keys()].filter((p) => p.endsWith(".ts") && p.includes("kitchensink"));
  assert.ok(victim);
  rmSync(join(dir, victim));
  const cache = cacheOf(dir);
  assertSameRun(await run(dir, cache), cold);
  assert.equal(readFileSync(join(dir, victim), "utf8"), cold.files.get(victim));
  assert.deepEqual(cache.stats("unit").rejected, 1);
  assert.deepEqual(cache.stats("unit").misses, 1);
});

test("outputs written again with the same bytes (a fresh checkout) are read once, every unit is reused, and the next run knows them by their stamps", async () => {
  const dir = project();
  const cold = await run(dir, cacheOf(dir));
  // As git checks files out: new files, new inodes and times, the same bytes.
  for (const p of cold.files.keys()) {
    const bytes = readFileSync(join(dir, p));
    rmSync(join(dir, p));
    writeFileSync(join(dir, p), bytes);
  }
  await pastRacyMargin();
  const cache = cacheOf(dir);
  const disk = OutputDisk.forRun(optionsOf(dir), cache);
  assertSameRun(await run(dir, cache, disk), cold);
  assert.deepEqual(disk.counts, { stamped: 0, read: cold.files.size });
  assert.equal(cache.stats("unit").misses, 0, "every unit reused");
  const next = cacheOf(dir);
  const known = OutputDisk.forRun(optionsOf(dir), next);
  assertSameRun(await run(dir, next, known), cold);
  assert.deepEqual(known.counts, { stamped: cold.files.size, read: 0 });
});

test("a stamp forged to match a hand-written file where a generated one was never lets a run overwrite it", async () => {
  const dir = project();
  const cold = await run(dir, cacheOf(dir));
  await pastRacyMargin();
  await run(dir, cacheOf(dir));
  const [victim] = [...cold.files.keys()].filter((p) => p.endsWith(".yaml"));
  assert.ok(victim);
  const handWritten = "# mine, not generated\nkind: Nothing\n";
  writeFileSync(join(dir, victim), handWritten);
  // The stamp of the victim now names the hand-written file's inode, size and times, with a digest
  // that is neither its bytes' nor the generated file's: as an edit racing a run's look could leave it.
  const st = statSync(join(dir, victim), { bigint: true });
  const root = join(dir, "cache");
  const forged = cacheEntries(root).map((e) => {
    if (e.namespace !== "outputs") return e;
    const rows = (JSON.parse(e.value.toString("utf8")) as string[][]).map((r) =>
      r[0] === victim ? [victim, `${st.size}`, `${st.mtimeNs}`, `${st.ctimeNs}`, `${st.ino}`, "0".repeat(64)] : r,
    );
    return entry(e.namespace, e.key, JSON.stringify(rows));
  });
  replacePacks(root, forged);
  const cache = cacheOf(dir);
  const options = optionsOf(dir);
  const disk = OutputDisk.forRun(options, cache);
  const r = await runPipeline(options, cache, { disk });
  const plan = planOutput(options.cwd, r.files, existingGenerated(options.cwd, r.owned, disk));
  assert.deepEqual(
    plan.diagnostics.map((d) => [d.file, d.code]),
    [[victim, Code.handWrittenFile]],
  );
  assert.equal(readFileSync(join(dir, victim), "utf8"), handWritten);
});

/**
 * Ways the cache goes bad. Every entry refused: its value changed under its header, or its header's
 * hash one digit off. Or none found at all: the packs cut off inside the first entry,
 * emptied, or garbage.
 */
const corruptions: Record<string, { corrupt: (all: PackedEntry[]) => PackedEntry[] | Buffer; refused: boolean }> = {
  "value changed under a valid header": {
    corrupt: (all) => all.map((e) => ({ ...e, value: Buffer.from(e.value.toString("latin1").replace(/[a-z]/, "X"), "latin1") })),
    refused: true,
  },
  "header with a hash one digit off": {
    corrupt: (all) => all.map((e) => ({ ...e, hash: `${e.hash[0] === "0" ? "1" : "0"}${e.hash.slice(1)}` })),
    refused: true,
  },
  "cut off inside the first entry": {
    corrupt: (all) =>
      packBytes(all).subarray(
        0,
        PACK_MAGIC.length + `${all[0]!.namespace}\t${all[0]!.key}\t${all[0]!.length}\t${all[0]!.hash}\n`.length + 1,
      ),
    refused: false,
  },
  "garbage bytes": { corrupt: () => Buffer.from([0xff, 0xfe, 0x00, 0x9c, 0x0a, 0x41]), refused: false },
  empty: { corrupt: () => Buffer.alloc(0), refused: false },
};

for (const [what, { corrupt, refused }] of Object.entries(corruptions)) {
  test(`the cache's packs ${what}: no entry is used, and the output is a cold run's`, async () => {
    const dir = project();
    const cold = await run(dir);
    await run(dir, cacheOf(dir));
    const all = cacheEntries(join(dir, "cache"));
    replacePacks(join(dir, "cache"), corrupt(all));
    const cache = cacheOf(dir);
    assertSameRun(await run(dir, cache), cold);
    for (const ns of ["parse", "unit", "final", "format"]) {
      const s = cache.stats(ns);
      assert.equal(s.hits, 0, `${ns}: no bad entry used`);
      if (refused) assert.ok(s.rejected > 0, `${ns}: bad entries refused`);
    }
    // Refused entries were computed again and stored whole: the next run finds them all.
    const next = cacheOf(dir);
    assertSameRun(await run(dir, next), cold);
    for (const ns of ["parse", "unit", "final"]) assert.equal(next.stats(ns).misses, 0, `${ns}: entries rewritten`);
  });
}
