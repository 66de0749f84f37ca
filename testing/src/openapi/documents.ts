// The OpenAPI documents one server publishes: the built-ins' beside one per served CRD group-version,
// rebuilt when the registry's custom resources change (a CRD created, updated or deleted gives new
// ResourceInfo objects), each serialized once with its hash (SHA-512 of the JSON, upper-case hex, as
// the real server computes its ETags and v3 ?hash= values).
import { createHash } from "node:crypto";
import type { ResourceRegistry } from "../registry/resource-registry.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import { builtinDocuments, loadBuiltinDocuments, type Json, type OpenApiRelease } from "./builtin-documents.js";
import { crdPaths } from "./crd-paths.js";
import { crdDefinitionName, crdKindSchema, crdListSchema, withoutV2Copies, type OpenApiVersion } from "./crd-schema.js";

/** One serialized document. */
export interface Published {
  text: string;
  hash: string;
  lastModified: Date;
}

interface Documents {
  /** The release whose built-in documents these hold. */
  release: OpenApiRelease;
  /** The custom resources these were built from. */
  custom: ResourceInfo[];
  /** The v2 document, serialized on first use (it is 3.5 MB; kubectl 1.32 mostly reads v3). */
  v2(): Published;
  /** v3 documents by group-version path ("api/v1", "apis/<g>/<v>"). */
  v3: Map<string, Published>;
}

const byRegistry = new WeakMap<ResourceRegistry, Documents>();
/** Built-in documents serialize to the same bytes for every server of a release; done once per process. */
const builtinV3 = new Map<OpenApiRelease, Map<string, Published>>();

function publish(doc: unknown, lastModified: Date): Published {
  const text = JSON.stringify(doc);
  return { text, hash: createHash("sha512").update(text).digest("hex").toUpperCase(), lastModified };
}

/**
 * The definitions a CRD's v2 paths refer to under _v2 names (the CRD builder's own copies), copied from the
 * built-in document; Scale only once some custom resource has a scale subresource.
 */
function v2Copies(definitions: Json, custom: ResourceInfo[]): Json {
  const names = ["DeleteOptions", "ObjectMeta", "OwnerReference", "Status", "StatusDetails"].map(
    (n) => `io.k8s.apimachinery.pkg.apis.meta.v1.${n}`,
  );
  if (custom.some((r) => r.scale)) names.push("io.k8s.api.autoscaling.v1.Scale");
  const rename = (text: string): string => names.reduce((t, n) => t.replaceAll(`"#/definitions/${n}"`, `"#/definitions/${n}_v2"`), text);
  return Object.fromEntries(names.map((n) => [`${n}_v2`, withoutKinds(JSON.parse(rename(JSON.stringify(definitions[n]))))]));
}

/** The CRD builder's own meta types carry no group-version-kind (the built-in ones list every group's). */
function withoutKinds(schema: unknown): Json {
  const { "x-kubernetes-group-version-kind": _gvk, ...rest } = schema as Json;
  return rest;
}

function crdSchemas(release: OpenApiRelease, v: OpenApiVersion, infos: ResourceInfo[]): Json {
  const out: Json = {};
  for (const r of infos) {
    out[crdDefinitionName(r.group, r.version, r.kind)] = crdKindSchema(v, r, r.openAPIV3Schema);
    out[crdDefinitionName(r.group, r.version, r.listKind)] = crdListSchema(v, r, release !== "1.24");
  }
  return out;
}

