import { posix } from "node:path";
import { digest } from "../cache/index.js";
import type { LoadedInput } from "../load/index.js";
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
 * Fingerprints every package of the model, so a unit keyed by the digests of the packages it reads
 * misses the cache when anything it could read changed, whichever file or package the change came
 * from. A package's model data (types, fields, markers with their text, values and positions) is
 * what the model stage builds from the package's own files and the index of every package's names
 * (src/model/build.ts: buildPackage resolves names through that index only), then classification
 * marks its kinds and lists looking across packages. So with `inputs` (packageInputDigests, a digest
 * per package folder of those inputs) a package's digest is that input digest and its
 * classification: at 1,000 kinds that replaced 16 MB of JSON stringified and hashed per run (and
 * as much garbage). Without it (or for a package it lacks), the digest is of the package's whole
 * model data as JSON: exact enough, the model holding no Maps, and the values JSON would blur
 * (undefined, NaN, -0) occurring only as marker values, whose text is part of the digest too
 * (MarkerSet.toJSON).
 */
export function fingerprintModel(model: ApiModel, inputs?: ReadonlyMap<string, string>): ModelFingerprint {
  const digests = new Map<string, string>();
  const references = new Map<string, readonly string[]>();
  for (const p of model.packages) {
    const key = packageKey(p.id);
    const input = inputs?.get(p.dir);
    const data =
      input === undefined
        ? JSON.stringify(p)
        : `${input}\n${JSON.stringify(p.types.map((t) => [t.name, t.isKind, t.isList]))}\n${JSON.stringify(p.kinds)}`;
    // Two packages of one group/version are an error the model reports; keep both in the digest.
    digests.set(key, digest([digests.get(key) ?? "", data]));
    references.set(key, [...new Set([...(references.get(key) ?? []), ...referencedPackages(p)])].sort());
  }
  return { digests, references };
}

/**
 * A digest per package folder of everything the model stage builds the package's data from, before
 * classification: its files' paths and texts (what they parse to is a function of those and the
 * tool, which every unit key names), and the entries of the index its names resolve against
 * (src/model/scope.ts) for itself and each folder its files import from: that package's group and
 * version (from the model), its declarations (names, kinds, exported or not) and whether it
 * parsed. That is more than the index holds, so the digest changes whenever the entries it reads
 * do, and an edit elsewhere (another package's doc comment, a type added to a package it does not
 * import) leaves it as it was.
 */
export function packageInputDigests(input: LoadedInput, model: ApiModel): Map<string, string> {
  const ids = new Map(model.packages.map((p) => [p.dir, `${p.id.group}/${p.id.version}`]));
  const entries = new Map(
    input.packages.map((p) => [
      p.dir,
      [
        p.dir,
        ids.get(p.dir) ?? "(no id)",
        ...p.files.flatMap((f) => [
          f.rel,
          f.unparsed === true ? "unparsed" : "parsed",
          ...f.decls.map((d) => `${d.kind} ${d.exported} ${d.name}`),
        ]),
      ].join("\n"),
    ]),
  );
  return new Map(
    input.packages.map((p) => {
      // The folders bindImport looks up: the package's own and each relative import's.
      const dirs = new Set([p.dir]);
      for (const f of p.files)
        for (const imp of f.imports)
          if (imp.module.startsWith(".")) dirs.add(posix.dirname(posix.normalize(posix.join(posix.dirname(f.rel), imp.module))));
      const index = [...dirs].sort().map((d) => entries.get(d) ?? `${d}\n(not an input package)`);
      return [
        p.dir,
        digest([...index, p.groupDir, p.versionDir, p.docFile?.rel ?? "", ...p.files.flatMap((f) => [f.rel, f.display, f.text])]),
      ];
    }),
  );
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
