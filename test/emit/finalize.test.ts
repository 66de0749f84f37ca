// The output stage's formatting: files of one shape are formatted once per run, with or without
// the on-disk cache (a cached run that formatted every file again was most of a cold run's time),
// and a folder whose texts are all unchanged is taken whole from the cache.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { prettierOutput } from "../helpers/prettier.js";
import { CacheStore } from "../../src/cache/index.js";
import { finalize } from "../../src/output/index.js";
import { tempDir } from "../helpers/fs.js";

/** Listers of three kinds: one shape, three names, each line too long for prettier to leave as is. */
const files = ["Alpha", "Bravo", "Charl"].map((kind) => ({
  path: `listers/${kind.toLowerCase()}.ts`,
  lang: "ts" as const,
  body: `export function list${kind}Objects(lister: runtime.Lister<${kind}>, namespace: string, selector?: runtime.LabelSelector): ${kind}[] { return lister.list(namespace, selector); }\n`,
}));

test("finalize formats each shape once when it keeps a cache, takes an unchanged folder whole, and every file is prettier's output", async () => {
  const dir = tempDir("kcg-finalize-");
  try {
    const cache = new CacheStore(dir);
    const out = await finalize([...files], "", cache);
    assert.equal(
      cache.stats("format").misses,
      2,
      "one lookup (and one prettier run) for the one shape of the listers, one for the generated-code header",
    );
    assert.equal(cache.stats("final").misses, 1, "one folder");
    for (const f of out) {
      assert.equal(f.content, await prettierOutput(f.content));
      assert.match(f.content, new RegExp(`list${f.path.slice(8, 13).replace(/^./, (c) => c.toUpperCase())}Objects\\(\\n`));
    }
    // The next run finds the folder in the cache: nothing to format, no shape looked up.
    cache.flush();
    const again = new CacheStore(dir);
    assert.deepEqual(await finalize([...files], "", again), out);
    assert.deepEqual(again.stats("final"), { hits: 1, misses: 0, rejected: 0 });
    assert.deepEqual(again.stats("format"), { hits: 0, misses: 0, rejected: 0 });
    // One file changed: its folder is formatted again, its shape found in the cache.
    const changed = files.map((f, i) => (i === 0 ? { ...f, body: f.body.replace("lister.list", "lister.find") } : f));
    const third = new CacheStore(dir);
    const outChanged = await finalize(changed, "", third);
    assert.equal(third.stats("final").misses, 1);
    assert.deepEqual(third.stats("format"), { hits: 2, misses: 0, rejected: 0 });
    assert.match(outChanged[0]?.content ?? "", /lister\.find\(/);
    assert.deepEqual(outChanged.slice(1), out.slice(1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