function sortKeys(o: Json): Json {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function buildV2(release: OpenApiRelease, custom: ResourceInfo[], now: Date): Published {
  const builtin = builtinDocuments(release).v2;
  const definitions = builtin["definitions"] as Json;
  const crd: Json = {};
  for (const r of custom) Object.assign(crd, crdPaths(release, "v2", r));
  let schemas = custom.length > 0 ? crdSchemas(release, "v2", custom) : {};
  if (release === "1.24") schemas = { ...(custom.length > 0 ? v2Copies(definitions, custom) : {}), ...schemas };
  else schemas = withoutV2Copies(schemas);
  const paths = { ...(builtin["paths"] as Json), ...crd };
  return publish({ ...builtin, paths: sortKeys(paths), definitions: sortKeys({ ...definitions, ...schemas }) }, now);
}

/** The named schemas `root` reaches through `$ref`s, taken from `schemas`. */
function reachable(root: unknown, schemas: Json): Json {
  const out: Json = {};
  const visit = (node: unknown): void => {
    for (const m of JSON.stringify(node).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      const name = m[1] ?? "";
      if (name in out || !(name in schemas)) continue;
      out[name] = schemas[name];
      visit(schemas[name]);
    }
  };
  visit(root);
  return out;
}

function buildV3ForCrds(release: OpenApiRelease, infos: ResourceInfo[], now: Date): Published {
  const builtin = builtinDocuments(release);
  const core = builtin.v3["api/v1"] ?? {};
  const paths: Json = {};
  for (const r of infos) Object.assign(paths, crdPaths(release, "v3", r));
  const own = crdSchemas(release, "v3", infos);
  const meta = Object.fromEntries(
    // 1.24's builder dropped the group-version-kinds of the built-in schemas it copied; 1.37's keeps them.
    Object.entries(
      reachable([paths, own], { ...(((core["components"] ?? {}) as Json)["schemas"] as Json), ...(builtin.crdV3Schemas ?? {}) }),
    ).map(([k, v]) => [k, release === "1.24" ? withoutKinds(v) : v]),
  );
  return publish(
    {
      openapi: "3.0.0",
      info: { title: "Kubernetes CRD Swagger", version: "v0.1.0" },
      paths: sortKeys(paths),
      components: { schemas: sortKeys({ ...meta, ...own }) },
    },
    now,
  );
}

function sameList(a: ResourceInfo[], b: ResourceInfo[]): boolean {
  return a.length === b.length && a.every((r, i) => r === b[i]);
}

/** The current documents of the server whose registry is `registry`, with `release`'s built-in ones. */
export async function documentsOf(registry: ResourceRegistry, release: OpenApiRelease): Promise<Documents> {
  await loadBuiltinDocuments(release);
  const custom = registry.all().filter((r) => r.custom && !r.discoveryOnly);
  const cached = byRegistry.get(registry);
  if (cached && cached.release === release && sameList(cached.custom, custom)) return cached;
  const now = new Date();
  let builtin = builtinV3.get(release);
  if (!builtin) {
    builtin = new Map(Object.entries(builtinDocuments(release).v3).map(([gv, doc]) => [gv, publish(doc, now)]));
    builtinV3.set(release, builtin);
  }
  const v3 = new Map(builtin);
  const byGv = new Map<string, ResourceInfo[]>();
  for (const r of custom) byGv.set(`apis/${r.group}/${r.version}`, [...(byGv.get(`apis/${r.group}/${r.version}`) ?? []), r]);
  for (const [gv, infos] of byGv) {
    // An unchanged group-version keeps its document, hash and Last-Modified.
    const before = cached?.v3.get(gv);
    const prior = cached?.custom.filter((r) => `apis/${r.group}/${r.version}` === gv) ?? [];
    v3.set(gv, before && sameList(prior, infos) ? before : buildV3ForCrds(release, infos, now));
  }
  let v2: Published | undefined;
  const docs: Documents = { release, custom, v2: () => (v2 ??= buildV2(release, custom, now)), v3 };
  byRegistry.set(registry, docs);
  return docs;
}

/** The v3 discovery document: each group-version's URL with its current hash. */
export function v3Discovery(docs: Documents): Json {
  return { paths: Object.fromEntries([...docs.v3].map(([gv, p]) => [gv, { serverRelativeURL: `/openapi/v3/${gv}?hash=${p.hash}` }])) };
}
