// The cache's parts alone: plain data survives the round trip the parse cache puts the loader's
// syntax through, exactly (what JSON alone would change is what a cached run could get wrong), and
// the store returns a value only from an entry whose header and bytes check out.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CacheStore, decodePlain, digest, encodePlain } from "../../src/cache/index.js";
import { cacheEntries, entry, packBytes, packFiles, replacePacks, writePack } from "../helpers/cache-packs.js";
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

test("the store gives back what was put once flushed, and refuses an entry that does not check out", () => {
  const dir = tempDir();
  const key = digest(["k"]);
  const store = new CacheStore(dir);
  store.put("unit", key, "value ✓");
  assert.equal(new CacheStore(dir).get("unit", key), undefined, "nothing is visible before flush");
  assert.equal(existsSync(join(dir, "packs")), false, "a few entries are held in memory until then");
  store.flush();
  assert.equal(packFiles(dir).length, 1, "one pack for the run");
  assert.equal(new CacheStore(dir).get("unit", key), "value ✓");
  assert.equal(new CacheStore(dir).get("format", key), undefined, "another namespace");
  assert.equal(new CacheStore(dir).get("unit", digest(["other"])), undefined, "another key");
  const [good] = cacheEntries(dir);
  assert.ok(good);
  const other = entry("unit", key, "value X");
  // Found under its key but refused: the bytes are not what the header says.
  const refused: Record<string, Buffer> = {
    "value changed under its header": packBytes([{ ...good, value: Buffer.from(good.value.toString().replace("value", "valuE")) }]),
    "another value's hash": packBytes([{ ...good, hash: other.hash }]),
    "a length past the pack's end": packBytes([{ ...good, length: good.length + 1 }]),
    "cut off inside the value": packBytes([good]).subarray(0, -1),
  };
  // Not found at all: no header for the key can be read.
  const absent: Record<string, Buffer> = {
    "another key": packBytes([{ ...good, key: digest(["x"]) }]),
    empty: Buffer.alloc(0),
    "not a pack": Buffer.from("\u0000\u0001"),
    "cut off inside the header": packBytes([good]).subarray(0, 60),
  };
  for (const [what, bytes] of [...Object.entries(refused), ...Object.entries(absent)]) {
    replacePacks(dir, bytes);
    const s = new CacheStore(dir);
    assert.equal(s.get("unit", key), undefined, what);
    assert.deepEqual(s.stats("unit"), { hits: 0, misses: 1, rejected: what in refused ? 1 : 0 }, what);
  }
});

test("a key stored again is found in its new pack, and a bad entry in one pack does not hide a good one in another", () => {
  const dir = tempDir();
  const key = digest(["k"]);
  replacePacks(dir, [entry("unit", key, "old")]);
  const store = new CacheStore(dir);
  store.put("unit", key, "new");
  store.flush();
  assert.equal(new CacheStore(dir).get("unit", key), "new");
  const [newest] = packFiles(dir);
  writeFileSync(newest!, readFileSync(newest!, "utf8").replace("new", "bad"));
  const s = new CacheStore(dir);
  assert.equal(s.get("unit", key), "old");
  assert.deepEqual(s.stats("unit"), { hits: 1, misses: 0, rejected: 0 });
});

test("a large run's entries go to a staging file as they come, which flush publishes and discard removes with its folders", () => {
  const dir = tempDir();
  const root = join(dir, "node_modules", ".cache", "kube-codegen");
  const big = "x".repeat(1 << 20);
  const keys = Array.from({ length: 6 }, (_, i) => digest([`k${i}`]));
  const failed = new CacheStore(root);
  for (const k of keys) failed.put("unit", k, big);
  const staged = readdirSync(join(root, "packs"));
  assert.equal(staged.length, 1);
  assert.match(staged[0]!, /^\.staging-/, "past a few megabytes, the entries are on disk");
  assert.ok(new CacheStore(root).get("unit", keys[0]!) === undefined, "but not visible");
  failed.discard();
  assert.deepEqual(readdirSync(dir), [], "a failed run leaves nothing, not even the folders it made");

  const done = new CacheStore(root);
  for (const k of keys) done.put("unit", k, big);
  done.flush();
  assert.deepEqual(
    readdirSync(join(root, "packs")).filter((n) => !n.endsWith(".pack")),
    [],
    "no staging file left",
  );
  const s = new CacheStore(root);
  assert.ok(keys.every((k) => s.get("unit", k) === big));
});

test("packs pile up until a flush compacts them into the entries its run used and made", () => {
  const dir = tempDir();
  const keys = Array.from({ length: 11 }, (_, i) => digest([`k${i}`]));
  keys.forEach((k, i) => writePack(dir, `${String(i).padStart(10, "0")}-test.pack`, [entry("unit", k, `v${i}`)]));
  const below = new CacheStore(dir);
  below.put("unit", digest(["below"]), "one more");
  below.flush();
  assert.equal(packFiles(dir).length, 12, "up to the limit a run adds its pack");
  const run = new CacheStore(dir);
  assert.equal(run.get("unit", keys[0]!), "v0");
  assert.equal(run.get("unit", keys[10]!), "v10");
  run.put("unit", digest(["new"]), "made");
  run.flush();
  assert.equal(packFiles(dir).length, 1, "past it, one pack replaces them all");
  assert.deepEqual(
    cacheEntries(dir)
      .map((e) => e.value.toString())
      .sort(),
    ["made", "v0", "v10"],
    "what the run used and made, nothing else",
  );
});

test("a cache directory that cannot be written costs nothing but the saving", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "file"), "");
  const store = new CacheStore(join(dir, "file", "cache"));
  store.put("parse", digest(["k"]), "v");
  store.flush();
  assert.equal(store.get("parse", digest(["k"])), undefined);
});

test("packs are read without following a symbolic link, and a compaction removes a link, never its target", () => {
  const dir = tempDir();
  const key = digest(["k"]);
  const outside = join(dir, "outside.pack");
  writeFileSync(outside, packBytes([entry("unit", key, "planted")]));
  const cache = join(dir, "cache");
  mkdirSync(join(cache, "packs"), { recursive: true });
  symlinkSync(outside, join(cache, "packs", "zzzzzzzzzz-link.pack"));
  const store = new CacheStore(cache);
  assert.equal(store.get("unit", key), undefined, "the link is not read");
  store.put("unit", key, "value");
  store.flush();
  assert.equal(new CacheStore(cache).get("unit", key), "value");
  assert.equal(readFileSync(outside, "utf8"), packBytes([entry("unit", key, "planted")]).toString(), "the link's target is untouched");
});
