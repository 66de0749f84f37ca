// Maps a URL path to what it addresses: a discovery document or a resource (collection, object,
// subresource), following the real server's URL layout (/api/v1/..., /apis/<g>/<v>/..., namespaces/<ns>/...).
import type { ResourceRegistry } from "../registry/resource-registry.js";
import type { ResourceInfo } from "../registry/resource-info.js";

/** A discovery or utility document. */
export interface DocumentRoute {
  type: "api" | "apiV1" | "apis" | "group" | "groupVersion" | "version" | "health";
  group?: string;
  version?: string;
}

/** A request for a resource. */
export interface ResourceRoute {
  type: "resource";
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
  /** The legacy /watch/ path prefix was used. */
  watchPrefix: boolean;
}

/**
 * Unknown group/version or resource (a Status 404) versus no route at all (plain-text 404), or a path
 * with a malformed %-escape (Go's HTTP server answers a plain-text 400 before any handler runs).
 */
export interface MissingRoute {
  type: "notFound" | "noRoute" | "malformed";
}

/** Any routing outcome. */
export type Route = DocumentRoute | ResourceRoute | MissingRoute;

/**
 * Resolves the raw request path (without query, dot segments not resolved) against the registry. As in
 * Go, the whole path is unescaped before it is split, so an escaped "/" (%2F) separates segments and a
 * name can never carry one.
 */
export function route(path: string, registry: ResourceRegistry): Route {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { type: "malformed" };
  }
  // Go's mux does not clean "//": a path that starts with an empty segment matches no prefix (plain
  // 404), and an empty segment inside /api or /apis matches no route there (Status 404). One trailing
  // slash is ignored.
  const segments = decoded.split("/").slice(1);
  if (segments.at(-1) === "" && segments.length > 1) segments.pop();
  const parts = segments.filter((p) => p !== "");
  if (parts.length === 0) return { type: "noRoute" };
  if (segments[0] === "") return { type: "noRoute" };
  if (parts.length !== segments.length) return parts[0] === "api" || parts[0] === "apis" ? { type: "notFound" } : { type: "noRoute" };
  const [root, ...rest] = parts;
  if (root === "version" && rest.length === 0) return { type: "version" };
  if ((root === "healthz" || root === "readyz" || root === "livez") && rest.length === 0) return { type: "health" };
  if (root === "api") {
    if (rest.length === 0) return { type: "api" };
    if (rest[0] !== "v1") return { type: "noRoute" };
    if (rest.length === 1) return { type: "apiV1" };
    return resourceRoute(registry, "", "v1", rest.slice(1));
  }
  if (root === "apis") {
    if (rest.length === 0) return { type: "apis" };
    const group = rest[0] ?? "";
    if (rest.length === 1) return { type: "group", group };
    const version = rest[1] ?? "";
    if (rest.length === 2) return { type: "groupVersion", group, version };
    return resourceRoute(registry, group, version, rest.slice(2));
  }
  return { type: "noRoute" };
}

function resourceRoute(registry: ResourceRegistry, group: string, version: string, segs: string[]): Route {
  let watchPrefix = false;
  if (segs[0] === "watch") {
    watchPrefix = true;
    segs = segs.slice(1);
  }
  const served = registry.all().filter((r) => r.group === group && r.version === version);
  if (served.length === 0) return { type: "noRoute" };
  // A group/version served by CRDs is the CRD handler's: a resource it does not know falls through to
  // the plain-text 404; built-in groups answer a Status 404 from their own router.
  const missing: MissingRoute = { type: served.every((r) => r.custom) ? "noRoute" : "notFound" };
  // namespaces/<ns>/<resource>/... addresses namespaced resources; namespaces/<name>[/status|finalize] the namespace.
  if (
    segs[0] === "namespaces" &&
    segs.length >= 3 &&
    !(group === "" && segs.length === 3 && (segs[2] === "status" || segs[2] === "finalize"))
  ) {
    const info = registry.lookup(group, version, segs[2] ?? "");
    if (!info) return missing;
    if (!info.namespaced) return { type: "noRoute" };
    if (segs.length > 5) return { type: "noRoute" };
    return withParts({ type: "resource", info, namespace: segs[1] ?? "", watchPrefix }, segs[3], segs[4]);
  }
  const info = registry.lookup(group, version, segs[0] ?? "");
  if (!info) return missing;
  if (segs.length > 3) return { type: "noRoute" };
  if (info.namespaced && segs.length > 1) return { type: "noRoute" };
  return withParts({ type: "resource", info, watchPrefix }, segs[1], segs[2]);
}

function withParts(r: ResourceRoute, name: string | undefined, sub: string | undefined): ResourceRoute {
  if (name !== undefined) r.name = name;
  if (sub !== undefined) r.subresource = sub;
  return r;
}
