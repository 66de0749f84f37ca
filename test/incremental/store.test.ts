// The cache's parts alone: plain data survives the round trip the parse cache puts the loader's
// syntax through, exactly (what JSON alone would change is what a cached run could get wrong), and
// the store returns a value only from an entry whose header and bytes check out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CacheStore, decodePlain, digest, encodePlain } from "../../src/cache/index.js";
import { tempDir } from "../helpers/fs.js";

test("plain data round-trips exactly, including what JSON would change", () => {
  const tagged = Object.fromEntries([["\u0000", "not a tag"]]);
  const proto = JSON.parse('{"__proto__": {"x": 1}}') as object;
  const values: unknown[] = [
    { a: undefined, b: [undefined, null, 1], c: -0, d: NaN, e: Infinity, f: -Infinity },
    new Map<string, unknown>([
      ["k", new Set([1, "1"])],
      ["u", undefined],
    ]),
    { nested: [{ names: new Map([["Local", "Imported"]]) }] },
    tagged,
    proto,
    ["\u0000u", { "\u0000": "u" }],
    "",
    0,
  ];
  for (const v of values) assert.deepStrictEqual(decodePlain(encodePlain(v)), v);
  const back = decodePlain(encodePlain(proto)) as Record<string, unknown>;
  assert.ok(Object.hasOwn(back, "__proto__"), "an own __proto__ key stays an own key");
  assert.equal(Object.getPrototypeOf(back), Object.prototype);
  assert.ok(Object.is((decodePlain(encodePlain({ z: -0 })) as { z: number }).z, -0));
});

test("equal data encodes to equal text, and different data to different text", () => {
  assert.equal(encodePlain({ a: [1, undefined] }), encodePlain({ a: [1, undefined] }));
  const distinct = [{ a: undefined }, {}, { a: null }, [undefined], [null], [], { a: -0 }, { a: 0 }, new Map(), new Set(), {}];
  const texts = distinct.map((v) => encodePlain(v));
  assert.equal(new Set(texts.slice(0, -1)).size, texts.length - 1);
});

test("plain JSON data encodes as JSON itself, and a cycle is refused rather than walked forever", () => {
  const plain = { a: [1, "x", true, null, { b: [[2.5]] }], "c d": {} };
  assert.equal(encodePlain(plain), JSON.stringify(plain));
  assert.deepStrictEqual(decodePlain(encodePlain(plain)), plain);
  const shared = { n: 1 };
  assert.deepStrictEqual(decodePlain(encodePlain([shared, shared])), [{ n: 1 }, { n: 1 }]);
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic["self"] = cyclic;
  assert.throws(() => encodePlain(cyclic), TypeError);
});

test("digest keeps the parts apart", () => {
  assert.notEqual(digest(["ab", "c"]), digest(["a", "bc"]));
  assert.notEqual(digest(["a"]), digest(["a", ""]));
  assert.match(digest([]), /^[0-9a-f]{64}$/);
});

function entryFile(dir: string): string {
  const files = readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
  assert.equal(files.length, 1);
  return files[0]!;
}

test("the store gives back what was put once flushed, and refuses an entry that does not check out", () => {
  const dir = tempDir();
  const key = digest(["k"]);
  const store = new CacheStore(dir);
  store.put("unit", key, "value ✓");
  assert.equal(new CacheStore(dir).get("unit", key), undefined, "nothing is written before flush");
  store.flush();
  assert.equal(new CacheStore(dir).get("unit", key), "value ✓");
  assert.equal(new CacheStore(dir).get("format", key), undefined, "another namespace");
  assert.equal(new CacheStore(dir).get("unit", digest(["other"])), undefined, "another key");
  const file = entryFile(dir);
  const good = readFileSync(file, "utf8");
  for (const bad of [good.slice(0, -1), `${good}x`, good.replace("value", "valuE"), good.replace(key, digest(["x"])), "", "\u0000\u0001"]) {
    writeFileSync(file, bad);
    const s = new CacheStore(dir);
    assert.equal(s.get("unit", key), undefined, JSON.stringify(bad));
    assert.deepEqual(s.stats("unit"), { hits: 0, misses: 1, rejected: 1 });
  }
});

test("a cache directory that cannot be written costs nothing but the saving", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "file"), "");
  const store = new CacheStore(join(dir, "file", "cache"));
  store.put("parse", digest(["k"]), "v");
  store.flush();
  assert.equal(store.get("parse", digest(["k"])), undefined);
});

test("an entry is written in place but never through a symbolic link planted where it goes", () => {
  const dir = tempDir();
  const key = digest(["k"]);
  const outside = join(dir, "outside.txt");
  writeFileSync(outside, "the user's file");
  mkdirSync(join(dir, "cache", "unit"), { recursive: true });
  symlinkSync(outside, join(dir, "cache", "unit", key));
  const store = new CacheStore(join(dir, "cache"));
  store.put("unit", key, "value");
  store.put("unit", digest(["other"]), "other value");
  store.flush();
  assert.equal(readFileSync(outside, "utf8"), "the user's file", "the link's target is untouched");
  assert.equal(new CacheStore(join(dir, "cache")).get("unit", key), undefined, "the refused entry is a miss");
  assert.equal(new CacheStore(join(dir, "cache")).get("unit", digest(["other"])), "other value", "the other entry is written");
  // An entry written over a shorter or longer one of the same key is whole.
  const again = new CacheStore(join(dir, "cache"));
  again.put("unit", digest(["other"]), "o");
  again.flush();
  assert.equal(new CacheStore(join(dir, "cache")).get("unit", digest(["other"])), "o");
});
