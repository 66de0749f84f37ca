import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join, relative } from "node:path";
import { utf8Text } from "../fs/text.js";
import { sha256 } from "./digest.js";

/** The first line of every pack; a file without it (another format, or none) is ignored. */
const MAGIC = "kube-codegen-cache-pack 1\n";
/** Where the packs are, under the store's directory. */
const PACKS = "packs";
/** A run's entries stay in memory up to this many bytes; past it they go to the staging file as they come. */
const HELD_BYTES = 4 << 20;
/** Past this many packs, a flush writes one pack of what the run used and made, and removes the others. */
const MAX_PACKS = 12;
/** A staging file older than this was left by a run that crashed: the next compaction removes it. */
const STALE_STAGING_MS = 24 * 3600 * 1000;

/** How a store was used in one run, by namespace: for tests, the bench and --verbose. */
export interface CacheCounts {
  hits: number;
  misses: number;
  /** Entries found under the key but refused: corrupted, truncated, not what their header says, or refused by their caller (refuse). */
  rejected: number;
}

/** One entry as a pack holds it: its header's length and hash, and where its bytes are. */
interface Entry {
  readonly pack: Buffer;
  readonly start: number;
  /** Where the bytes end in the pack: short of start + length when the pack was cut off inside them. */
  readonly end: number;
  readonly length: number;
  readonly hash: string;
  /** Where the entry's header starts: from there to `end` is what a compaction copies. */
  readonly at: number;
}

/** The packs of a store as one run found them: each entry's candidates, newest pack first. */
interface PackIndex {
  readonly entries: Map<string, Entry[]>;
  /** The pack files read, by name, and their total size: a compaction removes exactly these. */
  readonly files: readonly string[];
  readonly bytes: number;
}

/**
 * A directory of entries, each a value stored under a namespace (`parse`, `format` ...) and a key
 * (a digest, see digest()), kept in packs: files of many entries, each entry a header line naming
 * its namespace, its key, the length and the SHA-256 of its value, then the value. `get` returns a
 * value only when its bytes have that length and hash, so an entry damaged in any way, or a pack cut
 * off by a crash, reads as a miss and is computed again.
 *
 * Packs rather than a file per entry: a cold run at 1,000 kinds makes about 3,000 entries, and
 * creating that many files was a tenth of its time (more on slow disks), and reading them back
 * most of an incremental run's file opens; a run now writes one file and reads a few.
 *
 * A run's entries are never visible before `flush`, so a run that fails leaves nothing behind: `put`
 * holds them in memory, and past a few megabytes (a large cold run's entries are tens of megabytes,
 * most of its peak memory if held to the end) appends them to a staging file that `flush` renames
 * into place as a new pack and `discard` deletes (the cli discards whatever a failed run staged). When
 * packs pile up, or most of their bytes are no longer used, a flush writes one pack of the entries
 * this run used and made and removes the packs it read: the cache keeps the working set.
 *
 * Nothing here is ever needed: a failed read or write only costs time, and deleting the directory
 * is always safe. A pack another run removes while this one reads is a miss; the packs this run
 * writes have names no other run uses, created exclusively and never through a symbolic link.
 */
export class CacheStore {
  private readonly counts = new Map<string, CacheCounts>();
  private index: PackIndex | undefined;
  /** Entries used this run, by namespace and key: what a compaction keeps. */
  private readonly used = new Map<string, Buffer>();
  /** Keys put this run, so an entry is staged once. */
  private readonly staged = new Set<string>();
  /** Entries put but not yet in the staging file. */
  private held: Buffer[] = [];
  private heldBytes = 0;
  private staging: { fd: number; path: string; madeDir: string | undefined } | undefined;
  /** A write failed: the store stops writing for this run (entries are only a saving). */
  private broken = false;

  /**
   * `compact: false` for a store that must never rewrite the packs: a second store on the same
   * folder in one process (the parse thread's), whose few entries used would make a compaction
   * drop everything the other uses.
   */
  constructor(
    readonly dir: string,
    private readonly options: { readonly compact?: boolean } = {},
  ) {}

  /** Whether the store has any pack (without reading one): whether a run may find entries in it. */
  hasPacks(): boolean {
    try {
      return readdirSync(join(this.dir, PACKS)).some((n) => n.endsWith(".pack") && !n.startsWith("."));
    } catch {
      return false;
    }
  }

  /** The value stored under `key` in `namespace`, or undefined when there is none that checks out. */
  get(namespace: string, key: string): string | undefined {
    const bytes = this.getBytes(namespace, key);
    return bytes === undefined ? undefined : utf8Text(bytes);
  }

