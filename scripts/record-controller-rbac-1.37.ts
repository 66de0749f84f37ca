// Records the traefik-service example's controller running against a real kube-apiserver 1.37 as
// a service account bound to the role generated from its +kubebuilder:rbac markers, into
// test/fixtures/apiserver-1.37/traefik-controller-rbac.json (see test/fixtures/PROVENANCE.md):
//
// against a fresh real kube-apiserver 1.37.2 on loopback (PROVENANCE.md says how it was started):
//
//   node --import tsx scripts/record-controller-rbac-1.37.ts https://127.0.0.1:PORT admintoken
//
// The controller (setupTraefikServiceController on a Manager, as main.ts wires it) authenticates
// with a TokenRequest token of traefik/controller-manager; a TraefikService created by the admin
// is reconciled (its finalizer, status and Event recorded), then deleted (the finalizer released).
// Then the role loses the rule its status marker makes (as generating without that marker gives,
// which test/e2e/traefik-service.test.ts checks) and a new TraefikService's status write is refused:
// the controller's error is recorded. test/e2e/traefik-service.test.ts compares the test server's
// run of the same controller with this.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseAllDocuments, parse } from "yaml";
import { BuiltinClientset, Manager, ResourceClient, createTransport, loadKubeConfig, type KubeObject } from "@kube-codegen/runtime";
import { setupTraefikServiceController } from "../generated-examples/traefik-service/controller/traefikservice-controller.js";
import { MemoryKeyValueStore } from "../generated-examples/traefik-service/controller/kv-store.js";

const [base = "", token = ""] = process.argv.slice(2);
if (!base || !token) throw new Error("usage: record-controller-rbac-1.37.ts URL TOKEN");
const project = join(import.meta.dirname, "../generated-examples/traefik-service");
const OUT = join(import.meta.dirname, "../test/fixtures/apiserver-1.37");
const NS = "traefik";
const SA = "controller-manager";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function kubeconfig(bearer: string): string {
  const dir = mkdtempSync(join(tmpdir(), "kcg-record-"));
  const path = join(dir, "kubeconfig");
  writeFileSync(
    path,
    `apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "${base}", insecure-skip-tls-verify: true}\n  name: real\nusers:\n- name: u\n  user: {token: "${bearer}"}\ncontexts:\n- context: {cluster: real, user: u}\n  name: real\ncurrent-context: real\n`,
  );
  return path;
}
const admin = loadKubeConfig({ kubeconfig: kubeconfig(token) });
const transport = createTransport(admin);
const rd = (group: string, plural: string, kind: string, namespaced: boolean) => ({ group, version: "v1", plural, kind, namespaced });
const CRDS = new ResourceClient(transport, rd("apiextensions.k8s.io", "customresourcedefinitions", "CustomResourceDefinition", false));
const CLUSTER_ROLES = new ResourceClient(transport, rd("rbac.authorization.k8s.io", "clusterroles", "ClusterRole", false));
const BINDINGS = new ResourceClient(transport, rd("rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", false));
const TS = new ResourceClient<KubeObject & { status?: Record<string, unknown> }>(
  transport,
  rd("traefik.magedu.com", "traefikservices", "TraefikService", true),
).namespace(NS);
const builtins = new BuiltinClientset(transport);

const crd = parse(readFileSync(join(project, "config/crd/bases/traefik.magedu.com_traefikservices.yaml"), "utf8")) as KubeObject;
await CRDS.create(crd);
await builtins
  .coreV1()
  .namespaces()
  .create({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
await builtins
  .coreV1()
  .serviceAccounts(NS)
  .create({ apiVersion: "v1", kind: "ServiceAccount", metadata: { name: SA } });
const role = parseAllDocuments(readFileSync(join(project, "config/rbac/role.yaml"), "utf8"))
  .map((d) => d.toJS() as KubeObject | null)
  .find((o) => o?.kind === "ClusterRole")!;
await CLUSTER_ROLES.create(role);
await BINDINGS.create({
  apiVersion: "rbac.authorization.k8s.io/v1",
  kind: "ClusterRoleBinding",
  metadata: { name: "manager-rolebinding" },
  roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "manager-role" },
  subjects: [{ kind: "ServiceAccount", name: SA, namespace: NS }],
} as KubeObject);
await sleep(2000);
const tokenRequest = await transport.json<{ status: { token: string } }>({
  method: "POST",
  path: `/api/v1/namespaces/${NS}/serviceaccounts/${SA}/token`,
  body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec: { expirationSeconds: 3600 } },
});
const controllerConfig = loadKubeConfig({ kubeconfig: kubeconfig(tokenRequest.status.token) });

const errors: string[] = [];
const run = (): { stop: () => Promise<void> } => {
  const mgr = new Manager({ config: controllerConfig, cache: { namespace: NS } });
  setupTraefikServiceController(mgr, {
    store: new MemoryKeyValueStore(),
    now: () => new Date("2026-12-02T05:00:00Z"),
    log: (message, fields) => {
      if (message === "reconcile failed, retrying") errors.push(String(fields?.["error"]));
    },
  });
  const ctl = new AbortController();
  const running = mgr.start(ctl.signal);
  return {
    stop: async () => {
      ctl.abort();
      await running;
    },
  };
};
const until = async <T>(what: string, f: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const v = await f().catch(() => undefined);
    if (v !== undefined) return v;
    await sleep(100);
  }
  throw new Error(`timed out: ${what}`);
};
const service = (name: string) => ({
  apiVersion: "traefik.magedu.com/v1",
  kind: "TraefikService",
  metadata: { name },
  spec: { entrypoint: "web", url: "https://www.baidu.com" },
});

const ctl = run();
let record: Record<string, unknown>;
try {
  await TS.create(service("web"));
  const active = await until("active", async () => {
    const o = await TS.get("web");
    return o.status?.["active"] === true ? o : undefined;
  });
  const event = await until("the event", async () =>
    (await builtins.coreV1().events(NS).list()).items.find((e) => e.reason === "RouteRegistered" && e.involvedObject.name === "web"),
  );
  await TS.delete("web");
  await until("web gone", async () => {
    try {
      await TS.get("web");
      return undefined;
    } catch {
      return true;
    }
  });
  const errorsBefore = [...errors];

  // The role without the status marker's rule.
  const current = await CLUSTER_ROLES.get("manager-role");
  const rules = (current as KubeObject & { rules: { resources: string[] }[] }).rules.filter(
    (r) => !r.resources.includes("traefikservices/status"),
  );
  await CLUSTER_ROLES.update({ ...current, rules } as KubeObject);
  await sleep(2000);
  await TS.create(service("denied"));
  const denied = await until("the refused status write", () => Promise.resolve(errors.find((e) => e.includes("forbidden"))));
  record = {
    server: "kube-apiserver v1.37.2",
    serviceAccount: `system:serviceaccount:${NS}:${SA}`,
    active: { status: active.status, finalizers: active.metadata?.finalizers },
    event: { type: event.type, reason: event.reason, message: event.message, component: event.source?.component },
    errorsUnderTheGeneratedRole: errorsBefore,
    deniedWithoutTheStatusMarker: denied,
  };
} finally {
  await ctl.stop();
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "traefik-controller-rbac.json"), `${JSON.stringify(record, null, 2)}\n`);
process.stderr.write("wrote test/fixtures/apiserver-1.37/traefik-controller-rbac.json\n");
