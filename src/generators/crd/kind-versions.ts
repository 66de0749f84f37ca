import { type ApiModel, type KindModel, type PackageModel, type TypeModel } from "../../model/index.js";

/** One version of a kind: the package that declares it, its kind facts and its type. */
export interface KindVersion {
  readonly pkg: PackageModel;
  readonly kind: KindModel;
  readonly type: TypeModel;
}

/** A kind of one group with every version that declares it, by Kubernetes version priority. */
export interface GroupKind {
  readonly group: string;
  readonly name: string;
  readonly versions: readonly KindVersion[];
}

/**
 * Groups the model's kinds into CRDs: one per group and kind, across every package of the group
 * that declares it. Packages marked `+kubebuilder:skip` are left out. Sorted by group, then kind.
 */
export function groupKinds(model: ApiModel): GroupKind[] {
  const byKey = new Map<string, { group: string; name: string; versions: KindVersion[] }>();
  for (const pkg of model.packages) {
    if (pkg.markers.has("kubebuilder:skip")) continue;
    for (const kind of pkg.kinds) {
      const type = pkg.types.find((t) => t.name === kind.name);
      if (!type) continue;
      const key = `${pkg.id.group}\u0000${kind.name}`;
      let entry = byKey.get(key);
      if (!entry) {
        entry = { group: pkg.id.group, name: kind.name, versions: [] };
        byKey.set(key, entry);
      }
      entry.versions.push({ pkg, kind, type });
    }
  }
  const out = [...byKey.values()];
  // controller-gen lists a CRD's versions sorted by name (not by priority), so its output and ours
  // agree line for line; the API server orders versions by priority itself where it matters.
  for (const gk of out)
    gk.versions.sort((a, b) => (a.pkg.id.version < b.pkg.id.version ? -1 : a.pkg.id.version > b.pkg.id.version ? 1 : 0));
  return out.sort((a, b) => cmp(a.group, b.group) || cmp(a.name, b.name));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
