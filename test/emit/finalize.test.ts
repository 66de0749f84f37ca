// The output stage's formatting: files of one shape are formatted once per run, with or without
// the on-disk cache (a cached run that formatted every file again was most of a cold run's time).
import { test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import * as prettier from "prettier";
import { CacheStore } from "../../src/cache/index.js";
import { finalize } from "../../src/output/index.js";
import { tempDir } from "../helpers/fs.js";

/** Listers of three kinds: one shape, three names, each line too long for prettier to leave as is. */
const files = ["Alpha", "Bravo", "Charl"].map((kind) => ({
  path: `listers/${kind.toLowerCase()}.ts`,
  lang: "ts" as const,
  body: `export function list${kind}Objects(lister: runtime.Lister<${kind}>, namespace: string, selector?: runtime.LabelSelector): ${kind}[] { return lister.list(namespace, selector); }\n`,
}));

test("finalize formats each shape once when it keeps a cache, and every file is prettier's output", async () => {
  const dir = tempDir("kcg-finalize-");
  try {
    const cache = new CacheStore(dir);
    const out = await finalize(files, "", cache);
    assert.equal(cache.stats("format").misses, 1, "one lookup (and one prettier run) for the one shape");
    for (const f of out) {
      assert.equal(f.content, await prettier.format(f.content, { parser: "typescript", printWidth: 100, trailingComma: "all" }));
      assert.match(f.content, new RegExp(`list${f.path.slice(8, 13).replace(/^./, (c) => c.toUpperCase())}Objects\\(\\n`));
    }
    // The next run finds the shape in the cache: nothing to format.
    cache.flush();
    const again = new CacheStore(dir);
    assert.deepEqual(await finalize(files, "", again), out);
    assert.deepEqual(again.stats("format"), { hits: 1, misses: 0, rejected: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
