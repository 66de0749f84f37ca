// The cache's packs on disk (src/cache/store.ts), read and rewritten as a test needs: a first line
// naming the format, then entries, each a header line (namespace, key, the value's length in bytes
// and its SHA-256, tab-separated) and the value. Written out here rather than imported, so a change
// of the format on disk is a change these tests see.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const PACK_MAGIC = "kube-codegen-cache-pack 1\n";

/** One entry of a pack as written: its header's fields and its value's bytes. */
export interface PackedEntry {
  namespace: string;
  key: string;
  /** The length and hash the header gives (a test may make them disagree with the value). */
  length: number;
  hash: string;
  value: Buffer;
}

/** The pack files of the cache in `dir`, by path, newest first as the store reads them. */
export function packFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, "packs")).filter((n) => n.endsWith(".pack"));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => join(dir, "packs", n));
}

/** The entries of one pack file, in order; throws on anything that is not a whole pack. */
export function readPack(file: string): PackedEntry[] {
  const bytes = readFileSync(file);
  if (bytes.toString("latin1", 0, PACK_MAGIC.length) !== PACK_MAGIC) throw new Error(`${file} is not a pack`);
  const out: PackedEntry[] = [];
  for (let at = PACK_MAGIC.length; at < bytes.length;) {
    const nl = bytes.indexOf(10, at);
    const [namespace, key, length, hash] = bytes.toString("latin1", at, nl).split("\t") as [string, string, string, string];
    const value = bytes.subarray(nl + 1, nl + 1 + Number(length));
    out.push({ namespace, key, length: Number(length), hash, value });
    at = nl + 1 + Number(length);
  }
  return out;
}

/** Every entry of the cache in `dir`. */
export function cacheEntries(dir: string): PackedEntry[] {
  return packFiles(dir).flatMap(readPack);
}

/** The cache's entries by namespace. */
export function entriesByNamespace(dir: string): Map<string, PackedEntry[]> {
  const out = new Map<string, PackedEntry[]>();
  for (const e of cacheEntries(dir)) out.set(e.namespace, [...(out.get(e.namespace) ?? []), e]);
  return out;
}

/** An entry whose header is true to its value. */
export function entry(namespace: string, key: string, value: string | Buffer): PackedEntry {
  const bytes = Buffer.from(value);
  return { namespace, key, length: bytes.length, hash: createHash("sha256").update(bytes).digest("hex"), value: bytes };
}

/** The bytes of a pack of `entries`, headers as given. */
export function packBytes(entries: readonly PackedEntry[]): Buffer {
  return Buffer.concat([
    Buffer.from(PACK_MAGIC),
    ...entries.flatMap((e) => [Buffer.from(`${e.namespace}\t${e.key}\t${e.length}\t${e.hash}\n`), e.value]),
  ]);
}

/** Adds a pack named `name` holding `entries`. */
export function writePack(dir: string, name: string, entries: readonly PackedEntry[]): void {
  mkdirSync(join(dir, "packs"), { recursive: true });
  writeFileSync(join(dir, "packs", name), packBytes(entries));
}

/** Replaces every pack of the cache in `dir` with one holding `entries` (or with `bytes`, whatever they are). */
export function replacePacks(dir: string, contents: readonly PackedEntry[] | Buffer): void {
  for (const f of packFiles(dir)) rmSync(f);
  mkdirSync(join(dir, "packs"), { recursive: true });
  writeFileSync(join(dir, "packs", "0000000000-test.pack"), Buffer.isBuffer(contents) ? contents : packBytes(contents));
}
