// The table of served resources: built-ins plus one entry per served version of every established CRD.
// Lookups go by URL parts (group, version, plural) and by kind (for owner references and discovery).
import { groupVersion, storageKey, type ResourceInfo } from "./resource-info.js";

/** Served resources, indexed for the router. */
export class ResourceRegistry {
  private readonly byPath = new Map<string, ResourceInfo>();
  /** Resources that a CRD contributed, by CRD name, so they can be withdrawn when it changes or goes. */
  private readonly fromCrd = new Map<string, ResourceInfo[]>();

  constructor(builtins: ResourceInfo[]) {
    for (const r of builtins) this.byPath.set(pathKey(r.group, r.version, r.resource), r);
  }

  /** The resource served at /apis/<group>/<version>/<resource>, if any. */
  lookup(group: string, version: string, resource: string): ResourceInfo | undefined {
    return this.byPath.get(pathKey(group, version, resource));
  }

  /** Any version of a resource with this storage key (for garbage collection and namespace cleanup). */
  anyVersion(key: string): ResourceInfo | undefined {
    for (const r of this.byPath.values()) if (storageKey(r) === key) return r;
    return undefined;
  }

  /** The resource whose kind is `kind` in `apiVersion` ("apps/v1"). */
  byKind(apiVersion: string, kind: string): ResourceInfo | undefined {
    for (const r of this.byPath.values()) if (groupVersion(r) === apiVersion && r.kind === kind && !r.discoveryOnly) return r;
    return undefined;
  }

  /** Replaces whatever CRD `crdName` served before with `resources`. */
  setCrdResources(crdName: string, resources: ResourceInfo[]): void {
    this.removeCrd(crdName);
    for (const r of resources) this.byPath.set(pathKey(r.group, r.version, r.resource), r);
    this.fromCrd.set(crdName, resources);
  }

  /** Stops serving CRD `crdName`'s resources. */
  removeCrd(crdName: string): void {
    for (const r of this.fromCrd.get(crdName) ?? []) this.byPath.delete(pathKey(r.group, r.version, r.resource));
    this.fromCrd.delete(crdName);
  }

  /** Every served resource, in registration order. */
  all(): ResourceInfo[] {
    return [...this.byPath.values()];
  }

  /** Group/versions with at least one resource, excluding the core group; CRD groups come last, as on a real server. */
  groups(): { name: string; versions: string[] }[] {
    const out = new Map<string, string[]>();
    for (const r of this.byPath.values()) {
      if (!r.group) continue;
      const vs = out.get(r.group) ?? [];
      if (!vs.includes(r.version)) vs.push(r.version);
      out.set(r.group, vs);
    }
    return [...out].map(([name, versions]) => ({ name, versions: sortVersions(versions) }));
  }
}

function pathKey(group: string, version: string, resource: string): string {
  return `${group}/${version}/${resource}`;
}

/** Kubernetes version priority: GA > beta > alpha, higher numbers first; others alphabetically last. */
export function sortVersions(versions: string[]): string[] {
  const rank = (v: string): [number, number, number, string] => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [3, 0, 0, v];
    const level = m[2] === "alpha" ? 2 : m[2] === "beta" ? 1 : 0;
    return [level, -Number(m[1]), -Number(m[3] ?? 0), v];
  };
  return [...versions].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < 3; i++) if (ra[i] !== rb[i]) return (ra[i] as number) - (rb[i] as number);
    return ra[3] < rb[3] ? -1 : ra[3] > rb[3] ? 1 : 0;
  });
}
