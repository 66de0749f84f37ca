// The cache's store: objects by key, with secondary indices kept current on every write, as
// client-go's threadSafeMap and storeIndex. Single-threaded JavaScript needs no lock; what this keeps
// from client-go is the contract: reads return the stored objects themselves, which callers must
// treat as read-only (see SharedIndexInformer's freezeObjects for a development-time guard).
//
// With the default key function (metaNamespaceKeyFunc) objects are filed by namespace, then name,
// under the object's own strings: no "namespace/name" string is kept per object, and the built-in
// namespace index (metaNamespaceIndexFunc) is that first level rather than a set of keys per
// namespace. Keys are computed when asked for (listKeys, indexKeys). Other key functions and
// indices keep a map by key and sets of keys per indexed value, as client-go's.
import type { KubeObject } from "../client/object-types.js";
import type { IndexFunc, Indexers } from "./index-funcs.js";
import { metaNamespaceIndexFunc } from "./index-funcs.js";
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

// One index kept as sets of keys per value (every index but the built-in namespace one of a
// namespace/name store).
interface KeyIndex<T> {
  fn: IndexFunc<T>;
  index: Map<string, Set<string>>;
}

/** A keyed, indexed store of objects. */
export class Indexer<T = KubeObject> implements ReadonlyIndexer<T> {
  // The default key function: namespace ("" when cluster-scoped) → name → object.
  private readonly byNamespace: Map<string, Map<string, T>> | undefined;
  // Any other key function: key → object.
  private readonly items: Map<string, T> | undefined;
  private count = 0;
  private readonly indexers: Indexers<T> = {};
  // index name → indexed value → keys; absent for the namespace index a namespace/name store serves itself.
  private readonly indices = new Map<string, Map<string, Set<string>>>();
  // The same, as a list, for the write path (no Object.entries per write).
  private readonly indexList: KeyIndex<T>[] = [];

  constructor(
    readonly keyFunc: KeyFunc<T> = metaNamespaceKeyFunc as KeyFunc<T>,
    indexers: Indexers<T> = {},
  ) {
    if ((keyFunc as unknown) === metaNamespaceKeyFunc) this.byNamespace = new Map();
    else this.items = new Map();
    this.addIndexers(indexers);
  }

  /** Adds indices; objects already stored are filed under them. A name already in use is an error. */
  addIndexers(indexers: Indexers<T>): void {
    for (const name of Object.keys(indexers)) if (name in this.indexers) throw new Error(`indexer conflict: ${name}`);
    for (const [name, fn] of Object.entries(indexers)) {
      this.indexers[name] = fn;
      if (this.servesItself(fn)) continue;
      const index = new Map<string, Set<string>>();
      this.indices.set(name, index);
      this.indexList.push({ fn, index });
      this.forEach((obj, key) => fileUnder(index, fn(obj), key()));
    }
  }

  getIndexers(): Readonly<Indexers<T>> {
    return this.indexers;
  }

  /** Inserts or replaces the object under its key. */
  add(obj: T): void {
    this.upsert(obj);
  }

  /** Stores `obj` under keyFunc(obj); returns the object it replaces, if any. */
  upsert(obj: T): T | undefined {
    if (this.byNamespace) return this.putNamed(obj);
    return this.putKeyed(this.keyFunc(obj), obj);
  }

  /** Stores `obj` under `key` (which must be keyFunc(obj)); returns the object it replaces, if any. */
  put(key: string, obj: T): T | undefined {
    if (this.byNamespace) return this.putNamed(obj, key);
    return this.putKeyed(key, obj);
  }

  /** The same as add: the key decides. */
  update(obj: T): void {
    this.upsert(obj);
  }

  /** Removes the object with obj's key, if stored. */
  delete(obj: T): void {
    this.remove(obj);
  }

  /** Removes the object with obj's key, if any; returns the object stored. */
  remove(obj: T): T | undefined {
    if (!this.byNamespace) return this.deleteKey(this.keyFunc(obj));
    const m = meta(obj);
    return this.deleteNamed(m.namespace || "", nameOf(m), undefined);
  }

  /** Removes the object under `key`, if any; returns it. */
  deleteKey(key: string): T | undefined {
    if (this.byNamespace) {
      const { ns, name } = splitKey(key);
      return this.deleteNamed(ns, name, key);
    }
    const items = this.items!;
    const old = items.get(key);
    if (old === undefined) return undefined;
    items.delete(key);
    this.count--;
    this.reindex(() => key, old, undefined);
    return old;
  }

  /** Replaces the whole content with `objs`. */
  replace(objs: readonly T[]): void {
    this.byNamespace?.clear();
    this.items?.clear();
    this.count = 0;
    for (const index of this.indices.values()) index.clear();
    for (const obj of objs) this.add(obj);
  }

  getByKey(key: string): T | undefined {
    if (!this.byNamespace) return this.items!.get(key);
    const { ns, name } = splitKey(key);
    return this.byNamespace.get(ns)?.get(name);
  }

  get(obj: T): T | undefined {
    if (!this.byNamespace) return this.items!.get(this.keyFunc(obj));
    const m = meta(obj);
    return this.byNamespace.get(m.namespace || "")?.get(nameOf(m));
  }

  has(key: string): boolean {
    return this.getByKey(key) !== undefined;
  }

  get size(): number {
    return this.count;
  }

  list(): T[] {
    if (!this.byNamespace) return [...this.items!.values()];
    const out: T[] = [];
    for (const names of this.byNamespace.values()) for (const obj of names.values()) out.push(obj);
    return out;
  }

