import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import type { MarkerSet } from "../markers/index.js";
import { pluralize, singularOf } from "./naming.js";
import type { ClientExtension, ClientModel, FieldModel, KindModel, PackageId, TypeModel } from "./types.js";
import type { ScaleSubresource } from "@kube-codegen/apiextensions";
import { clientVerbs } from "../vocab/index.js";

/** The verbs +genclient:readonly keeps. */
export const readonlyVerbs = ["get", "list", "watch"];
const statusVerbs = new Set(["updateStatus", "applyStatus"]);

/** What classification needs to know of a struct, with its embeds already flattened. */
export interface ClassifyInput {
  readonly type: TypeModel;
  /** Embeds TypeMeta, directly or through embedded structs. */
  readonly hasTypeMeta: boolean;
  /** The flattened fields (own and embedded) it looks at: `metadata` and `items` (others may be left out). */
  readonly fields: readonly FieldModel[];
  /** Another struct embeds this one (a base type, not an object of its own). */
  readonly embedded: boolean;
}

/** True when a type is marked as a root object: controller-gen's object:root or code-generator's interfaces=runtime.Object. */
export function isMarkedRoot(t: TypeModel): boolean {
  const interfaces = t.markers.all("k8s:deepcopy-gen:interfaces").map((m) => String(m.value));
  return t.markers.value<boolean>("kubebuilder:object:root") === true || interfaces.some((i) => i.endsWith("runtime.Object"));
}

/**
 * Decides whether a struct is a kind, a list, or neither. A kind has TypeMeta (or a root marker)
 * and `metadata: ObjectMeta`; a list has `metadata: ListMeta` and `items: T[]`. A struct that
 * other structs embed is a base type, not a kind, unless it is marked root explicitly.
 */
export function classify(c: ClassifyInput, diags: Diagnostic[]): { isKind: boolean; isList: boolean } {
  const t = c.type;
  if (t.shape.kind !== "struct") return { isKind: false, isList: false };
  const root = isMarkedRoot(t);
  if (!c.hasTypeMeta && !root) return { isKind: false, isList: false };
  if (c.embedded && !root) return { isKind: false, isList: false };
  const meta = c.fields.find((f) => f.name === "metadata");
  const items = c.fields.find((f) => f.name === "items");
  const isObjectMeta = meta?.type.kind === "builtin" && meta.type.name === "ObjectMeta";
  const isListMeta = meta?.type.kind === "builtin" && meta.type.name === "ListMeta";
  if (isListMeta && items?.type.kind === "array") return { isKind: false, isList: true };
  if (isObjectMeta) return { isKind: true, isList: false };
  // A metadata or items field whose type was refused is missing for a reason already reported.
  if (t.shape.incomplete) return { isKind: false, isList: t.name.endsWith("List") && items !== undefined };
  if (t.name.endsWith("List") && items) {
    diags.push(
      errorAt(
        meta?.pos ?? t.pos,
        Code.badListType,
        `list type ${t.name} needs metadata: ListMeta`,
        "declare `metadata?: ListMeta` (from @kube-codegen/runtime)",
      ),
    );
    return { isKind: false, isList: true };
  }
  diags.push(
    errorAt(
      meta?.pos ?? t.pos,
      Code.kindWithoutMetadata,
      `kind ${t.name} has no metadata: ObjectMeta`,
      "a kind extends TypeMeta and declares `metadata?: ObjectMeta` (both from @kube-codegen/runtime)",
    ),
  );
  return { isKind: false, isList: false };
}

/** Builds the serving facts of a kind from its markers: names, scope, subresources, client. */
export function kindOf(t: TypeModel, pkg: PackageId, listDeclared: boolean, hasStatusField: boolean): KindModel {
  const m = t.markers;
  const res = m.value<Record<string, unknown>>("kubebuilder:resource") ?? {};
  const singular = typeof res["singular"] === "string" ? res["singular"] : singularOf(t.name);
  const plural = typeof res["path"] === "string" ? res["path"] : pluralize(singularOf(t.name));
  const namespaced = !(res["scope"] === "Cluster" || m.has("genclient:nonNamespaced"));
  const scale = scaleOf(m);
  const client = m.has("genclient") ? clientOf(m, namespaced, hasStatusField) : undefined;
  return {
    name: t.name,
    pkg,
    listName: `${t.name}List`,
    listDeclared,
    plural,
    singular,
    namespaced,
    shortNames: asList(res["shortName"]),
    categories: asList(res["categories"]),
    statusSubresource: m.has("kubebuilder:subresource:status"),
    ...(scale ? { scale } : {}),
    ...(client ? { client } : {}),
    pos: t.pos,
  };
}

function scaleOf(m: MarkerSet): ScaleSubresource | undefined {
  const s = m.value<Record<string, unknown>>("kubebuilder:subresource:scale");
  if (!s) return undefined;
  const str = (k: string, d: string) => (typeof s[k] === "string" ? s[k] : d);
  const selector = s["selectorpath"];
  return {
    specReplicasPath: str("specpath", ".spec.replicas"),
    statusReplicasPath: str("statuspath", ".status.replicas"),
    ...(typeof selector === "string" ? { labelSelectorPath: selector } : {}),
  };
}

function clientOf(m: MarkerSet, namespaced: boolean, hasStatusField: boolean): ClientModel {
  let verbs: string[] = [...clientVerbs];
  // As client-gen: readonly is onlyVerbs=get,list,watch, and an onlyVerbs beside it adds to those.
  const only = m.value<unknown>("genclient:onlyVerbs");
  const kept = [...(m.has("genclient:readonly") ? readonlyVerbs : []), ...(only !== undefined ? asList(only) : [])];
  if (m.has("genclient:noVerbs")) verbs = [];
  else if (m.has("genclient:readonly") || only !== undefined) verbs = verbs.filter((v) => kept.includes(v));
  const skip = m.value<unknown>("genclient:skipVerbs");
  if (skip !== undefined) verbs = verbs.filter((v) => !asList(skip).includes(v));
  if (m.has("genclient:noStatus") || !hasStatusField) verbs = verbs.filter((v) => !statusVerbs.has(v));
  const extensions: ClientExtension[] = m.all("genclient:method").map((mk) => {
    const v = mk.value as Record<string, unknown>;
    const opt = (k: string) => (typeof v[k] === "string" ? { [k]: v[k] } : {});
    return {
      name: String(v["name"] ?? v[""] ?? ""),
      verb: String(v["verb"] ?? ""),
      ...opt("subresource"),
      ...opt("input"),
      ...opt("result"),
    };
  });
  return { namespaced, noStatus: m.has("genclient:noStatus") || !hasStatusField, verbs, extensions };
}

/** Accepts a marker list value given as an array or as a single comma/semicolon-separated string. */
export function asList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === "string")
    return v
      .split(/[;,]/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  return [];
}
