// Shares equal values between cached objects. JSON.parse gives every object fresh copies of all it
// holds, though most of it repeats: on each update nearly all of the version it replaces (labels,
// managedFields, status, most of metadata), and across objects apiVersion, timestamps, managers.
// An update's unchanged parts become the previous version's own objects, and its other strings
// longer than ten characters (V8 shares shorter ones itself) the copies already cached. A cache then
// holds less; above all, a watch burst's new objects then hold only what changed, so the
// young-generation collector, which copies every surviving object and is where a busy informer's
// time goes beside the parse, has little to copy. Sharing changes no value: the objects are
// read-only by contract, and `oldObj.spec === newObj.spec` becomes a free test of "spec unchanged".

/** V8's JSON.parse already shares string values up to this length. */
const SHARED_BY_V8 = 10;
/** Longer strings are left alone: they seldom repeat across objects and cost most to hash. */
export const MAX_INTERNED_LENGTH = 256;
// metadata.uid is unique per object by definition: a table entry would never be used by another
// object (an update takes it from the version it replaces instead).
const UNIQUE_KEY = "uid";

type Node = Record<string, unknown> | unknown[];

/** Shares each object walked through it with the version it replaces, and its strings through a bounded table. */
export class ValueSharer {
  private table = new Map<string, string>();
  // Off while an object is shared with a sibling (shareLike): its strings that differ are left as parsed.
  private interning = true;

  /** @param capacity table entries before the table is emptied and starts over (default 65,536). */
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
   * Rewrites `value` in place without changing what it equals: each object or array in it equal to
   * the one at the same place in `previous` (the version it replaces) becomes that one, each other
   * string the one at the same place in `previous` if equal, else the table's copy. True when
   * `value` as a whole equals `previous` (same keys, equal values at every depth; key order aside),
   * so the caller may keep `previous` instead. The walk stops at a frozen part (a transform may
   * return frozen objects); the answer is then false.
   */
  share(value: unknown, previous?: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    try {
      return this.walk(value as Node, node(previous));
    } catch (err) {
      // Assigning to a frozen object's property throws in strict code: what was shared so far
      // stays shared. (Cheaper than asking every node whether it is frozen.)
      if (!(err instanceof TypeError)) throw err;
      return false;
    }
  }

  /**
   * Rewrites `value` in place, without changing what it equals, sharing with `sibling`, another
   * object of the same collection (the one listed before it, say): each object or array in it equal
   * to the one at the same place in `sibling` becomes that one, each equal string that one's copy.
   * Its other strings are left as parsed, not looked up in the table: beside a sibling they are
   * mostly the object's own (name, uid, resourceVersion), which no other object shares.
   *
   * This is how an initial list is stored: without a previous version, the objects of one kind are
   * alike (managedFields' fieldsV1 trees, labels, owner references, apiVersion and timestamps), so
   * one walk beside the object before shares whole subtrees, which the table of strings cannot, and
   * for a fraction of its lookups.
   */
  shareLike(value: unknown, sibling: unknown): void {
    if (typeof value !== "object" || value === null) return;
    this.interning = false;
    try {
      this.walk(value as Node, node(sibling));
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
    } finally {
      this.interning = true;
    }
  }

  // True when `n` equals `prev`. Equality is decided in the same pass that shares: a part found
  // equal is replaced by the previous one at once, whatever its parent turns out to be.
  private walk(n: Node, prev: Node | undefined): boolean {
    if (Array.isArray(n)) {
      const p = Array.isArray(prev) ? prev : undefined;
      let same = p !== undefined && p.length === n.length;
      for (let i = 0; i < n.length; i++) {
        const v: unknown = n[i];
        const pv: unknown = p?.[i];
        if (typeof v === "string") {
          // An equal short string is the same copy already when parsed (V8 internalizes those): no store.
          if (v === pv) {
            if (v.length > SHARED_BY_V8) n[i] = pv;
          } else {
            same = false;
            if (this.interning && v.length > SHARED_BY_V8 && v.length <= MAX_INTERNED_LENGTH) n[i] = this.intern(v);
          }
        } else if (typeof v === "object" && v !== null) {
          if (this.walk(v as Node, node(pv))) n[i] = pv;
          else same = false;
        } else if (v !== pv) same = false;
      }
      return same;
    }
    const p = prev !== undefined && !Array.isArray(prev) ? prev : undefined;
    let same = p !== undefined;
    let keys = 0;
    for (const k in n) {
      keys++;
      const v = n[k];
      const pv = p?.[k];
      if (typeof v === "string") {
        if (v === pv) {
          if (v.length > SHARED_BY_V8) n[k] = pv;
        } else {
          same = false;
          if (this.interning && v.length > SHARED_BY_V8 && v.length <= MAX_INTERNED_LENGTH && k !== UNIQUE_KEY) n[k] = this.intern(v);
        }
      } else if (typeof v === "object" && v !== null) {
        if (this.walk(v as Node, node(pv))) n[k] = pv;
        else same = false;
      } else if (v !== pv || (v === undefined && !(p !== undefined && k in p))) same = false;
    }
    // Every key of `n` is in `p` with an equal value: equal if `p` has no other key.
    return same && keyCount(p!) === keys;
  }
}

// Counted by for-in, not Object.keys(o).length: no array per object compared, on the hot path.
function keyCount(o: object): number {
  let n = 0;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only the count is wanted
  for (const _ in o) n++;
  return n;
}

function node(v: unknown): Node | undefined {
  return typeof v === "object" && v !== null ? (v as Node) : undefined;
}
