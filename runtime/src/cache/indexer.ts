// The cache's store: objects by key, with secondary indices kept current on every write, as
// client-go's threadSafeMap and storeIndex. Single-threaded JavaScript needs no lock; what this keeps
// from client-go is the contract: reads return the stored objects themselves, which callers must
// treat as read-only (see SharedIndexInformer's freezeObjects for a development-time guard).
import type { KubeObject } from "../client/object-types.js";
import type { IndexFunc, Indexers } from "./index-funcs.js";
import { metaNamespaceKeyFunc } from "./object-key.js";
import type { KeyFunc } from "./object-key.js";

/** The read side of a cache: what listers and handlers use. */
export interface ReadonlyIndexer<T> {
  getByKey(key: string): T | undefined;
  get(obj: T): T | undefined;
  list(): T[];
  listKeys(): string[];
  /** Objects filed under `value` in index `indexName`. */
  byIndex(indexName: string, value: string): T[];
  /** Objects sharing any value of `obj` in index `indexName`. */
  index(indexName: string, obj: T): T[];
  /** Keys filed under `value` in index `indexName`. */
  indexKeys(indexName: string, value: string): string[];
  /** Every value index `indexName` has objects under. */
  listIndexFuncValues(indexName: string): string[];
  getIndexers(): Readonly<Indexers<T>>;
}

/** A keyed, indexed store of objects. */
export class Indexer<T = KubeObject> implements ReadonlyIndexer<T> {
  private readonly items = new Map<string, T>();
  private readonly indexers: Indexers<T> = {};
  // index name → indexed value → keys
  private readonly indices = new Map<string, Map<string, Set<string>>>();
  // The same, as a list, for the write path (no Object.entries per write).
  private readonly indexList: { fn: IndexFunc<T>; index: Map<string, Set<string>> }[] = [];

  constructor(
    readonly keyFunc: KeyFunc<T> = metaNamespaceKeyFunc as KeyFunc<T>,
    indexers: Indexers<T> = {},
  ) {
    this.addIndexers(indexers);
  }

  /** Adds indices; objects already stored are filed under them. A name already in use is an error. */
  addIndexers(indexers: Indexers<T>): void {
    for (const name of Object.keys(indexers)) if (name in this.indexers) throw new Error(`indexer conflict: ${name}`);
    for (const [name, fn] of Object.entries(indexers)) {
      this.indexers[name] = fn;
      const index = new Map<string, Set<string>>();
      this.indices.set(name, index);
      this.indexList.push({ fn, index });
      for (const [key, obj] of this.items) fileUnder(index, fn(obj), key);
    }
  }

  getIndexers(): Readonly<Indexers<T>> {
    return this.indexers;
  }

  /** Inserts or replaces the object under its key. */
  add(obj: T): void {
    this.put(this.keyFunc(obj), obj);
  }

  /** Stores `obj` under `key` (which must be keyFunc(obj)); returns the object it replaces, if any. */
  put(key: string, obj: T): T | undefined {
    const old = this.items.get(key);
    this.items.set(key, obj);
    this.reindex(key, old, obj);
    return old;
  }

  /** The same as add: the key decides. */
  update(obj: T): void {
    this.put(this.keyFunc(obj), obj);
  }

  /** Removes the object with obj's key, if stored. */
  delete(obj: T): void {
    this.deleteKey(this.keyFunc(obj));
  }

  /** Removes the object under `key`, if any; returns it. */
  deleteKey(key: string): T | undefined {
    const old = this.items.get(key);
    if (old === undefined) return undefined;
    this.items.delete(key);
    this.reindex(key, old, undefined);
    return old;
  }

  /** Replaces the whole content with `objs`. */
  replace(objs: readonly T[]): void {
    this.items.clear();
    for (const index of this.indices.values()) index.clear();
    for (const obj of objs) this.add(obj);
  }

  getByKey(key: string): T | undefined {
    return this.items.get(key);
  }

  get(obj: T): T | undefined {
    return this.items.get(this.keyFunc(obj));
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  get size(): number {
    return this.items.size;
  }

  list(): T[] {
    return [...this.items.values()];
  }

  listKeys(): string[] {
    return [...this.items.keys()];
  }

  byIndex(indexName: string, value: string): T[] {
    return this.keysToObjects(this.indexOf(indexName).get(value));
  }

  index(indexName: string, obj: T): T[] {
    const index = this.indexOf(indexName);
    const keys = new Set<string>();
    for (const v of this.indexers[indexName]!(obj)) for (const k of index.get(v) ?? []) keys.add(k);
    return this.keysToObjects(keys);
  }

  indexKeys(indexName: string, value: string): string[] {
    return [...(this.indexOf(indexName).get(value) ?? [])];
  }

  listIndexFuncValues(indexName: string): string[] {
    return [...this.indexOf(indexName).keys()];
  }

  private indexOf(indexName: string): Map<string, Set<string>> {
    const index = this.indices.get(indexName);
    if (!index) throw new Error(`index with name ${indexName} does not exist`);
    return index;
  }

  private keysToObjects(keys: Iterable<string> | undefined): T[] {
    const out: T[] = [];
    for (const k of keys ?? []) {
      const obj = this.items.get(k);
      if (obj !== undefined) out.push(obj);
    }
    return out;
  }

  private reindex(key: string, old: T | undefined, obj: T | undefined): void {
    for (const { fn, index } of this.indexList) {
      const before = old === undefined ? NO_VALUES : fn(old);
      const after = obj === undefined ? NO_VALUES : fn(obj);
      // The common case, an update that leaves the indexed values alone, touches nothing.
      if (sameValues(before, after)) continue;
      unfileFrom(index, before, key);
      fileUnder(index, after, key);
    }
  }
}

const NO_VALUES: readonly string[] = [];

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function fileUnder(index: Map<string, Set<string>>, values: readonly string[], key: string): void {
  for (const v of values) {
    let keys = index.get(v);
    if (!keys) index.set(v, (keys = new Set()));
    keys.add(key);
  }
}

function unfileFrom(index: Map<string, Set<string>>, values: readonly string[], key: string): void {
  for (const v of values) {
    const keys = index.get(v);
    if (!keys) continue;
    keys.delete(key);
    // An empty set is dropped so listIndexFuncValues lists only values that still hold objects.
    if (keys.size === 0) index.delete(v);
  }
}
