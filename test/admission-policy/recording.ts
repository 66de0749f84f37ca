// The recording of ValidatingAdmissionPolicies on the real kube-apiserver 1.37.2
// (test/fixtures/apiserver-1.37/validating-admission-policy.json, scripts/record-validating-admission-policy-1.37.ts)
// as the replays read it: the exchanges, what a recorded answer says (status, Warning texts, Status
// message), and the cluster state the recording had built before each request (policies, bindings,
// params, namespaces, stored objects), so the same requests can be evaluated offline.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AdmitOptions, Obj, Operation, RequestAttributes } from "../../apiextensions/src/admission-policy/index.js";

export interface Exchange {
  step: string;
  request: { method: string; path: string; body?: unknown };
  response: { status: number; warning?: string; body?: unknown };
}

export const RECORDING = join(import.meta.dirname, "../fixtures/apiserver-1.37/validating-admission-policy.json");

export function recordedExchanges(): Exchange[] {
  return (JSON.parse(readFileSync(RECORDING, "utf8")) as { exchanges: Exchange[] }).exchanges;
}

/** The texts of a Warning header as Node joins them (`299 - "…", 299 - "…"`). */
export function warningTexts(header: string | undefined): string[] {
  if (!header) return [];
  return [...header.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1] ?? ""}"`) as string);
}

/** A recorded request's path, parsed. */
export interface Target {
  group: string;
  version: string;
  resource: string;
  namespace: string;
  name: string;
}

export function parsePath(path: string): Target | undefined {
  const p = path.split("?")[0] ?? "";
  const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(p);
  if (!m) return undefined;
  return { group: m[2] ?? "", version: m[1] ?? m[3] ?? "", resource: m[5] ?? "", namespace: m[4] ?? "", name: m[6] ?? "" };
}

const KINDS: Record<string, string> = {
  configmaps: "ConfigMap",
  deployments: "Deployment",
  widgets: "Widget",
  replicalimits: "ReplicaLimit",
  namespaces: "Namespace",
};
const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

/** Replays the recording's effects on a model of the cluster, handing each policy-relevant request to `each`. */
export class RecordedCluster {
  readonly policies = new Map<string, Obj>();
  readonly bindings = new Map<string, Obj>();
  /** Every stored object by path (collection path + "/" + name). */
  readonly objects = new Map<string, Obj>();
  readonly namespaces = new Map<string, Obj>();
  /** Served versions of each CRD's resource, by group/resource. */
  readonly crdVersions = new Map<string, string[]>();

  /** Whether `e` is a request the policies judge (not the policies, bindings, CRDs or namespaces). */
  static judged(e: Exchange): boolean {
    const t = parsePath(e.request.path);
    if (!t) return false;
    return !["admissionregistration.k8s.io", "apiextensions.k8s.io"].includes(t.group) && t.resource !== "namespaces";
  }

  /** The library's options for `e` in the state so far. */
  options(e: Exchange): AdmitOptions {
    const t = parsePath(e.request.path);
    if (!t) throw new Error(`not a resource path: ${e.request.path}`);
    const body = e.request.body as Obj | undefined;
    const method = e.request.method;
    const operation: Operation = method === "POST" ? "CREATE" : method === "PUT" ? "UPDATE" : "DELETE";
    const name = t.name || String(asObj(body?.["metadata"])["name"] ?? "");
    const clean = e.request.path.split("?")[0] ?? "";
    const collection = t.name ? clean.replace(/\/[^/]+$/, "") : clean;
    const old = operation === "CREATE" ? null : (this.objects.get(`${collection}/${name}`) ?? null);
    const kind = KINDS[t.resource] ?? "";
    const attributes: RequestAttributes = {
      operation,
      resource: { group: t.group, version: t.version, resource: t.resource },
      kind: { group: t.group, version: t.version, kind },
      subresource: "",
      namespaced: t.namespace !== "",
      name,
      namespace: t.namespace,
      object: operation === "DELETE" ? null : (body ?? null),
      oldObject: old,
      userInfo: { username: "admin", groups: ["system:masters", "system:authenticated"] },
      dryRun: false,
      // The operation's options, as the server passes them (request.options).
      options: {
        apiVersion: "meta.k8s.io/v1",
        kind: operation === "CREATE" ? "CreateOptions" : operation === "UPDATE" ? "UpdateOptions" : "DeleteOptions",
      },
    };
    const versions = this.crdVersions.get(`${t.group}/${t.resource}`) ?? [];
    return {
      attributes,
      namespaceObject: this.namespaces.get(t.namespace) ?? null,
      equivalents: versions
        .filter((v) => v !== t.version)
        .map((v) => ({
          resource: { group: t.group, version: v, resource: t.resource },
          kind: { group: t.group, version: v, kind },
          convert: (o: Obj) => ({ ...o, apiVersion: `${t.group}/${v}` }),
        })),
      params: [...this.objects.values()],
    };
  }

  /** Takes in the effect of a recorded exchange. */
  apply(e: Exchange): void {
    const t = parsePath(e.request.path);
    const ok = e.response.status >= 200 && e.response.status < 300;
    if (!t || !ok) return;
    const stored = asObj(e.response.body);
    const name = String(asObj(stored["metadata"])["name"] ?? t.name);
    const clean = e.request.path.split("?")[0] ?? "";
    const collection = t.name ? clean.replace(/\/[^/]+$/, "") : clean;
    if (e.request.method === "DELETE") {
      this.objects.delete(`${collection}/${name}`);
      return;
    }
    if (t.resource === "validatingadmissionpolicies") this.policies.set(name, stored);
    else if (t.resource === "validatingadmissionpolicybindings") this.bindings.set(name, stored);
    else if (t.resource === "namespaces") this.namespaces.set(name, stored);
    else if (t.resource === "customresourcedefinitions") {
      const spec = asObj(stored["spec"]);
      const versions = (Array.isArray(spec["versions"]) ? spec["versions"] : []).map((v) => String(asObj(v)["name"]));
      this.crdVersions.set(`${String(spec["group"])}/${String(asObj(spec["names"])["plural"])}`, versions);
    } else this.objects.set(`${collection}/${name}`, stored);
  }
}