  listKeys(): string[] {
    if (!this.byNamespace) return [...this.items!.keys()];
    const out: string[] = [];
    for (const [ns, names] of this.byNamespace) for (const name of names.keys()) out.push(joinKey(ns, name));
    return out;
  }

  byIndex(indexName: string, value: string): T[] {
    if (this.isNamespaceIndex(indexName)) return [...(this.byNamespace!.get(value)?.values() ?? [])];
    return this.keysToObjects(this.indexOf(indexName).get(value));
  }

  index(indexName: string, obj: T): T[] {
    const values = this.indexerOf(indexName)(obj);
    if (this.isNamespaceIndex(indexName)) {
      const out = new Set<T>();
      for (const v of values) for (const o of this.byNamespace!.get(v)?.values() ?? []) out.add(o);
      return [...out];
    }
    const index = this.indexOf(indexName);
    const keys = new Set<string>();
    for (const v of values) for (const k of index.get(v) ?? []) keys.add(k);
    return this.keysToObjects(keys);
  }

  indexKeys(indexName: string, value: string): string[] {
    if (this.isNamespaceIndex(indexName)) return [...(this.byNamespace!.get(value)?.keys() ?? [])].map((name) => joinKey(value, name));
    return [...(this.indexOf(indexName).get(value) ?? [])];
  }

  listIndexFuncValues(indexName: string): string[] {
    if (this.isNamespaceIndex(indexName)) return [...this.byNamespace!.keys()];
    return [...this.indexOf(indexName).keys()];
  }

  // The built-in namespace index of a namespace/name store is its first level.
  private servesItself(fn: IndexFunc<T>): boolean {
    return this.byNamespace !== undefined && (fn as unknown) === metaNamespaceIndexFunc;
  }

  private isNamespaceIndex(indexName: string): boolean {
    const fn = this.indexers[indexName];
    return fn !== undefined && this.servesItself(fn);
  }

  private indexerOf(indexName: string): IndexFunc<T> {
    const fn = this.indexers[indexName];
    if (!fn) throw new Error(`index with name ${indexName} does not exist`);
    return fn;
  }

  private indexOf(indexName: string): Map<string, Set<string>> {
    const index = this.indices.get(indexName);
    if (!index) throw new Error(`index with name ${indexName} does not exist`);
    return index;
  }

  private keysToObjects(keys: Iterable<string> | undefined): T[] {
    const out: T[] = [];
    for (const k of keys ?? []) {
      const obj = this.getByKey(k);
      if (obj !== undefined) out.push(obj);
    }
    return out;
  }

  // Every stored object with a thunk of its key (computed only if called).
  private forEach(f: (obj: T, key: () => string) => void): void {
    if (!this.byNamespace) {
      for (const [key, obj] of this.items!) f(obj, () => key);
      return;
    }
    for (const [ns, names] of this.byNamespace) for (const [name, obj] of names) f(obj, () => joinKey(ns, name));
  }

  private putKeyed(key: string, obj: T): T | undefined {
    const items = this.items!;
    const old = items.get(key);
    items.set(key, obj);
    if (old === undefined) this.count++;
    if (this.indexList.length > 0) this.reindex(() => key, old, obj);
    return old;
  }

  private putNamed(obj: T, key?: string): T | undefined {
    const m = meta(obj);
    const ns = m.namespace || "";
    const name = nameOf(m);
    let names = this.byNamespace!.get(ns);
    if (!names) this.byNamespace!.set(ns, (names = new Map<string, T>()));
    const old = names.get(name);
    names.set(name, obj);
    if (old === undefined) this.count++;
    if (this.indexList.length > 0) this.reindex(() => key ?? joinKey(ns, name), old, obj);
    return old;
  }

  private deleteNamed(ns: string, name: string, key: string | undefined): T | undefined {
    const names = this.byNamespace!.get(ns);
    const old = names?.get(name);
    if (old === undefined) return undefined;
    names!.delete(name);
    // An empty namespace is dropped so listIndexFuncValues lists only namespaces that still hold objects.
    if (names!.size === 0) this.byNamespace!.delete(ns);
    this.count--;
    if (this.indexList.length > 0) this.reindex(() => key ?? joinKey(ns, name), old, undefined);
    return old;
  }

  private reindex(keyOf: () => string, old: T | undefined, obj: T | undefined): void {
    let key: string | undefined;
    for (const { fn, index } of this.indexList) {
      const before = old === undefined ? NO_VALUES : fn(old);
      const after = obj === undefined ? NO_VALUES : fn(obj);
      // The common case, an update that leaves the indexed values alone, touches nothing.
      if (sameValues(before, after)) continue;
      key ??= keyOf();
      unfileFrom(index, before, key);
      fileUnder(index, after, key);
    }
  }
}

const NO_VALUES: readonly string[] = [];

interface Meta {
  name?: string | undefined;
  namespace?: string | undefined;
}

function meta(obj: unknown): Meta {
  return (obj as KubeObject).metadata ?? {};
}

// As metaNamespaceKeyFunc: an object without a name cannot be stored.
function nameOf(m: Meta): string {
  const name = m.name;
  if (name === undefined || name === "") throw new Error("object has no metadata.name: it cannot be cached");
  return name;
}

function joinKey(ns: string, name: string): string {
  return ns ? `${ns}/${name}` : name;
}

// A key of metaNamespaceKeyFunc's ("namespace/name" or "name"); names hold no "/", so the first one splits.
function splitKey(key: string): { ns: string; name: string } {
  const i = key.indexOf("/");
  return i < 0 ? { ns: "", name: key } : { ns: key.slice(0, i), name: key.slice(i + 1) };
}

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
