// The key/value store the controller registers routes in: what etcd is to Traefik's KV provider.
// Two implementations: in memory (tests, a dry run) and a JSON file (survives restarts, and a person
// can read it). A real deployment would put an etcd client behind the same interface.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The operations the controller needs of etcd: put, get, and list or delete under a prefix. */
export interface KeyValueStore {
  put(key: string, value: string): Promise<void>;
  get(key: string): Promise<string | undefined>;
  /** Deletes one key; resolves to whether it was there. */
  delete(key: string): Promise<boolean>;
  /** Every key starting with `prefix`, with its value, sorted by key. */
  list(prefix: string): Promise<Map<string, string>>;
  /** Deletes every key starting with `prefix`; resolves to how many were deleted. */
  deletePrefix(prefix: string): Promise<number>;
}

function sortedUnder(data: ReadonlyMap<string, string>, prefix: string): Map<string, string> {
  return new Map([...data].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A store held in memory, gone when the process ends. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly #data = new Map<string, string>();

  put(key: string, value: string): Promise<void> {
    this.#data.set(key, value);
    return Promise.resolve();
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.#data.get(key));
  }

  delete(key: string): Promise<boolean> {
    return Promise.resolve(this.#data.delete(key));
  }

  list(prefix: string): Promise<Map<string, string>> {
    return Promise.resolve(sortedUnder(this.#data, prefix));
  }

  deletePrefix(prefix: string): Promise<number> {
    let n = 0;
    for (const k of [...this.#data.keys()]) if (k.startsWith(prefix) && this.#data.delete(k)) n++;
    return Promise.resolve(n);
  }
}

/**
 * A store kept in one JSON file (an object of key → value, keys sorted), read on every call and
 * replaced whole on every write (written beside it, then renamed), so a crash never leaves half a
 * file. One writer at a time: the controller's workers share one instance, which serializes them.
 */
export class JsonFileKeyValueStore implements KeyValueStore {
  #tail: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  put(key: string, value: string): Promise<void> {
    return this.#serial(() => {
      const data = this.#read();
      data.set(key, value);
      this.#write(data);
    });
  }

  get(key: string): Promise<string | undefined> {
    return this.#serial(() => this.#read().get(key));
  }

  delete(key: string): Promise<boolean> {
    return this.#serial(() => {
      const data = this.#read();
      const had = data.delete(key);
      if (had) this.#write(data);
      return had;
    });
  }

  list(prefix: string): Promise<Map<string, string>> {
    return this.#serial(() => sortedUnder(this.#read(), prefix));
  }

  deletePrefix(prefix: string): Promise<number> {
    return this.#serial(() => {
      const data = this.#read();
      let n = 0;
      for (const k of [...data.keys()]) if (k.startsWith(prefix) && data.delete(k)) n++;
      if (n > 0) this.#write(data);
      return n;
    });
  }

  #serial<R>(fn: () => R): Promise<R> {
    const next = this.#tail.then(fn);
    this.#tail = next.catch(() => undefined);
    return next;
  }

  #read(): Map<string, string> {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      throw err;
    }
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error(`${this.path}: not a JSON object`);
    return new Map(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }

  #write(data: Map<string, string>): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(sortedUnder(data, "")), null, 2) + "\n");
    renameSync(tmp, this.path);
  }
}
