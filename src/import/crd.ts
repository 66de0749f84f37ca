import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { isIdentifier, markerString, markerWord } from "../emit/index.js";
import { typeMetaDescriptions } from "../schema/builtin-schemas.js";
import { columnTypes } from "../vocab/print-column.js";
import { docLines } from "./description.js";
import type { TypeNames } from "./names.js";
import { fieldsOf, ruleMarker, type SchemaWalk, type Warn } from "./schema.js";
import type { ImportDecl, ImportField } from "./types.js";

/** A CRD document checked far enough to import: the parts the model stage reads. */
export interface CrdInput {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular?: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly scope: "Namespaced" | "Cluster";
  readonly annotations: Readonly<Record<string, string>>;
  readonly labels: Readonly<Record<string, string>>;
  readonly versions: readonly VersionInput[];
}

/** One version of a CRD with the document path of its entry (`spec.versions[1]`). */
export interface VersionInput {
  readonly name: string;
  readonly path: string;
  readonly raw: Record<string, unknown>;
  readonly schema: JSONSchemaProps & Record<string, unknown>;
}

/** A problem that stops the import of a document: where and what. */
export interface CrdProblem {
  readonly path: string;
  readonly message: string;
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const VERSION = /^[a-z0-9]+$/;
/** Annotations the generator writes itself or that name the tool that wrote the CRD. */
const TOOL_ANNOTATIONS = new Set(["controller-gen.kubebuilder.io/version"]);

const rec = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Reads a document as a CRD, or says why it is not one; warnings go to `warn`. */
export function readCrd(doc: unknown, warn: Warn): CrdInput | CrdProblem {
  const d = rec(doc);
  if (d === undefined) return { path: "", message: "the document is not a mapping, so not a CustomResourceDefinition" };
  if (d.kind !== "CustomResourceDefinition")
    return { path: "kind", message: `kind is ${JSON.stringify(d.kind ?? null)}, not CustomResourceDefinition` };
  if (d.apiVersion !== "apiextensions.k8s.io/v1")
    return {
      path: "apiVersion",
      message: `apiVersion is ${JSON.stringify(d.apiVersion ?? null)}; only apiextensions.k8s.io/v1 CRDs are imported`,
    };
  const spec = rec(d.spec);
  if (spec === undefined) return { path: "spec", message: "the CRD has no spec" };
  const group = spec.group;
  if (typeof group !== "string" || !DNS_SUBDOMAIN.test(group))
    return { path: "spec.group", message: `spec.group ${JSON.stringify(group ?? null)} is not a DNS subdomain` };
  const names = rec(spec.names) ?? {};
  const kind = names.kind;
  if (typeof kind !== "string" || !/^[A-Za-z][A-Za-z0-9]*$/.test(kind) || !isIdentifier(kind))
    return {
      path: "spec.names.kind",
      message: `spec.names.kind ${JSON.stringify(kind ?? null)} is not a kind name (letters and digits, starting with a letter)`,
    };
  const plural = names.plural;
  if (typeof plural !== "string" || !DNS_LABEL.test(plural))
    return { path: "spec.names.plural", message: `spec.names.plural ${JSON.stringify(plural ?? null)} is not a lower-case DNS label` };
  const rawVersions = Array.isArray(spec.versions) ? spec.versions : [];
  if (rawVersions.length === 0) return { path: "spec.versions", message: "the CRD has no versions" };
  const versions: VersionInput[] = [];
  for (const [i, v] of rawVersions.entries()) {
    const path = `spec.versions[${String(i)}]`;
    const raw = rec(v) ?? {};
    if (typeof raw.name !== "string" || !VERSION.test(raw.name))
      return { path: `${path}.name`, message: `version name ${JSON.stringify(raw.name ?? null)} is not lower-case letters and digits` };
    const schema = rec(rec(raw.schema)?.openAPIV3Schema);
    if (schema === undefined) return { path, message: `version ${raw.name} has no schema.openAPIV3Schema; there is nothing to import` };
    if (versions.some((x) => x.name === raw.name)) return { path: `${path}.name`, message: `version ${raw.name} is listed twice` };
    versions.push({ name: raw.name, path, raw, schema: schema });
  }
  const meta = rec(d.metadata) ?? {};
  if (meta.name !== `${plural}.${group}`)
    warn(
      "metadata.name",
      "unexpressible",
      `metadata.name ${JSON.stringify(meta.name ?? null)} is not ${plural}.${group}, the name the generator gives it`,
    );
  if (typeof names.listKind === "string" && names.listKind !== `${kind}List`)
    warn("spec.names.listKind", "unexpressible", `listKind ${names.listKind} is not ${kind}List, the only list name the dialect writes`);
  const conversion = rec(spec.conversion);
  if (conversion !== undefined && conversion.strategy !== "None")
    warn("spec.conversion", "unexpressible", "conversion settings (webhooks) are not part of API packages; they are left out");
  if (spec.preserveUnknownFields === true)
    warn(
      "spec.preserveUnknownFields",
      "unexpressible",
      "spec.preserveUnknownFields is left out (apiextensions.k8s.io/v1 requires it to be false)",
    );
  const scope = spec.scope === "Cluster" ? "Cluster" : "Namespaced";
  const singular = typeof names.singular === "string" && names.singular !== kind.toLowerCase() ? names.singular : undefined;
  const annotations = Object.fromEntries(
    Object.entries(rec(meta.annotations) ?? {}).filter(([k, v]) => typeof v === "string" && !TOOL_ANNOTATIONS.has(k)),
  ) as Record<string, string>;
  const labels = Object.fromEntries(Object.entries(rec(meta.labels) ?? {}).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  return {
    group,
    kind,
    plural,
    ...(singular !== undefined ? { singular } : {}),
    shortNames: strings(names.shortNames),
    categories: strings(names.categories),
    scope,
    annotations,
    labels,
    versions,
  };
}

/** The kind's own markers in one version: client, resource names, subresources, version flags, columns. */
function kindMarkers(crd: CrdInput, v: VersionInput, warn: Warn): string[] {
  const out = ["+genclient"];
  if (crd.scope === "Cluster") out.push("+genclient:nonNamespaced");
  const res = [`path=${markerWord(crd.plural)}`];
  if (crd.singular !== undefined) res.push(`singular=${markerWord(crd.singular)}`);
  if (crd.shortNames.length > 0) res.push(`shortName=${crd.shortNames.map(markerWord).join(";")}`);
  if (crd.categories.length > 0) res.push(`categories=${crd.categories.map(markerWord).join(";")}`);
  res.push(`scope=${crd.scope}`);
  out.push(`+kubebuilder:resource:${res.join(",")}`);
  const sub = rec(v.raw.subresources);
  if (sub !== undefined) {
    if (sub.status !== undefined) out.push("+kubebuilder:subresource:status");
    const scale = rec(sub.scale);
    if (scale !== undefined) {
      const args = [
        `specpath=${markerString(String(scale.specReplicasPath))}`,
        `statuspath=${markerString(String(scale.statusReplicasPath))}`,
      ];
      if (typeof scale.labelSelectorPath === "string") args.push(`selectorpath=${markerString(scale.labelSelectorPath)}`);
      out.push(`+kubebuilder:subresource:scale:${args.join(",")}`);
    }
  }
  if (v.raw.storage === true && crd.versions.length > 1) out.push("+kubebuilder:storageversion");
  if (v.raw.served === false) out.push("+kubebuilder:unservedversion");
  if (v.raw.deprecated === true)
    out.push(
      typeof v.raw.deprecationWarning === "string"
        ? `+kubebuilder:deprecatedversion:warning=${markerString(v.raw.deprecationWarning)}`
        : "+kubebuilder:deprecatedversion",
    );
  const columns = Array.isArray(v.raw.additionalPrinterColumns) ? v.raw.additionalPrinterColumns : [];
  columns.forEach((c, i) => {
    const col = rec(c) ?? {};
    const at = `${v.path}.additionalPrinterColumns[${String(i)}]`;
    if (typeof col.name !== "string" || typeof col.jsonPath !== "string" || !(columnTypes as readonly unknown[]).includes(col.type)) {
      warn(at, "unexpressible", "a printer column without a name, a jsonPath and a known type is left out");
      return;
    }
    const args = [`name=${markerWord(col.name)}`, `type=${String(col.type)}`, `JSONPath=${markerString(col.jsonPath)}`];
    if (typeof col.description === "string") args.push(`description=${markerString(col.description)}`);
    if (typeof col.format === "string") args.push(`format=${markerWord(col.format)}`);
    if (typeof col.priority === "number" && Number.isSafeInteger(col.priority)) args.push(`priority=${String(col.priority)}`);
    out.push(`+kubebuilder:printcolumn:${args.join(",")}`);
  });
  const selectable = Array.isArray(v.raw.selectableFields) ? v.raw.selectableFields : [];
  for (const s of selectable) {
    const jp = rec(s)?.jsonPath;
    if (typeof jp === "string") out.push(`+kubebuilder:selectablefield:JSONPath=${markerString(jp)}`);
  }
  const meta: string[] = [];
  const pairs = (m: Readonly<Record<string, string>>) => Object.entries(m).map(([k, x]) => markerString(`${k}=${x}`));
  if (Object.keys(crd.annotations).length > 0) meta.push(`annotations=${pairs(crd.annotations).join(";")}`);
  if (Object.keys(crd.labels).length > 0) meta.push(`labels=${pairs(crd.labels).join(";")}`);
  if (meta.length > 0) out.push(`+kubebuilder:metadata:${meta.join(",")}`);
  return out;
}

const TYPE_META_FIELDS = ["apiVersion", "kind", "metadata"];

/** The declarations of one kind in one version: the kind, its list, then the types its schema needs. */
export function kindDecls(crd: CrdInput, v: VersionInput, names: TypeNames, warn: Warn): ImportDecl[] {
  const decls: ImportDecl[] = [];
  const w: SchemaWalk = { names, decls, warn };
  const root = v.schema;
  const rootPath = `${v.path}.schema.openAPIV3Schema`;
  checkRootMeta(root, rootPath, warn);
  const rest: JSONSchemaProps & Record<string, unknown> = {
    ...root,
    properties: Object.fromEntries(Object.entries(root.properties ?? {}).filter(([k]) => !TYPE_META_FIELDS.includes(k))),
    ...(root.required ? { required: root.required.filter((k) => !TYPE_META_FIELDS.includes(k)) } : {}),
  };
  const kindDecl: ImportDecl = { kind: "interface", name: crd.kind, extendsTypeMeta: true, doc: [], markers: [], fields: [] };
  decls.push(kindDecl);
  decls.push({
    kind: "interface",
    name: `${crd.kind}List`,
    extendsTypeMeta: true,
    doc: [`${crd.kind}List is a list of ${crd.kind}.`],
    markers: [],
    fields: [
      { name: "metadata", optional: true, type: { kind: "named", name: "ListMeta" }, doc: [], markers: [] },
      { name: "items", optional: false, type: { kind: "array", elem: { kind: "named", name: crd.kind } }, doc: [], markers: [] },
    ],
  });
  const metadata: ImportField = { name: "metadata", optional: true, type: { kind: "named", name: "ObjectMeta" }, doc: [], markers: [] };
  const fields = [metadata, ...fieldsOf(w, rest, rootPath, crd.kind)];
  const doc = docLines(root.description);
  if (doc.problem !== undefined) warn(`${rootPath}.description`, "description", `the description of ${crd.kind} changes: ${doc.problem}`);
  const markers = [...kindMarkers(crd, v, warn), ...rootMarkers(root, rootPath, warn)];
  Object.assign(kindDecl, { doc: doc.lines, markers, fields });
  return decls;
}

/** The root's own keywords the kind can carry as type markers: CEL rules and preserve-unknown-fields. */
function rootMarkers(root: Record<string, unknown>, path: string, warn: Warn): string[] {
  const out: string[] = [];
  if (root["x-kubernetes-preserve-unknown-fields"] === true) out.push("+kubebuilder:pruning:PreserveUnknownFields");
  const rules = Array.isArray(root["x-kubernetes-validations"]) ? root["x-kubernetes-validations"] : [];
  rules.forEach((r, i) => out.push(...ruleMarker({ warn }, rec(r) ?? {}, `${path}.x-kubernetes-validations[${String(i)}]`)));
  const handled = new Set([
    "type",
    "description",
    "properties",
    "required",
    "x-kubernetes-preserve-unknown-fields",
    "x-kubernetes-validations",
  ]);
  for (const k of Object.keys(root).sort())
    if (!handled.has(k))
      warn(`${path}.${k}`, "unexpressible", `${k} on the root of the schema cannot be expressed on a kind; it is left out`);
  return out;
}

/** apiVersion, kind and metadata come from TypeMeta and ObjectMeta, with the generator's fixed schemas. */
function checkRootMeta(root: JSONSchemaProps, path: string, warn: Warn): void {
  const docs = typeMetaDescriptions("current");
  const props = root.properties ?? {};
  for (const k of ["apiVersion", "kind"] as const) {
    const expected = JSON.stringify({ description: docs[k], type: "string" });
    const p = props[k];
    const got = p === undefined ? undefined : JSON.stringify({ description: p.description, type: p.type });
    if (got !== expected || Object.keys(p ?? {}).length !== 2)
      warn(
        `${path}.properties${p === undefined ? "" : `.${k}`}`,
        "unexpressible",
        `${k} is written as TypeMeta's: a string with apimachinery's description`,
      );
  }
  const m = props.metadata;
  if (m === undefined || JSON.stringify(m) !== JSON.stringify({ type: "object" }))
    warn(
      `${path}.properties${m === undefined ? "" : ".metadata"}`,
      "unexpressible",
      "metadata is written as ObjectMeta's {type: object}, whose schema the API server owns",
    );
}
