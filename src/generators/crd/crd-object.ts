import { Code, errorAt, type Diagnostic } from "../../diagnostics/index.js";
import type { Marker } from "../../markers/index.js";
import type { ApiModel } from "../../model/index.js";
import { buildKindSchema, limitDescriptions, SourceMap, type SchemaShape } from "../../schema/index.js";
import { crdMetadataOf } from "../../vocab/index.js";
import type { GroupKind, KindVersion } from "./kind-versions.js";
import { checkSelectableFields } from "./selectable-fields.js";

/** A CRD as plain JSON, with the problems found assembling it and where each part came from. */
export interface CrdBuild {
  readonly crd: Record<string, unknown>;
  readonly name: string;
  readonly plural: string;
  readonly diagnostics: Diagnostic[];
  readonly sources: SourceMap;
}

/** What shapes a CRD besides the types: controller-gen's maxDescLen, the description layout, how bounds meet. */
export interface CrdShape extends SchemaShape {
  readonly maxDescLen?: number | undefined;
}

/**
 * Assembles the apiextensions.k8s.io/v1 CRD of one group/kind across its versions, as
 * controller-gen's NeedCRDFor does: names and scope from the kind, one entry per version
 * (skipped versions left out) with its schema, subresources, printer columns and selectable
 * fields, exactly one storage version, at least one served version. Returns undefined when
 * every version is skipped.
 */
export function buildCrd(model: ApiModel, gk: GroupKind, shape: CrdShape): CrdBuild | undefined {
  const diagnostics: Diagnostic[] = [];
  const sources = new SourceMap();
  const first = gk.versions[0]!;
  sources.set("", first.type.pos);
  const kept = gk.versions.filter((v) => !v.type.markers.has("kubebuilder:skipversion"));
  if (gk.versions.length === 1 && kept.length === 0) {
    const m = first.type.markers.get("kubebuilder:skipversion")!;
    diagnostics.push(
      errorAt(
        m.pos,
        Code.skipOnlyVersion,
        `+kubebuilder:skipversion on ${gk.name}, the only version of the kind`,
        "remove the marker, or declare another version of the kind",
      ),
    );
  }
  if (kept.length === 0) return diagnostics.length > 0 ? { crd: {}, name: "", plural: "", diagnostics, sources } : undefined;
  const names = namesOf(kept, diagnostics, sources);
  const name = `${names.plural}.${gk.group}`;
  const versions = kept.map((v, i) => versionOf(model, v, i, shape, diagnostics, sources));
  markStorage(gk, kept, versions, diagnostics);
  if (versions.every((v) => v["served"] === false)) {
    const m = kept[0]!.type.markers.get("kubebuilder:unservedversion");
    diagnostics.push(
      errorAt(
        m?.pos ?? first.type.pos,
        Code.noServedVersion,
        `no version of ${gk.name} is served: every one is +kubebuilder:unservedversion`,
        "remove +kubebuilder:unservedversion from the version clients should use",
      ),
    );
  }
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: metadataOf(kept, name, sources),
    spec: {
      group: gk.group,
      names: {
        kind: gk.name,
        listKind: first.kind.listName,
        plural: names.plural,
        singular: names.singular,
        ...(names.shortNames.length > 0 ? { shortNames: [...names.shortNames] } : {}),
        ...(names.categories.length > 0 ? { categories: [...names.categories] } : {}),
      },
      scope: names.namespaced ? "Namespaced" : "Cluster",
      versions,
    },
  };
  return { crd, name, plural: names.plural, diagnostics, sources };
}

interface Names {
  readonly plural: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly namespaced: boolean;
}

/** The CRD's names and scope; every version must agree, since a CRD has only one set. */
function namesOf(versions: readonly KindVersion[], diagnostics: Diagnostic[], sources: SourceMap): Names {
  const pick = (v: KindVersion): Names => ({
    plural: v.kind.plural,
    singular: v.kind.singular,
    shortNames: v.kind.shortNames,
    categories: v.kind.categories,
    namespaced: v.kind.namespaced,
  });
  // Versions without +kubebuilder:resource take the names of those with one (as controller-gen
  // applies each version's marker to the one CRD); two explicit markers must agree.
  const explicit = versions.filter((v) => v.type.markers.has("kubebuilder:resource"));
  const source = explicit[0] ?? versions[0]!;
  const base = pick(source);
  const at = source.type.markers.get("kubebuilder:resource")?.pos ?? source.type.pos;
  for (const p of ["metadata.name", "spec.names", "spec.scope"]) sources.set(p, at);
  for (const v of explicit.slice(1)) {
    const other = pick(v);
    if (JSON.stringify(other) !== JSON.stringify(base)) {
      diagnostics.push(
        errorAt(
          v.type.markers.get("kubebuilder:resource")!.pos,
          Code.versionsDisagree,
          `${v.kind.name} ${v.pkg.id.version} has other resource names or scope than ${source.pkg.id.version} (${describeNames(other)} vs ${describeNames(base)}); a CRD has one set for all versions`,
          "give every version the same +kubebuilder:resource marker",
        ),
      );
    }
  }
  return base;
}