  /**
   * The value's UTF-8 bytes, a view into the pack read this run (nothing is copied): for an entry
   * whose bulk is passed on as bytes, such as a unit's generated files, which are compared with
   * the files on disk byte for byte and written as they are.
   */
  getBytes(namespace: string, key: string): Buffer | undefined {
    const id = entryId(namespace, key);
    const count = this.count(namespace);
    const candidates = this.packs().entries.get(id);
    for (const e of candidates ?? []) {
      if (e.end - e.start !== e.length) continue;
      const bytes = e.pack.subarray(e.start, e.end);
      if (sha256(bytes) !== e.hash) continue;
      this.used.set(id, e.pack.subarray(e.at, e.end));
      count.hits++;
      return bytes;
    }
    if (candidates !== undefined) count.rejected++;
    count.misses++;
    return undefined;
  }

  /**
   * Keeps `value` under `key` until `flush` makes it visible (or `discard` drops it). A value given
   * as parts is stored as their concatenation, each encoded straight into the record.
   */
  put(namespace: string, key: string, value: string | readonly string[]): void {
    const id = entryId(namespace, key);
    if (this.broken || this.staged.has(id)) return;
    this.staged.add(id);
    // The value is encoded once, into the record, and hashed there.
    const parts = typeof value === "string" ? [value] : value;
    const lengths = parts.map((v) => Buffer.byteLength(v, "utf8"));
    const length = lengths.reduce((a, b) => a + b, 0);
    const head = `${namespace}\t${key}\t${length}\t`;
    const record = Buffer.allocUnsafe(head.length + 65 + length);
    let at = head.length + 65;
    parts.forEach((v, i) => {
      record.write(v, at, "utf8");
      at += lengths[i] as number;
    });
    record.write(`${head}${sha256(record.subarray(head.length + 65))}\n`, 0, "latin1");
    if (this.staging !== undefined) return this.append([record]);
    this.held.push(record);
    this.heldBytes += record.length;
    if (this.heldBytes > HELD_BYTES && this.openStaging()) this.append(this.takeHeld());
  }

  /**
   * Makes the entries put since the last flush visible as one new pack; compacts the packs when
   * they have piled up. A failure (a read-only or full disk) is ignored, since an entry is only a
   * saving, and leaves no partial pack behind.
   */
  flush(): void {
    // Nothing put and no packs read: nothing to publish or compact, and no reason to read them now.
    if (this.staged.size === 0 && this.index === undefined) return this.discard();
    const index = this.packs();
    const compact =
      this.options.compact !== false && (index.files.length + 1 > MAX_PACKS || index.bytes > 2 * this.usedBytes() + (8 << 20));
    if (this.staged.size === 0 && !(compact && index.files.length > 1)) return this.discard();
    if (this.staged.size === 0 && this.used.size === 0) {
      // A compaction that keeps nothing: the packs go, and no empty one is written in their place.
      this.removeOld(index.files);
      this.index = undefined;
      return this.discard();
    }
    if (this.staging === undefined && !this.openStaging()) return this.discard();
    this.append(this.takeHeld());
    // The entries this run used go into its pack, except those it also put (a refused entry made again).
    if (compact) this.append([...this.used].filter(([id]) => !this.staged.has(id)).map(([, record]) => record));
    const staging = this.staging;
    if (staging === undefined || this.broken) return this.discard();
    this.staging = undefined;
    try {
      closeSync(staging.fd);
      renameSync(staging.path, join(this.dir, PACKS, packName()));
    } catch {
      removeQuietly(staging.path);
      return this.reset();
    }
    if (compact) this.removeOld(index.files);
    this.reset();
    // What was published is on disk now; the next get reads it back with the rest.
    this.index = undefined;
  }

  /** Drops the entries put since the last flush, and the staging file and folders made for them. */
  discard(): void {
    const staging = this.staging;
    this.staging = undefined;
    if (staging !== undefined) {
      try {
        closeSync(staging.fd);
      } catch {
        // already closed or never usable: the file is removed below either way
      }
      removeQuietly(staging.path);
      if (staging.madeDir !== undefined) removeEmptyFolders(join(this.dir, PACKS), staging.madeDir);
    }
    this.reset();
  }

  /**
   * Counts the last hit of `namespace` as refused: its caller found the value unusable after all (a
   * unit whose files are not on disk as it made them), so it is computed again as on a miss.
   */
  refuse(namespace: string): void {
    const c = this.count(namespace);
    c.hits--;
    c.misses++;
    c.rejected++;
  }

  /** The counts of one namespace so far (zeros when it was not used). */
  stats(namespace: string): Readonly<CacheCounts> {
    return { ...this.count(namespace) };
  }

  private count(namespace: string): CacheCounts {
    let c = this.counts.get(namespace);
    if (!c) this.counts.set(namespace, (c = { hits: 0, misses: 0, rejected: 0 }));
    return c;
  }

  private reset(): void {
    this.staged.clear();
    this.held = [];
    this.heldBytes = 0;
    this.broken = false;
  }

