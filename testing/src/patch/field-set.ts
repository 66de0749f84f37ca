// FieldSet: a set of field paths, stored as a tree, with the fieldsV1 wire encoding the server puts in
// metadata.managedFields. Path elements are kept in their encoded form:
//   f:<name>          a field of an object
//   k:<json object>   an item of a list-map, by its key fields (sorted by name)
//   v:<json value>    an item of a list-set, by value
//   i:<index>         an item of a list by position (only for lists without identity)
// In fieldsV1, "." marks that the node itself is in the set, not just things below it.

import { isObject, type JsonObject, type JsonValue } from "./json.js";

/** One encoded path element such as `f:spec` or `k:{"name":"http"}`. */
export type PathElement = string;
/** A path from the object root. */
export type FieldPath = readonly PathElement[];

interface Node {
  member: boolean;
  children: Map<PathElement, Node>;
}

function newNode(): Node {
  return { member: false, children: new Map() };
}

function isEmptyNode(n: Node): boolean {
  return !n.member && n.children.size === 0;
}

/** An immutable-by-convention set of field paths. */
export class FieldSet {
  private constructor(private readonly root: Node) {}

  /** The empty set. */
  static empty(): FieldSet {
    return new FieldSet(newNode());
  }

  /** A set holding exactly `paths`. */
  static of(...paths: FieldPath[]): FieldSet {
    const s = FieldSet.empty();
    for (const p of paths) s.insertInPlace(p);
    return s;
  }

  /** Decodes a managedFields entry's `fieldsV1`. */
  static fromFieldsV1(json: JsonValue | undefined): FieldSet {
    const decode = (obj: JsonObject): Node => {
      const n = newNode();
      for (const [k, v] of Object.entries(obj)) {
        if (k === ".") n.member = true;
        else {
          const child = isObject(v) ? decode(v) : newNode();
          // A child written as {} is itself a member with nothing below it.
          if (child.children.size === 0) child.member = true;
          n.children.set(k, child);
        }
      }
      return n;
    };
    return new FieldSet(isObject(json) ? decode(json) : newNode());
  }

  /** Encodes the set as fieldsV1, children in structured-merge-diff's order. */
  toFieldsV1(): JsonObject {
    const encode = (n: Node): JsonObject => {
      const out: JsonObject = {};
      if (n.member && n.children.size > 0) out["."] = {};
      for (const k of sortedKeys(n)) out[k] = encode(n.children.get(k)!);
      return out;
    };
    return encode(this.root);
  }

  /** Inserts a path; only for building a fresh set. */
  insertInPlace(path: FieldPath): void {
    if (path.length === 0) return;
    let n = this.root;
    for (const pe of path) {
      let c = n.children.get(pe);
      if (!c) {
        c = newNode();
        n.children.set(pe, c);
      }
      n = c;
    }
    n.member = true;
  }

  /** Whether `path` itself is in the set. */
  has(path: FieldPath): boolean {
    const n = this.nodeAt(path);
    return n !== undefined && n.member;
  }

  /** Whether anything at or below `path` is in the set. */
  hasAtOrBelow(path: FieldPath): boolean {
    const n = this.nodeAt(path);
    return n !== undefined && !isEmptyNode(n);
  }

  /** True when no path is in the set. */
  isEmpty(): boolean {
    return isEmptyNode(this.root);
  }

  /** Paths in the set, in the server's order. */
  paths(): FieldPath[] {
    const out: FieldPath[] = [];
    const walk = (n: Node, prefix: PathElement[]): void => {
      if (n.member && prefix.length > 0) out.push([...prefix]);
      for (const k of sortedKeys(n)) walk(n.children.get(k)!, [...prefix, k]);
    };
    walk(this.root, []);
    return out;
  }

