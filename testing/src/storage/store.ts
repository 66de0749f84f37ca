// The server's storage: one monotonic revision counter shared by every resource (as etcd's), the current
// objects per resource, and a bounded log of change events that serves watches from a resourceVersion,
// consistent paginated lists, and resourceVersionMatch=Exact. Events older than the log are "compacted":
// asking for them gives 410 Gone, like a real server's watch cache and etcd compaction.

/** A stored object: plain JSON with metadata. Stored values are never mutated in place. */
export type KubeObject = Record<string, unknown> & { metadata: Record<string, unknown> };

/** The three watch event types that a write produces. */
export type ChangeType = "ADDED" | "MODIFIED" | "DELETED";

/** One committed change. `object` carries the new resourceVersion; `prev` is the object before the change. */
export interface ChangeEvent {
  rv: number;
  type: ChangeType;
  /** Storage key of the resource ("apps/deployments"). */
  resource: string;
  /** Object key: "namespace/name" or "name". */
  key: string;
  object: KubeObject;
  prev?: KubeObject;
}

/** Options for a Store. */
export interface StoreOptions {
  /** How many change events are kept for watch resumption and consistent pagination. */
  historySize: number;
  /** The first resourceVersion handed out is this plus one. */
  initialRevision?: number;
}

/** Thrown when a resourceVersion is older than the retained history. */
export class CompactedError extends Error {
  constructor(
    readonly requested: number,
    readonly oldestAvailable: number,
  ) {
    super(`too old resource version: ${requested} (${oldestAvailable})`);
  }
}

/** In-memory storage with a single revision counter and a bounded change log. */
export class Store {
  private rev: number;
  private readonly collections = new Map<string, Map<string, KubeObject>>();
  private readonly log: ChangeEvent[] = [];
  private logStart = 0;
  /** Every event with rv > compacted is still in the log. */
  private compacted: number;
  private readonly listeners = new Set<(e: ChangeEvent) => void>();

  constructor(private readonly opts: StoreOptions) {
    this.rev = opts.initialRevision ?? 0;
    this.compacted = this.rev;
  }

  /** The latest committed resourceVersion. */
  get revision(): number {
    return this.rev;
  }

  /** The oldest resourceVersion from which history is complete. */
  get compactedRevision(): number {
    return this.compacted;
  }

  /** The stored object or undefined. */
  get(resource: string, key: string): KubeObject | undefined {
    return this.collections.get(resource)?.get(key);
  }

  /** Current objects of a resource, sorted by key like etcd; `prefix` limits them to one namespace ("ns/"). */
  list(resource: string, prefix?: string): KubeObject[] {
    const col = this.collections.get(resource);
    if (!col) return [];
    return sortedValues(col, prefix);
  }

  /** Every stored object of every resource (used by garbage collection and namespace deletion). */
  *all(): Iterable<[string, string, KubeObject]> {
    for (const [resource, col] of this.collections) for (const [key, obj] of col) yield [resource, key, obj];
  }

  /** Objects as they were at revision `rv`, rebuilt from the change log; throws CompactedError if too old. */
  listAt(resource: string, rv: number, prefix?: string): KubeObject[] {
    if (rv >= this.rev) return this.list(resource, prefix);
    if (rv < this.compacted) throw new CompactedError(rv, this.compacted);
    const snapshot = new Map(this.collections.get(resource) ?? []);
    for (let i = this.log.length - 1; i >= this.logStart; i--) {
      const e = this.log[i];
      if (!e || e.rv <= rv) break;
      if (e.resource !== resource) continue;
      if (e.type === "ADDED") snapshot.delete(e.key);
      else if (e.prev) snapshot.set(e.key, e.prev);
    }
    return sortedValues(snapshot, prefix);
  }

  /** Change events with rv greater than `rv`, oldest first; throws CompactedError if some are gone. */
  eventsSince(rv: number): ChangeEvent[] {
    if (rv < this.compacted) throw new CompactedError(rv, this.compacted);
    const out: ChangeEvent[] = [];
    // Binary search would do; the log is short and watches start rarely.
    for (let i = this.logStart; i < this.log.length; i++) {
      const e = this.log[i];
      if (e && e.rv > rv) out.push(e);
    }
    return out;
  }

  /** Stores a new object, stamping its resourceVersion; returns the stored value. */
  create(resource: string, key: string, obj: KubeObject): KubeObject {
    return this.commit("ADDED", resource, key, obj, undefined);
  }

  /** Replaces an object, stamping a new resourceVersion. */
  update(resource: string, key: string, obj: KubeObject): KubeObject {
    return this.commit("MODIFIED", resource, key, obj, this.get(resource, key));
  }

  /** Removes an object; the DELETED event carries the object with a fresh resourceVersion. */
  delete(resource: string, key: string): KubeObject | undefined {
    const prev = this.get(resource, key);
    if (!prev) return undefined;
    return this.commit("DELETED", resource, key, prev, prev);
  }

  /** Forgets all history up to the current revision (fault injection: every older resourceVersion gets 410). */
  compactAll(): void {
    this.compacted = this.rev;
    this.logStart = this.log.length;
    this.trim();
  }

  /** Registers a listener called synchronously, in revision order, for every committed change. */
  subscribe(fn: (e: ChangeEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private commit(type: ChangeType, resource: string, key: string, obj: KubeObject, prev: KubeObject | undefined): KubeObject {
    this.rev++;
    const stored: KubeObject = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(this.rev) } };
    let col = this.collections.get(resource);
    if (!col) {
      col = new Map();
      this.collections.set(resource, col);
    }
    if (type === "DELETED") col.delete(key);
    else col.set(key, stored);
    const event: ChangeEvent = { rv: this.rev, type, resource, key, object: stored };
    if (prev) event.prev = prev;
    this.log.push(event);
    this.trim();
    for (const l of [...this.listeners]) l(event);
    return stored;
  }

  private trim(): void {
    while (this.log.length - this.logStart > this.opts.historySize) {
      const dropped = this.log[this.logStart];
      this.logStart++;
      if (dropped) this.compacted = dropped.rv;
    }
    // Reclaim the array now and then instead of shifting on every write.
    if (this.logStart > 4096 && this.logStart > this.log.length / 2) {
      this.log.splice(0, this.logStart);
      this.logStart = 0;
    }
  }
}

function sortedValues(col: Map<string, KubeObject>, prefix: string | undefined): KubeObject[] {
  const keys = [...col.keys()].filter((k) => !prefix || k.startsWith(prefix)).sort();
  return keys.map((k) => col.get(k) as KubeObject);
}
