import { closest, Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import type { KindModel, PackageModel, TypeModel, ApiModel } from "../../model/index.js";

/** The marker a spoke package names its hub with, and a type or field opts out with (`=false`). */
export const CONVERSION_MARKER = "k8s:conversion-gen";

/** A spoke package converting some of its kinds through one hub package of its group. */
export interface SpokeHub {
  readonly spoke: PackageModel;
  readonly hub: PackageModel;
  /** The kinds converted (declared in both, neither opted out), sorted by name. */
  readonly kinds: readonly KindModel[];
}

/** True when a type or field carries `+k8s:conversion-gen=false`. */
export function optedOut(m: { readonly markers: TypeModel["markers"] }): boolean {
  const v = m.markers.value<unknown>(CONVERSION_MARKER);
  return v !== undefined && String(v) === "false";
}

/**
 * Which packages convert to which hub, as conversion-gen's package tag says: `=<version>` of the
 * same group, `=<group dir>/<version>` (or an import path ending in a package directory, as Go
 * packages write it), or `=true` for each kind's storage version (`+kubebuilder:storageversion`).
 * `=false` in doc.ts converts nothing. A hub that is itself a spoke of the same kind is refused:
 * hub-and-spoke conversion has no chains.
 */
export function planConversions(model: ApiModel): { pairs: SpokeHub[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKind = new Map<string, SpokeHub>(); // `${spoke dir}\0${kind}` → its pair, for the chain check
  const pairs: SpokeHub[] = [];
  for (const spoke of model.packages) {
    const marker = spoke.markers.get(CONVERSION_MARKER);
    if (!marker) continue;
    const value = String(marker.value).trim();
    if (value === "false") continue;
    const hubs = new Map<PackageModel, KindModel[]>();
    const add = (hub: PackageModel, kind: KindModel) => {
      const hubType = hub.types.find((t) => t.name === kind.name);
      const spokeType = spoke.types.find((t) => t.name === kind.name);
      if (!hubType?.isKind || !spokeType || optedOut(spokeType) || optedOut(hubType)) return;
      hubs.set(hub, [...(hubs.get(hub) ?? []), kind]);
    };
    if (value === "true") {
      for (const kind of spoke.kinds) {
        const storage = storageVersionOf(model, spoke, kind.name);
        if (storage && storage !== spoke) add(storage, kind);
      }
    } else {
      const hub = resolveHub(model, spoke, value);
      const sameGroup = model.packages.filter((p) => p.id.group === spoke.id.group && p !== spoke);
      if (!hub || hub === spoke) {
        const choices = sameGroup.map((p) => p.id.version);
        const near = closest(value, [...choices, ...sameGroup.map((p) => p.dir)])[0];
        diagnostics.push(
          errorAt(
            marker.pos,
            Code.conversionHubUnknown,
            hub === spoke
              ? `+k8s:conversion-gen=${value} names ${spoke.dir} itself; a spoke converts to another version of its group`
              : `+k8s:conversion-gen=${value} names no package of the input`,
            (near ? `did you mean =${near}? ` : "") +
              (choices.length > 0
                ? `name the hub version of ${spoke.id.group}: ${choices.map((c) => `=${c}`).join(", ")}, or =true for each kind's +kubebuilder:storageversion version`
                : `${spoke.id.group} has no other version; remove the marker`),
          ),
        );
        continue;
      }
      if (hub.id.group !== spoke.id.group) {
        diagnostics.push(
          errorAt(
            marker.pos,
            Code.conversionHubOtherGroup,
            `+k8s:conversion-gen=${value} names ${hub.dir}, of group ${hub.id.group}, but ${spoke.dir} is of ${spoke.id.group}; a CRD converts only between versions of its group`,
            "name a version of the same group",
          ),
        );
        continue;
      }
      for (const kind of spoke.kinds) add(hub, kind);
    }
    for (const [hub, kinds] of [...hubs].sort((a, b) => cmp(a[0].dir, b[0].dir))) {
      const pair: SpokeHub = { spoke, hub, kinds: [...kinds].sort((a, b) => cmp(a.name, b.name)) };
      pairs.push(pair);
      for (const k of kinds) byKind.set(`${spoke.dir}\u0000${k.name}`, pair);
    }
  }
  const chained = new Set<SpokeHub>();
  for (const pair of pairs) {
    for (const kind of pair.kinds) {
      const next = byKind.get(`${pair.hub.dir}\u0000${kind.name}`);
      if (!next || chained.has(pair)) continue;
      chained.add(pair);
      diagnostics.push(
        errorAt(
          pair.spoke.markers.get(CONVERSION_MARKER)?.pos ?? kind.pos,
          Code.conversionHubIsSpoke,
          `${pair.spoke.dir} converts ${kind.name} through ${pair.hub.dir}, which converts it on to ${next.hub.dir}: a hub cannot itself be a spoke`,
          `name the one hub in both: +k8s:conversion-gen=${next.hub.id.version}`,
        ),
      );
    }
  }
  return { pairs: pairs.filter((p) => !chained.has(p)), diagnostics };
}

/**
 * The package a marker value names: a version of the spoke's group (`v2`), a package directory
 * (`shipyard/v2`), `<group>/<version>`, or an import path ending in a package directory.
 */
function resolveHub(model: ApiModel, spoke: PackageModel, value: string): PackageModel | undefined {
  const v = value.replace(/\\/g, "/").replace(/\/+$/, "");
  if (!v.includes("/")) return model.packages.find((p) => p.id.group === spoke.id.group && p.id.version === v);
  return model.packages.find((p) => v === p.dir || v.endsWith(`/${p.dir}`) || v === `${p.id.group}/${p.id.version}`);
}

/** The package holding a kind's +kubebuilder:storageversion version (its group's, packages with +kubebuilder:skip left out). */
function storageVersionOf(model: ApiModel, from: PackageModel, kind: string): PackageModel | undefined {
  const marked = model.packages.filter(
    (p) =>
      p.id.group === from.id.group &&
      !p.markers.has("kubebuilder:skip") &&
      p.types.some((t) => t.name === kind && t.isKind && t.markers.has("kubebuilder:storageversion")),
  );
  return marked.length === 1 ? marked[0] : undefined;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
