// Aggregated discovery (apidiscovery.k8s.io/v2, KEP-3352): /api and /apis answer one
// APIGroupDiscoveryList with every group, version and resource when the Accept header asks for it, so
// kubectl and client-go learn the whole API in two requests. Shaped, negotiated and cached (ETag,
// Vary) as kube-apiserver 1.37 does it, checked against test/fixtures/apiserver-1.37/aggregated-discovery.json.
// Built from the same registry as the legacy documents, so CRD groups appear and vanish with their CRDs.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CORE_V1_RESOURCES, type ApiResourceEntry } from "../builtin/core-v1-discovery.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import type { ResourceRegistry } from "../registry/resource-registry.js";
import type { ServerState } from "../server-state.js";
import { ApiError } from "../status-errors.js";

/** The one aggregated form served: JSON, v2. 1.37 no longer serves v2beta1 (recorded: 406 when alone). */
const AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

interface MediaRange {
  type: string;
  params: Map<string, string>;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(",").map((clause) => {
    const [type = "", ...rest] = clause.split(";").map((p) => p.trim());
    const params = new Map<string, string>();
    for (const p of rest) {
      const eq = p.indexOf("=");
      if (eq > 0) params.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim());
    }
    return { type: type.toLowerCase(), params };
  });
}

function asksDiscovery(r: MediaRange): boolean {
  return r.params.get("g") === "apidiscovery.k8s.io" && r.params.get("as") === "APIGroupDiscoveryList";
}

function servable(r: MediaRange): boolean {
  return asksDiscovery(r) && r.type === "application/json" && r.params.get("v") === "v2" && r.params.get("q") !== "0";
}

/**
 * Which answer the Accept header gets. The real discovery handler negotiates against the aggregated
 * forms only and hands the request to the legacy handler when none matches, so the aggregated form wins
 * whenever the header names it at all, whatever its place or q-value (recorded: "application/json,
 * <aggregated>" and "<aggregated>;q=0.5, application/json" both get it). A header that names only
 * aggregated forms this server does not produce gets the legacy handler's 406.
 */
function negotiate(accept: string | undefined): "aggregated" | "legacy" | "none" {
  if (accept === undefined || accept.trim() === "") return "legacy";
  const ranges = parseAccept(accept);
  if (ranges.some(servable)) return "aggregated";
  return ranges.every(asksDiscovery) ? "none" : "legacy";
}

type Obj = Record<string, unknown>;

/** A resource's subresources as the legacy list writes them ("pods/status"), and the main entries. */
function coreResources(): Obj[] {
  const main = CORE_V1_RESOURCES.filter((e) => !e.name.includes("/"));
  return main.map((e) => {
    const subs = CORE_V1_RESOURCES.filter((s) => s.name.startsWith(`${e.name}/`)).map((s) => subresource(s));
    // Built-ins' singular is their kind in lower case (the 1.24 legacy list left singularName empty).
    return resource(e.name, { group: "", version: "", kind: e.kind }, e.namespaced, e.kind.toLowerCase(), e, subs);
  });
}

function subresource(s: ApiResourceEntry): Obj {
  return {
    subresource: s.name.slice(s.name.indexOf("/") + 1),
    responseKind: { group: s.group ?? "", version: s.version ?? "", kind: s.kind },
    verbs: s.verbs,
  };
}

/** One resource in the v2 shape, its keys in the order Go marshals APIResourceDiscovery (the ETag hashes them). */
function resource(
  name: string,
  responseKind: Obj,
  namespaced: boolean,
  singular: string,
  e: { verbs: readonly string[]; shortNames?: readonly string[]; categories?: readonly string[] },
  subresources: Obj[],
): Obj {
  const out: Obj = {
    resource: name,
    responseKind,
    scope: namespaced ? "Namespaced" : "Cluster",
    singularResource: singular,
    verbs: e.verbs,
  };
  if (e.shortNames?.length) out["shortNames"] = e.shortNames;
  if (e.categories?.length) out["categories"] = e.categories;
  if (subresources.length > 0) out["subresources"] = subresources;
  return out;
}

/** A group's resource: built-ins' responseKind leaves group and version empty (they are the request's); CRDs' name them. */
function groupResource(r: ResourceInfo): Obj {
  const kindOf = (kind: string): Obj => (r.custom ? { group: r.group, version: r.version, kind } : { group: "", version: "", kind });
  const subs: Obj[] = [];
  if (r.statusSubresource) subs.push({ subresource: "status", responseKind: kindOf(r.kind), verbs: ["get", "patch", "update"] });
  if (r.scale)
    subs.push({
      subresource: "scale",
      responseKind: { group: "autoscaling", version: "v1", kind: "Scale" },
      verbs: ["get", "patch", "update"],
    });
  const singular = r.custom ? r.singular : r.kind.toLowerCase();
  return resource(r.resource, kindOf(r.kind), r.namespaced, singular, r, subs);
}

/** The /apis document: every group, its versions preferred first, as the legacy APIGroupList orders them. */
function groupsDocument(registry: ResourceRegistry): Obj[] {
  return registry.groups().map((g) => ({
    metadata: { name: g.name },
    versions: g.versions.map((version) => ({
      version,
      resources: registry
        .all()
        .filter((r) => r.group === g.name && r.version === version)
        .map(groupResource),
      freshness: "Current",
    })),
  }));
}

/** The document's body as the ETag hashes it: Go's json.Marshal of the list before its kind and apiVersion are set. */
function etagOf(items: Obj[]): string {
  return `"${createHash("sha512")
    .update(JSON.stringify({ metadata: {}, items }))
    .digest("hex")
    .toUpperCase()}"`;
}

/**
 * Answers /api or /apis in the aggregated form when the Accept header asks for it; false when the
 * legacy document should answer (also always on a server emulating 1.24, which had no aggregated discovery).
 */
export function serveAggregatedDiscovery(state: ServerState, path: "api" | "apis", req: IncomingMessage, res: ServerResponse): boolean {
  if (state.settings.emulate === "1.24") return false;
  const choice = negotiate(req.headers["accept"]);
  if (choice === "legacy") return false;
  if (choice === "none")
    throw new ApiError(
      406,
      "NotAcceptable",
      "only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf",
    );
  const items =
    path === "api"
      ? [{ metadata: {}, versions: [{ version: "v1", resources: coreResources(), freshness: "Current" }] }]
      : groupsDocument(state.registry);
  const etag = etagOf(items);
  // Cacheable, and varying by Accept since the same URL also answers the legacy document.
  const headers = { "Cache-Control": "public", Vary: "Accept", ETag: etag };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const text = JSON.stringify({ kind: "APIGroupDiscoveryList", apiVersion: "apidiscovery.k8s.io/v2", metadata: {}, items });
  res.writeHead(200, { ...headers, "Content-Type": AGGREGATED, "Content-Length": String(Buffer.byteLength(text)) });
  res.end(text);
  return true;
}
