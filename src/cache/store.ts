import { closeSync, constants, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "./digest.js";

/** The first bytes of every entry; an entry of another format (or none) is ignored. */
const MAGIC = "kube-codegen-cache 1";

/** How a store was used in one run, by namespace: for tests, the bench and --verbose. */
export interface CacheCounts {
  hits: number;
  misses: number;
  /** Entries found at the key's path but refused: corrupted, truncated, or another key's. */
  rejected: number;
}

/**
 * A directory of entries, each a value stored under a namespace (`parse`, `format` ...) and a key
 * (a digest, see digest()). An entry is a header line naming its namespace, its key, the length
 * and the SHA-256 of its value, then the value; `get` returns the value only when all four match,
 * so a partly written, truncated or corrupted file, or one copied to another key's path, reads as
 * a miss and is computed again. `put` only holds an entry until `flush` writes them all, so a
 * run that fails writes nothing, cache included (the cli flushes after a successful generate).
 * Each is written in place, without a temporary file renamed over it (a rename per entry was a
 * tenth of a cold run's writing): a reader that meets an entry half written, by a crash or by
 * another process writing it now, finds its length or hash wrong and takes it as a miss.
 * Nothing here is ever needed: a failed read or write only costs time, and deleting the directory
 * is always safe.
 */
export class CacheStore {
  private readonly counts = new Map<string, CacheCounts>();
  private readonly pending = new Map<string, string>();

  constructor(readonly dir: string) {}

  /** The value stored under `key` in `namespace`, or undefined when there is none that checks out. */
  get(namespace: string, key: string): string | undefined {
    const count = this.count(namespace);
    let text: string;
    try {
      text = readFileSync(this.path(namespace, key), "utf8");
    } catch {
      count.misses++;
      return undefined;
    }
    const value = checked(text, namespace, key);
    if (value === undefined) {
      count.rejected++;
      count.misses++;
      return undefined;
    }
    count.hits++;
    return value;
  }

  /** Keeps `value` under `key` until `flush`. */
  put(namespace: string, key: string, value: string): void {
    this.pending.set(this.path(namespace, key), `${MAGIC}\t${namespace}\t${key}\t${Buffer.byteLength(value)}\t${sha256(value)}\n${value}`);
  }

  /** Writes the entries put since the last flush; a failure (a read-only or full disk) is ignored, since an entry is only a saving. */
  flush(): void {
    const made = new Set<string>();
    for (const [path, entry] of this.pending) write(path, entry, made);
    this.pending.clear();
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

  private path(namespace: string, key: string): string {
    if (!/^[a-z-]+$/.test(namespace) || !/^[0-9a-f]{64}$/.test(key)) throw new Error(`bad cache key ${namespace}/${key}`);
    // One folder per namespace, no fan-out by the key's first characters: a run's few thousand entries
    // at most sit well in one folder, and a cold run made a folder per prefix, hundreds of mkdirs.
    return join(this.dir, namespace, key);
  }
}

/** The value of an entry's text when its header matches the namespace, the key and the value's length and hash. */
function checked(text: string, namespace: string, key: string): string | undefined {
  const nl = text.indexOf("\n");
  if (nl < 0) return undefined;
  const [magic, ns, k, length, hash, ...rest] = text.slice(0, nl).split("\t");
  if (magic !== MAGIC || ns !== namespace || k !== key || rest.length > 0) return undefined;
  const value = text.slice(nl + 1);
  if (String(Buffer.byteLength(value)) !== length || sha256(value) !== hash) return undefined;
  return value;
}

// Created or truncated, but never through a symbolic link planted where an entry goes: the write
// fails instead (a miss next time), as the rename it replaced would have replaced the link.
const WRITE_IN_PLACE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

/**
 * Writes one entry in place; failures are ignored (see flush), and what a failed write left is removed.
 * `made` holds the folders made so far in this flush, so each is made once.
 */
function write(path: string, entry: string, made: Set<string>): void {
  try {
    const dir = join(path, "..");
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    const fd = openSync(path, WRITE_IN_PLACE, 0o644);
    try {
      writeFileSync(fd, entry);
    } finally {
      closeSync(fd);
    }
  } catch {
    try {
      rmSync(path, { force: true });
    } catch {
      // nothing was written, or the directory is not writable: either way nothing to undo
    }
  }
}
