// The parse thread (src/load/parser-thread.ts): a run with a warm cache sends the files it must
// parse to a second thread, which loads TypeScript while the main thread decodes the rest from the
// cache. Its syntax must be the main thread's, it must be used when it can be (counted), and a
// thread that fails must leave the parsing to the main thread, with the same result.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CacheStore } from "../../src/cache/index.js";
import { loadInputCached, ParserThread } from "../../src/load/index.js";
import { parseFile } from "../../src/load/parse.js";
import { exampleGroupDir } from "../helpers/examples.js";
import { tempDir } from "../helpers/fs.js";

/** A project with two example packages under apis/, its cache filled by one load. */
async function warmProject(): Promise<{ dir: string; cache: () => CacheStore }> {
  const dir = tempDir();
  for (const group of ["common", "gadgets"]) cpSync(exampleGroupDir(group), join(dir, "apis", group), { recursive: true });
  const cache = () => new CacheStore(join(dir, "cache"));
  const first = cache();
  await loadInputCached("apis", dir, first);
  first.flush();
  return { dir, cache };
}

function edit(dir: string): void {
  const p = join(dir, "apis/gadgets/v1/types.ts");
  writeFileSync(p, readFileSync(p, "utf8").replace("// GadgetSpec inlines", "// GadgetSpec, changed, inlines"));
}

test("the thread parses a file as the main thread does", async () => {
  const text = readFileSync(join(exampleGroupDir("gadgets"), "v1/types.ts"), "utf8");
  const broken = "export interface Broken {\n  a: string\n";
  const thread = ParserThread.start(undefined);
  try {
    const files = [
      { rel: "gadgets/v1/types.ts", display: "apis/gadgets/v1/types.ts", text },
      { rel: "gadgets/v1/broken.ts", display: "apis/gadgets/v1/broken.ts", text: broken },
    ];
    const parsed = await thread.parse(files);
    assert.deepEqual(
      parsed,
      files.map((f) => parseFile(f.rel, f.display, f.text)),
    );
    assert.equal(thread.parsedFiles, 2);
  } finally {
    thread.stop();
  }
});

test("with a warm cache, the changed file is parsed on the thread, and the syntax is a load's without a cache", async () => {
  const { dir, cache } = await warmProject();
  edit(dir);
  const thread = ParserThread.start(undefined);
  const store = cache();
  const loaded = await loadInputCached("apis", dir, store, thread);
  assert.equal(thread.parsedFiles, 1, "the one changed file went to the thread");
  assert.equal(store.stats("parse").misses, 1);
  assert.deepEqual(loaded, await loadInputCached("apis", dir, undefined));
});

test("a thread that fails leaves the parsing to the main thread, with the same syntax", async () => {
  const { dir, cache } = await warmProject();
  edit(dir);
  const script = new URL(`data:text/javascript,${encodeURIComponent("throw new Error('no thread today')")}`);
  const thread = ParserThread.start(undefined, script);
  const loaded = await loadInputCached("apis", dir, cache(), thread);
  assert.equal(thread.parsedFiles, 0);
  assert.deepEqual(loaded, await loadInputCached("apis", dir, undefined));
});
