// Discovery documents (/api, /api/v1, /apis, /apis/<group>, /apis/<group>/<version>) in the shapes a real
// server sends, generated from the resource registry so CRDs appear and vanish as they are created and deleted.
import { CORE_V1_RESOURCES, type ApiResourceEntry } from "../builtin/core-v1-discovery.js";
import type { ResourceRegistry } from "../registry/resource-registry.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import type { Emulate } from "../server-state.js";
import { sortVersions } from "../registry/resource-registry.js";

/** GET /api */
export function coreVersions(serverAddress: string): Record<string, unknown> {
  return {
    kind: "APIVersions",
    versions: ["v1"],
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress }],
  };
}

/**
 * GET /api/v1: 1.24's list (recorded), or 1.37's, which names each resource's singular (filled for
 * built-ins since 1.27, a subresource's stays empty), adds pods/resize (1.33) and writes each entry's
 * fields in the order of Go's APIResource struct.
 */
export function coreResourceList(emulate: Emulate): Record<string, unknown> {
  if (emulate === "1.24") return { kind: "APIResourceList", groupVersion: "v1", resources: CORE_V1_RESOURCES };
  const resources: ApiResourceEntry[] = [];
  for (const e of CORE_V1_RESOURCES) {
    resources.push(inStructOrder({ ...e, singularName: e.name.includes("/") ? "" : e.kind.toLowerCase() }));
    if (e.name === "pods/proxy")
      resources.push({ name: "pods/resize", singularName: "", namespaced: true, kind: "Pod", verbs: ["get", "patch", "update"] });
  }
  return { kind: "APIResourceList", groupVersion: "v1", resources };
}

/** An entry with its fields in the order Go's metav1.APIResource declares them, as the real server writes them. */
function inStructOrder(e: ApiResourceEntry): ApiResourceEntry {
  return {
    name: e.name,
    singularName: e.singularName,
    namespaced: e.namespaced,
    ...(e.group !== undefined ? { group: e.group } : {}),
    ...(e.version !== undefined ? { version: e.version } : {}),
    kind: e.kind,
    verbs: e.verbs,
    ...(e.shortNames !== undefined ? { shortNames: e.shortNames } : {}),
    ...(e.categories !== undefined ? { categories: e.categories } : {}),
    ...(e.storageVersionHash !== undefined ? { storageVersionHash: e.storageVersionHash } : {}),
  };
}

function groupEntry(name: string, versions: string[]): Record<string, unknown> {
  const sorted = sortVersions(versions);
  const gv = (v: string): Record<string, string> => ({ groupVersion: `${name}/${v}`, version: v });
  return { name, versions: sorted.map(gv), preferredVersion: gv(sorted[0] ?? "") };
}

/** GET /apis */
export function groupList(registry: ResourceRegistry): Record<string, unknown> {
  return {
    kind: "APIGroupList",
    apiVersion: "v1",
    groups: registry.groups().map((g) => groupEntry(g.name, g.versions)),
  };
}

/** GET /apis/<group>, or undefined when the group is not served. */
export function groupDocument(registry: ResourceRegistry, group: string): Record<string, unknown> | undefined {
  const g = registry.groups().find((x) => x.name === group);
  if (!g) return undefined;
  return { kind: "APIGroup", apiVersion: "v1", ...groupEntry(g.name, g.versions) };
}

function entriesFor(r: ResourceInfo, emulate: Emulate): ApiResourceEntry[] {
  const main: ApiResourceEntry = {
    name: r.resource,
    // A built-in's singular is listed since 1.27; a custom resource's always was.
    singularName: r.custom || emulate !== "1.24" ? r.singular : "",
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: r.verbs,
  };
  if (r.shortNames.length > 0) main.shortNames = r.shortNames;
  if (r.categories.length > 0) main.categories = r.categories;
  if (r.storageVersionHash) main.storageVersionHash = r.storageVersionHash;
  const out = [main];
  const sub = ["get", "patch", "update"];
  if (r.statusSubresource) out.push({ name: `${r.resource}/status`, singularName: "", namespaced: r.namespaced, kind: r.kind, verbs: sub });
  if (r.scale)
    out.push({
      name: `${r.resource}/scale`,
      singularName: "",
      namespaced: r.namespaced,
      group: "autoscaling",
      version: "v1",
      kind: "Scale",
      verbs: sub,
    });
  return out;
}

/** GET /apis/<group>/<version>, or undefined when nothing is served there. */
export function groupVersionResources(
  registry: ResourceRegistry,
  group: string,
  version: string,
  emulate: Emulate,
): Record<string, unknown> | undefined {
  const rs = registry.all().filter((r) => r.group === group && r.version === version);
  if (rs.length === 0) return undefined;
  const entries = rs.flatMap((r) => entriesFor(r, emulate));
  // A built-in group's list is by name, subresources too (deployments/scale before deployments/status),
  // as kube-apiserver lists its sorted storage paths; a CRD group's keeps its CRDs' order, as the
  // apiextensions server's does (recorded in the crd_lifecycle transcript).
  const builtin = rs.every((r) => !r.custom);
  return {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: `${group}/${version}`,
    resources: builtin ? entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : entries,
  };
}

/**
 * GET /version: the fields kube-apiserver 1.37.2 answers (test/fixtures/apiserver-1.37/version.json,
 * with its emulation and minimum compatibility versions), or 1.24's under emulate "1.24". The
 * gitVersion carries "+kube-codegen-testing" as build metadata, so a client's semver checks see the
 * release and a person sees which server this is.
 */
export function versionInfo(emulate: "1.37" | "1.24"): Record<string, unknown> {
  const platform = `${process.platform === "win32" ? "windows" : process.platform}/${process.arch === "x64" ? "amd64" : process.arch}`;
  if (emulate === "1.24")
    return {
      major: "1",
      minor: "24",
      gitVersion: "v1.24.0+kube-codegen-testing",
      gitCommit: "",
      gitTreeState: "clean",
      buildDate: "1970-01-01T00:00:00Z",
      goVersion: "n/a",
      compiler: "n/a",
      platform,
    };
  return {
    major: "1",
    minor: "37",
    emulationMajor: "1",
    emulationMinor: "37",
    minCompatibilityMajor: "1",
    minCompatibilityMinor: "36",
    gitVersion: "v1.37.2+kube-codegen-testing",
    gitCommit: "",
    gitTreeState: "clean",
    buildDate: "1970-01-01T00:00:00Z",
    goVersion: "n/a",
    compiler: "n/a",
    platform,
  };
}