  private usedBytes(): number {
    let n = 0;
    for (const r of this.used.values()) n += r.length;
    return n;
  }

  private takeHeld(): Buffer[] {
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    return held;
  }

  /** The packs on disk, read once per run (and again after this store published one). */
  private packs(): PackIndex {
    this.index ??= readPacks(join(this.dir, PACKS));
    return this.index;
  }

  /** Creates this run's staging file: exclusively, under a name of its own, never through a link. */
  private openStaging(): boolean {
    if (this.broken) return false;
    const folder = join(this.dir, PACKS);
    const path = join(folder, `.staging-${packName().replace(/\.pack$/, "")}`);
    try {
      const madeDir = mkdirSync(folder, { recursive: true });
      const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
      this.staging = { fd, path, madeDir };
      this.append([Buffer.from(MAGIC, "latin1")]);
      return !this.broken;
    } catch {
      this.broken = true;
      return false;
    }
  }

  private append(records: readonly Buffer[]): void {
    if (this.staging === undefined || this.broken) return;
    try {
      for (const r of records) for (let done = 0; done < r.length;) done += writeSync(this.staging.fd, r, done);
    } catch {
      // A full disk: the staging file is incomplete, so this run publishes nothing (flush discards it).
      this.broken = true;
    }
  }

  /** Removes the packs a compaction has replaced, and staging files a crashed run left long ago. */
  private removeOld(packs: readonly string[]): void {
    const folder = join(this.dir, PACKS);
    for (const name of packs) removeQuietly(join(folder, name));
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    const now = Date.now();
    for (const name of names) {
      if (!name.startsWith(".staging-")) continue;
      try {
        if (now - statSync(join(folder, name)).mtimeMs > STALE_STAGING_MS) unlinkSync(join(folder, name));
      } catch {
        // gone already, or not ours to remove
      }
    }
  }
}

function entryId(namespace: string, key: string): string {
  if (!/^[a-z-]+$/.test(namespace) || !/^[0-9a-f]{64}$/.test(key)) throw new Error(`bad cache key ${namespace}/${key}`);
  return `${namespace}\t${key}`;
}

/**
 * A name no other pack has, and that sorts after every earlier one: the time in milliseconds, the
 * process and random bytes. Newer packs are read first, so a key stored again (its older entry
 * refused) is found in its new pack first.
 */
function packName(): string {
  return `${Date.now().toString(36).padStart(10, "0")}-${process.pid.toString(36)}-${randomBytes(6).toString("hex")}.pack`;
}

/** Every pack in `folder`, newest first; what cannot be read, or is not a pack, is skipped. */
function readPacks(folder: string): PackIndex {
  const entries = new Map<string, Entry[]>();
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith(".pack") && !n.startsWith("."));
  } catch {
    return { entries, files: [], bytes: 0 };
  }
  names.sort().reverse();
  const files: string[] = [];
  let bytes = 0;
  for (const name of names) {
    const pack = readPack(join(folder, name));
    if (pack === undefined) continue;
    files.push(name);
    bytes += pack.length;
    indexPack(pack, entries);
  }
  return { entries, files, bytes };
}

/** A pack's bytes, read without following a symbolic link; undefined when it cannot be read or is not a file. */
function readPack(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Adds a pack's entries to `entries`, up to the first header that does not parse (what follows it cannot be found). */
function indexPack(pack: Buffer, entries: Map<string, Entry[]>): void {
  if (pack.length < MAGIC.length || pack.toString("latin1", 0, MAGIC.length) !== MAGIC) return;
  for (let at = MAGIC.length; at < pack.length;) {
    const nl = pack.indexOf(10, at);
    if (nl < 0) return;
    const fields = pack.toString("latin1", at, nl).split("\t");
    if (fields.length !== 4) return;
    const [namespace, key, lengthText, hash] = fields as [string, string, string, string];
    if (
      !/^[a-z-]+$/.test(namespace) ||
      !/^[0-9a-f]{64}$/.test(key) ||
      !/^(0|[1-9][0-9]{0,9})$/.test(lengthText) ||
      !/^[0-9a-f]{64}$/.test(hash)
    )
      return;
    const length = Number(lengthText);
    const start = nl + 1;
    const end = Math.min(start + length, pack.length);
    const entry: Entry = { pack, start, end, length, hash, at };
    const id = `${namespace}\t${key}`;
    const list = entries.get(id);
    if (list) list.push(entry);
    else entries.set(id, [entry]);
    at = end;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // never made, or removed already
  }
}

/** Removes `folder` and its parents up to `top` (the first folder its mkdir made, so an ancestor or itself), each only while empty. */
function removeEmptyFolders(folder: string, top: string): void {
  if (relative(top, folder).startsWith("..")) return;
  for (let f = folder; ; f = join(f, "..")) {
    try {
      rmdirSync(f);
    } catch {
      return;
    }
    if (f === top) return;
  }
}
