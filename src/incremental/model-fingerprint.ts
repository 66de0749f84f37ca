import { digest } from "../cache/index.js";
import type { ApiModel, PackageId, PackageModel, TypeRef } from "../model/index.js";

/** Each package's digest and the packages its types reference, for keying the units that read it. */
export interface ModelFingerprint {
  /** The digest of a package's whole model data, by packageKey. */
  readonly digests: ReadonlyMap<string, string>;
  /** The packages a package's types name (fields, embeds, alias targets), by packageKey. */
  readonly references: ReadonlyMap<string, readonly string[]>;
}

/** One string per group/version, as units and the fingerprint name packages. */
export function packageKey(id: PackageId): string {
  return `${id.group}\u0000${id.version}`;
}

/**
 * Fingerprints every package of the model: the digest of its model data as JSON (types, fields,
 * markers with their text, values and positions, kinds and what classification decided), so a unit
 * keyed by the digests of the packages it reads misses the cache when anything it could read
 * changed, whichever file or package the change came from. JSON is exact enough for the model,
 * and the native JSON.stringify is several times faster than a canonical walk: the model holds no
 * Maps, and the values JSON would blur (undefined, NaN, -0) occur only as marker values, whose
 * text is part of the digest too (MarkerSet.toJSON).
 */
export function fingerprintModel(model: ApiModel): ModelFingerprint {
  const digests = new Map<string, string>();
  const references = new Map<string, readonly string[]>();
  for (const p of model.packages) {
    const key = packageKey(p.id);
    // Two packages of one group/version are an error the model reports; keep both in the digest.
    digests.set(key, digest([digests.get(key) ?? "", JSON.stringify(p)]));
    references.set(key, [...new Set([...(references.get(key) ?? []), ...referencedPackages(p)])].sort());
  }
  return { digests, references };
}

/** The packages `reads` and every package they reference, transitively, sorted. */
export function readClosure(fp: ModelFingerprint, reads: readonly PackageId[]): string[] {
  const seen = new Set<string>();
  const todo = reads.map(packageKey);
  for (let k = todo.pop(); k !== undefined; k = todo.pop()) {
    if (seen.has(k)) continue;
    seen.add(k);
    todo.push(...(fp.references.get(k) ?? []));
  }
  return [...seen].sort();
}

function referencedPackages(p: PackageModel): Set<string> {
  const out = new Set<string>();
  const visit = (r: TypeRef): void => {
    for (let cur: TypeRef | undefined = r; cur;) {
      if (cur.kind === "named") out.add(packageKey(cur.pkg));
      cur = cur.kind === "array" ? cur.elem : cur.kind === "map" ? cur.value : cur.kind === "nullable" ? cur.inner : undefined;
    }
  };
  for (const t of p.types) {
    if (t.shape.kind === "alias") visit(t.shape.target);
    else {
      for (const e of t.shape.embeds) visit(e);
      for (const f of t.shape.fields) visit(f.type);
    }
  }
  return out;
}
