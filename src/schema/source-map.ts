import type { SourcePos } from "../diagnostics/index.js";

// Where each part of a generated CRD came from, keyed by the field path the API server uses for
// it (`spec.versions[0].schema.openAPIV3Schema.properties[spec].minimum`), so a problem the
// offline CRD checks find can be reported at the marker, field or type that caused it.

/** Source positions by server field path; lookups fall back to the nearest enclosing path. */
export class SourceMap {
  private readonly byPath = new Map<string, SourcePos>();

  /** Records that `path` (and what lies below it, unless recorded more precisely) came from `pos`. */
  set(path: string, pos: SourcePos): void {
    this.byPath.set(path, pos);
  }

  /** Copies every entry of `other` under `prefix` (`prefix.path`). */
  addAll(prefix: string, other: SourceMap): void {
    for (const [p, pos] of other.byPath) this.byPath.set(joinPath(prefix, p), pos);
  }

  /** The position of the longest recorded path that is `path` or encloses it. */
  lookup(path: string): SourcePos | undefined {
    for (let p: string | undefined = path; p !== undefined; p = parentPath(p)) {
      const pos = this.byPath.get(p);
      if (pos) return pos;
    }
    return undefined;
  }
}

/** `a` + `.b`, or `b` alone when `a` is empty. */
export function joinPath(a: string, b: string): string {
  if (a === "") return b;
  if (b === "") return a;
  return b.startsWith("[") ? `${a}${b}` : `${a}.${b}`;
}

/** The enclosing path: drops the last `.name` or `[index]` segment; undefined at the top. */
export function parentPath(path: string): string | undefined {
  if (path === "") return undefined;
  let depth = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const ch = path[i];
    if (ch === "]") depth++;
    else if (ch === "[") {
      depth--;
      if (depth === 0) return path.slice(0, i);
    } else if (ch === "." && depth === 0) return path.slice(0, i);
  }
  return "";
}