function describeNames(n: Names): string {
  return `path=${n.plural},singular=${n.singular},shortName=${n.shortNames.join(";")},categories=${n.categories.join(";")},scope=${n.namespaced ? "Namespaced" : "Cluster"}`;
}

function versionOf(
  model: ApiModel,
  v: KindVersion,
  i: number,
  shape: CrdShape,
  diagnostics: Diagnostic[],
  sources: SourceMap,
): Record<string, unknown> {
  const base = `spec.versions[${i}]`;
  const m = v.type.markers;
  sources.set(base, v.type.pos);
  const built = buildKindSchema(model, v.type, shape);
  diagnostics.push(...built.diagnostics);
  sources.addAll(base, built.sources);
  if (shape.maxDescLen !== undefined) limitDescriptions(built.schema, shape.maxDescLen);
  const out: Record<string, unknown> = {
    name: v.pkg.id.version,
    served: !m.has("kubebuilder:unservedversion"),
    storage: false,
    schema: { openAPIV3Schema: built.schema },
  };
  const subresources: Record<string, unknown> = {};
  if (v.kind.statusSubresource) {
    subresources["status"] = {};
    sources.set(`${base}.subresources.status`, m.get("kubebuilder:subresource:status")!.pos);
  }
  if (v.kind.scale) {
    subresources["scale"] = { ...v.kind.scale };
    const sm = m.get("kubebuilder:subresource:scale");
    if (sm) sources.set(`${base}.subresources.scale`, sm.pos);
  }
  const columns = m.all("kubebuilder:printcolumn").map((c, j) => printColumn(c, `${base}.additionalPrinterColumns[${j}]`, sources));
  // controller-gen's printcolumn marker creates an empty subresources block when there is none.
  if (Object.keys(subresources).length > 0 || columns.length > 0) out["subresources"] = subresources;
  if (columns.length > 0) out["additionalPrinterColumns"] = columns;
  const selectable = m.all("kubebuilder:selectablefield").map((s, j) => {
    sources.set(`${base}.selectableFields[${j}]`, s.pos);
    return { jsonPath: (s.value as { JSONPath: string }).JSONPath };
  });
  if (selectable.length > 0) out["selectableFields"] = selectable;
  diagnostics.push(...checkSelectableFields(m.all("kubebuilder:selectablefield"), built.schema));
  const deprecated = m.get("kubebuilder:deprecatedversion");
  if (deprecated) {
    out["deprecated"] = true;
    const warning = (deprecated.value as { warning?: string } | undefined)?.warning;
    if (warning !== undefined) out["deprecationWarning"] = warning;
    sources.set(`${base}.deprecationWarning`, deprecated.pos);
  }
  return out;
}

function printColumn(c: Marker, path: string, sources: SourceMap): Record<string, unknown> {
  sources.set(path, c.pos);
  const v = c.value as { name: string; type: string; JSONPath: string; description?: string; format?: string; priority?: number };
  return {
    name: v.name,
    type: v.type,
    jsonPath: v.JSONPath,
    // controller-gen's struct fields are omitempty: an empty description or format and priority 0 are left out.
    ...(v.description ? { description: v.description } : {}),
    ...(v.format ? { format: v.format } : {}),
    ...(v.priority ? { priority: v.priority } : {}),
  };
}

/** Exactly one storage version: the only one, or the one marked +kubebuilder:storageversion. */
function markStorage(gk: GroupKind, kept: readonly KindVersion[], versions: Record<string, unknown>[], diagnostics: Diagnostic[]): void {
  if (kept.length === 1) {
    versions[0]!["storage"] = true;
    return;
  }
  const marked = kept.map((v, i) => ({ v, i, m: v.type.markers.get("kubebuilder:storageversion") })).filter((x) => x.m !== undefined);
  if (marked.length === 0) {
    const list = kept.map((v) => v.pkg.id.version).join(", ");
    diagnostics.push(
      errorAt(
        kept[0]!.type.pos,
        Code.noStorageVersion,
        `${gk.name} has versions ${list} but none is marked +kubebuilder:storageversion`,
        "mark exactly one version's type with `// +kubebuilder:storageversion`",
      ),
    );
    return;
  }
  for (const extra of marked.slice(1)) {
    diagnostics.push(
      errorAt(
        extra.m!.pos,
        Code.severalStorageVersions,
        `${gk.name} ${extra.v.pkg.id.version} is marked +kubebuilder:storageversion but so is ${marked[0]!.v.pkg.id.version}; a CRD stores exactly one version`,
        "keep the marker on one version only",
      ),
    );
  }
  versions[marked[0]!.i]!["storage"] = true;
}

/** metadata: the name, and the annotations and labels of +kubebuilder:metadata (no generator annotation, see generate.ts). */
function metadataOf(versions: readonly KindVersion[], name: string, sources: SourceMap): Record<string, unknown> {
  const markers = versions.flatMap((v) => [...v.type.markers.all("kubebuilder:metadata")]);
  const { annotations, labels } = crdMetadataOf(markers);
  for (const m of markers) {
    const v = m.value as { annotations?: string[]; labels?: string[] };
    if (v.annotations?.length) sources.set("metadata.annotations", m.pos);
    if (v.labels?.length) sources.set("metadata.labels", m.pos);
  }
  return {
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    name,
  };
}
