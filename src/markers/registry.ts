import { closest, editDistance } from "../diagnostics/index.js";
import type { MarkerDefinition, MarkerTarget } from "./types.js";

/** How a written marker name resolved against the registry. */
export interface Resolution {
  readonly def: MarkerDefinition;
  /**
   * For `args` markers written as `+a:b:arg=v`, the argument name taken from the last name segment
   * (`+kubebuilder:printcolumn:name=Age` → `name`); for `raw` markers, the name segments after the
   * marker's own name.
   */
  readonly leadingArg?: string;
}

/** The declared markers and the namespaces in which unknown markers are errors. */
export class MarkerRegistry {
  private readonly defs = new Map<string, MarkerDefinition>();
  private readonly namespaces: string[] = [];

  /** Declares a marker; declaring a name twice is a programming error. */
  define(def: MarkerDefinition): this {
    if (this.defs.has(def.name)) throw new Error(`marker +${def.name} is declared twice`);
    if (def.targets.length === 0) throw new Error(`marker +${def.name} has no targets`);
    this.defs.set(def.name, def);
    return this;
  }

  /** Declares several markers. */
  defineAll(defs: readonly MarkerDefinition[]): this {
    for (const d of defs) this.define(d);
    return this;
  }

  /**
   * Declares a namespace: markers named `ns` or starting with `ns:` are checked (unknown ones are
   * errors). A trailing `:` is ignored, so `k8s:` and `k8s` mean the same.
   */
  addNamespace(ns: string): this {
    const n = ns.replace(/:$/, "");
    if (!this.namespaces.includes(n)) this.namespaces.push(n);
    return this;
  }

  /** The declared namespaces, without trailing `:`. */
  get knownNamespaces(): readonly string[] {
    return this.namespaces;
  }

  /** The definition with exactly this name. */
  lookup(name: string): MarkerDefinition | undefined {
    return this.defs.get(name);
  }

  /** Every definition, sorted by name, so help output and docs are stable. */
  all(): MarkerDefinition[] {
    return [...this.defs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * Resolves a written name: the exact name first, then (as controller-gen does) the name minus its
   * last `:` segment when that is an `args` marker, the segment being its first argument's name;
   * then the longest prefix that is a `raw` marker.
   */
  resolve(name: string): Resolution | undefined {
    const exact = this.defs.get(name);
    if (exact) return { def: exact };
    const cut = name.lastIndexOf(":");
    if (cut <= 0) return undefined;
    const prefix = this.defs.get(name.slice(0, cut));
    const arg = name.slice(cut + 1);
    if (prefix && prefix.payload.kind === "args" && arg !== "") return { def: prefix, leadingArg: arg };
    // A raw marker takes any text, so `+ns:raw:sub:x=v` is that marker with the rest as its text.
    for (let i = name.lastIndexOf(":"); i > 0; i = name.lastIndexOf(":", i - 1)) {
      const d = this.defs.get(name.slice(0, i));
      if (d && d.payload.kind === "raw") return { def: d, leadingArg: name.slice(i + 1) };
    }
    return undefined;
  }

  /** True when the name is in a known namespace (compared case-insensitively, to catch `+GroupName`). */
  inKnownNamespace(name: string): boolean {
    const lower = name.toLowerCase();
    return this.namespaces.some((ns) => {
      const n = ns.toLowerCase();
      return lower === n || lower.startsWith(n + ":");
    });
  }

  /**
   * What a name outside the known namespaces seems to misspell, as the namespace and, when one
   * follows, the declared marker it was meant to be. Two slips are caught: a missing `:`, when a
   * declared marker's name with its colons removed starts the first segment
   * (`kubebuilderdeprecatedversion:warning` → `kubebuilder:deprecatedversion:warning`), and a first
   * segment within a small edit distance of a known namespace (`kubebulder`, `k8`). A segment
   * shorter than five letters counts only at distance 1 and only when the corrected name is a
   * declared marker, since short words near `k8s` are common in prose; anything else stays prose.
   */
  nearNamespace(name: string): { readonly namespace: string; readonly meant?: string } | undefined {
    const cut = name.indexOf(":");
    const head = cut < 0 ? name : name.slice(0, cut);
    const rest = cut < 0 ? "" : name.slice(cut);
    const missing = this.missingColon(head, rest);
    if (missing) return missing;
    const heads = [...new Set(this.namespaces.map((n) => n.split(":")[0] ?? n))];
    if (head.length >= 5) {
      const ns = closest(
        head,
        heads.filter((h) => h.length >= 5),
        1,
      )[0];
      if (ns === undefined) return undefined;
      const fixed = ns + rest;
      const meant = this.resolve(fixed) ? fixed : this.suggest(fixed)[0];
      return meant?.startsWith(ns) ? { namespace: ns, meant } : { namespace: ns };
    }
    for (const ns of heads) {
      if (editDistance(head, ns) === 1 && this.resolve(ns + rest)) return { namespace: ns, meant: ns + rest };
    }
    return undefined;
  }

  /**
   * `kubebuilderdeprecatedversion` + `:warning`, `kubebuildervalidation` + `:Minimum`: the longest
   * declared `a:b` name or known namespace that, without colons, starts the head, when putting the
   * colons back gives a declared marker.
   */
  private missingColon(head: string, rest: string): { readonly namespace: string; readonly meant: string } | undefined {
    const lower = head.toLowerCase();
    const names = [...this.namespaces, ...[...this.defs.keys()].filter((n) => n.includes(":"))];
    let best: { readonly namespace: string; readonly meant: string; readonly length: number } | undefined;
    for (const name of names) {
      const flat = name.replace(/:/g, "").toLowerCase();
      if (!lower.startsWith(flat) || (best && best.length >= flat.length)) continue;
      const tail = head.slice(flat.length);
      const meant = name + (tail === "" ? "" : `:${tail}`) + rest;
      if (this.resolve(meant)) best = { namespace: name.split(":")[0]!, meant, length: flat.length };
    }
    return best && { namespace: best.namespace, meant: best.meant };
  }

  /** Declared names closest to a written one, preferring those valid on `target`. */
  suggest(name: string, target?: MarkerTarget): string[] {
    const all = this.all();
    const pools = target ? [all.filter((d) => d.targets.includes(target)), all] : [all];
    for (const pool of pools) {
      const found = closest(
        name,
        pool.map((d) => d.name),
        3,
      );
      if (found.length > 0) return found;
      // `+a:b:arg=v` with a misspelled `a:b`: match the prefix against markers that take arguments.
      const cut = name.lastIndexOf(":");
      if (cut > 0) {
        const withArgs = pool.filter((d) => d.payload.kind === "args").map((d) => d.name);
        const byPrefix = closest(name.slice(0, cut), withArgs, 3);
        if (byPrefix.length > 0) return byPrefix;
      }
    }
    return [];
  }
}
