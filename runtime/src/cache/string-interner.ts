// Shares equal strings between cached objects. JSON.parse gives every object its own copy of every
// string value longer than ten characters (V8 shares the shorter ones itself), though most repeat:
// apiVersion, timestamps, managedFields' managers and API versions across objects, and, on each
// update, nearly every string of the version it replaces. Pointing at one copy makes a cache hold
// less and, more importantly, a watch burst's new objects then mostly point at strings already in
// the old generation, so the young-generation collector copies far fewer bytes per event: with the
// parse, that copying is where an informer's time goes. Strings are immutable values: sharing them
// changes nothing a program can observe.

/** V8's JSON.parse already shares string values up to this length. */
const SHARED_BY_V8 = 10;
/** Longer strings are left alone: they seldom repeat across objects and cost most to hash. */
export const MAX_INTERNED_LENGTH = 256;
// metadata.uid is unique per object by definition: a table entry would never be used by another
// object (an update takes it from the version it replaces instead).
const UNIQUE_KEY = "uid";

type Node = Record<string, unknown> | unknown[];

/** A bounded table of strings; each object walked through it has its strings replaced by shared ones. */
export class StringInterner {
  private table = new Map<string, string>();

  /** @param capacity entries before the table is emptied and starts over (default 65,536). */
  constructor(private readonly capacity = 65_536) {}

  /** The number of strings the table holds. */
  get size(): number {
    return this.table.size;
  }

  /** The table's copy of `s`, which becomes the copy if there is none. */
  intern(s: string): string {
    const held = this.table.get(s);
    if (held !== undefined) return held;
    // Emptying, rather than evicting one by one, keeps the hot path a single lookup; the strings
    // in use are back in the table after one more object of each kind.
    if (this.table.size >= this.capacity) this.table = new Map();
    this.table.set(s, s);
    return s;
  }

  /**
   * Replaces, in place, the string values of `value` (objects and arrays, at any depth): by the
   * string at the same place in `previous` (the version it replaces) when equal, else by the
   * table's copy. The walk stops at a frozen part (a transform may return frozen objects).
   */
  internAll<V>(value: V, previous?: unknown): V {
    if (typeof value === "object" && value !== null) {
      try {
        this.walk(value as Node, typeof previous === "object" && previous !== null ? (previous as Node) : undefined);
      } catch (err) {
        // Assigning to a frozen object's property throws in strict code: what was shared so far
        // stays shared. (Cheaper than asking every node whether it is frozen.)
        if (!(err instanceof TypeError)) throw err;
      }
    }
    return value;
  }

  private walk(node: Node, prev: Node | undefined): void {
    if (Array.isArray(node)) {
      const p = Array.isArray(prev) ? prev : undefined;
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === "string") {
          if (v.length > SHARED_BY_V8 && v.length <= MAX_INTERNED_LENGTH) node[i] = this.share(v, p?.[i], false);
        } else if (typeof v === "object" && v !== null) this.walk(v as Node, child(p?.[i]));
      }
      return;
    }
    const p = prev !== undefined && !Array.isArray(prev) ? prev : undefined;
    for (const k in node) {
      const v = node[k];
      if (typeof v === "string") {
        if (v.length > SHARED_BY_V8 && v.length <= MAX_INTERNED_LENGTH) node[k] = this.share(v, p?.[k], k === UNIQUE_KEY);
      } else if (typeof v === "object" && v !== null) this.walk(v as Node, child(p?.[k]));
    }
  }

  private share(v: string, old: unknown, unique: boolean): string {
    if (old === v) return old; // equal: the previous version's copy (=== compares contents)
    return unique ? v : this.intern(v);
  }
}

function child(v: unknown): Node | undefined {
  return typeof v === "object" && v !== null ? (v as Node) : undefined;
}