  /** Paths in either set. */
  union(other: FieldSet): FieldSet {
    const merge = (a: Node | undefined, b: Node | undefined): Node => {
      const n = newNode();
      n.member = (a?.member ?? false) || (b?.member ?? false);
      for (const k of new Set([...(a?.children.keys() ?? []), ...(b?.children.keys() ?? [])])) {
        n.children.set(k, merge(a?.children.get(k), b?.children.get(k)));
      }
      return n;
    };
    return new FieldSet(merge(this.root, other.root));
  }

  /** Paths in this set and in `other`. */
  intersection(other: FieldSet): FieldSet {
    const inter = (a: Node, b: Node): Node => {
      const n = newNode();
      n.member = a.member && b.member;
      for (const [k, ac] of a.children) {
        const bc = b.children.get(k);
        if (!bc) continue;
        const c = inter(ac, bc);
        if (!isEmptyNode(c)) n.children.set(k, c);
      }
      return n;
    };
    return new FieldSet(inter(this.root, other.root));
  }

  /** Paths in this set that are not themselves in `other` (descendants are judged one by one). */
  difference(other: FieldSet): FieldSet {
    const diff = (a: Node, b: Node | undefined): Node => {
      const n = newNode();
      n.member = a.member && !(b?.member ?? false);
      for (const [k, ac] of a.children) {
        const c = diff(ac, b?.children.get(k));
        if (!isEmptyNode(c)) n.children.set(k, c);
      }
      return n;
    };
    return new FieldSet(diff(this.root, other.root));
  }

  /** Paths in this set that are neither in `other` nor below a path of `other`. */
  recursiveDifference(other: FieldSet): FieldSet {
    const diff = (a: Node, b: Node | undefined): Node => {
      const n = newNode();
      n.member = a.member && !(b?.member ?? false);
      for (const [k, ac] of a.children) {
        const bc = b?.children.get(k);
        if (bc?.member) continue;
        const c = diff(ac, bc);
        if (!isEmptyNode(c)) n.children.set(k, c);
      }
      return n;
    };
    return new FieldSet(diff(this.root, other.root));
  }

  /** Equality of membership. */
  equals(other: FieldSet): boolean {
    return this.difference(other).isEmpty() && other.difference(this).isEmpty();
  }

  private nodeAt(path: FieldPath): Node | undefined {
    let n: Node | undefined = this.root;
    for (const pe of path) {
      n = n.children.get(pe);
      if (!n) return undefined;
    }
    return n;
  }
}

const RANK: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };

// structured-merge-diff orders fields, then keyed items, then values, then indices.
function sortedKeys(n: Node): PathElement[] {
  return [...n.children.keys()].sort(comparePathElements);
}

/** Orders two encoded path elements the way structured-merge-diff does. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  const ra = RANK[a.slice(0, 1)] ?? 9;
  const rb = RANK[b.slice(0, 1)] ?? 9;
  if (ra !== rb) return ra - rb;
  if (ra === 3) return Number(a.slice(2)) - Number(b.slice(2));
  const x = a.slice(2);
  const y = b.slice(2);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The human form of a path used in conflict messages: `.spec.ports[name="http"]`, `.spec.tags[="a"]`. */
export function pathToString(path: FieldPath): string {
  return path.map(elementToString).join("");
}

function elementToString(pe: PathElement): string {
  const body = pe.slice(2);
  switch (pe.slice(0, 2)) {
    case "f:":
      return "." + body;
    case "k:": {
      const key = JSON.parse(body) as JsonObject;
      return (
        "[" +
        Object.entries(key)
          .map(([k, v]) => `${k}=${valueToString(v)}`)
          .join(",") +
        "]"
      );
    }
    case "v:":
      return `[=${valueToString(JSON.parse(body) as JsonValue)}]`;
    case "i:":
      return `[${body}]`;
    default:
      return "{{invalid path element}}";
  }
}

function valueToString(v: JsonValue): string {
  if (Array.isArray(v)) return "[" + v.map(valueToString).join(", ") + "]";
  if (isObject(v))
    return (
      "{" +
      Object.entries(v)
        .map(([k, x]) => `${k}=${valueToString(x)}`)
        .join(", ") +
      "}"
    );
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}
