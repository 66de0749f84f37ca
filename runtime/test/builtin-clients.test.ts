// The built-in kinds' clients (BuiltinClientset) against the test server, typed by kubernetes-types:
// a Deployment and a ConfigMap created, read, listed, watched, patched with a strategic merge patch
// (which only built-ins accept), applied, scaled and deleted. The @ts-expect-error lines are checked
// by `npm run typecheck`: the fields are the real API types, not `any`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import type { ConfigMap } from "kubernetes-types/core/v1.js";
import type { Deployment } from "kubernetes-types/apps/v1.js";
import { applyConfiguration, builtinClients, isNotFound, isStatus } from "../src/index.js";
import type { ApplyConfiguration, BuiltinClientset, RestRequest, Transport, WatchEvent } from "../src/index.js";
import type { Harness } from "./api-server.js";
import { startHarness } from "./api-server.js";

const NS = "builtin";
let h: Harness;
let cs: BuiltinClientset;
before(async () => {
  h = await startHarness(NS);
  cs = builtinClients(h.transport);
});
after(() => h.close());

const web = (name: string, replicas: number): Deployment => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name, labels: { app: name } },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "web", image: "nginx:1.27" }] } },
  },
});

test("a Deployment: create, get, list, strategic merge patch of a container by name, scale, delete", async () => {
  const deployments = cs.appsV1().deployments(NS);
  const created = await deployments.create(web("web", 1));
  assert.equal(created.metadata?.namespace, NS);
  const got = await deployments.get("web");
  // Typed fields all the way down: the container list is kubernetes-types' Container[].
  const image: string | undefined = got.spec?.template.spec?.containers[0]?.image;
  assert.equal(image, "nginx:1.27");
  // @ts-expect-error replicas is a number
  const wrong: string | undefined = got.spec?.replicas;
  assert.equal(wrong, 1);
  const list = await deployments.list({ labelSelector: { app: "web" } });
  assert.deepEqual(
    list.items.map((d) => d.metadata?.name),
    ["web"],
  );
  // A strategic merge patch merges containers by name: the existing one gets an env var, a second is added.
  const patched = await deployments.patch("web", "strategic", {
    spec: {
      template: {
        spec: {
          containers: [
            { name: "web", env: [{ name: "MODE", value: "fast" }] },
            { name: "sidecar", image: "busybox" },
          ],
        },
      },
    },
  });
  const containers = patched.spec?.template.spec?.containers ?? [];
  assert.deepEqual(
    containers.map((c) => [c.name, c.image, c.env?.map((e) => e.value)]),
    [
      ["web", "nginx:1.27", ["fast"]],
      ["sidecar", "busybox", undefined],
    ],
  );
  const scale = await deployments.getScale("web");
  assert.equal(scale.spec?.replicas, 1);
  await deployments.updateScale("web", { ...scale, spec: { replicas: 3 } });
  assert.equal((await deployments.get("web")).spec?.replicas, 3);
  const gone = await deployments.delete("web", { propagationPolicy: "Foreground" });
  assert.ok(!isStatus(gone) || gone.status === "Success");
  await assert.rejects(deployments.get("web"), isNotFound);
});

test("a ConfigMap: watched while created, strategic-patched and deleted; applied with a partial configuration", async () => {
  const configMaps = cs.coreV1().configMaps(NS);
  // No status on a ConfigMap: its client has no status verbs, in the type as on the object.
  // @ts-expect-error ConfigMap has no status subresource
  assert.equal(configMaps.updateStatus, undefined);
  const rv = (await configMaps.list()).metadata?.resourceVersion;
  const ac = new AbortController();
  const events: WatchEvent<ConfigMap>[] = [];
  const done = (async () => {
    for await (const ev of configMaps.watch({ ...(rv ? { resourceVersion: rv } : {}), signal: ac.signal })) {
      events.push(ev);
      if (ev.type === "DELETED") break;
    }
  })();
  await configMaps.create({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "settings" }, data: { a: "1" } });
  const patched = await configMaps.patch("settings", "strategic", { data: { b: "2" } });
  assert.deepEqual(patched.data, { a: "1", b: "2" });
  await configMaps.delete("settings");
  await done;
  assert.deepEqual(
    events.map((e) => `${e.type} ${JSON.stringify(e.object.data)}`),
    ['ADDED {"a":"1"}', 'MODIFIED {"a":"1","b":"2"}', 'DELETED {"a":"1","b":"2"}'],
  );

  // The apply configuration of a built-in kind has its literal apiVersion and kind from kubernetes-types.
  const cfg: ApplyConfiguration<ConfigMap> = { ...applyConfiguration("v1", "ConfigMap", "applied"), data: { k: "v" } };
  // @ts-expect-error a ConfigMap's apiVersion is "v1"
  const bad: ApplyConfiguration<ConfigMap> = { ...cfg, apiVersion: "apps/v1" };
  assert.equal(bad.apiVersion, "apps/v1");
  const applied = await configMaps.apply(cfg, { fieldManager: "builtin-test" });
  assert.deepEqual(applied.data, { k: "v" });
});

test("every accessor reaches its resource's URL; those the test server serves answer with their list kind", async () => {
  const seen: string[] = [];
  const recording: Transport = { ...h.transport, json: <T>(r: RestRequest) => (seen.push(r.path), h.transport.json<T>(r)) };
  const rec = builtinClients(recording);
  const core = rec.coreV1();
  const served: Promise<{ kind?: string }>[] = [
    core.pods(NS).list(),
    core.services(NS).list(),
    core.configMaps(NS).list(),
    core.secrets(NS).list(),
    core.serviceAccounts(NS).list(),
    core.events(NS).list(),
    core.namespaces().list(),
    core.nodes().list(),
    rec.appsV1().deployments().list(),
    rec.coordinationV1().leases(NS).list(),
    rec.eventsV1().events(NS).list(),
    rec.appsV1().replicaSets(NS).list(),
    rec.appsV1().statefulSets(NS).list(),
    rec.appsV1().daemonSets(NS).list(),
  ];
  assert.deepEqual(
    (await Promise.all(served)).map((l) => l.kind),
    [
      "PodList",
      "ServiceList",
      "ConfigMapList",
      "SecretList",
      "ServiceAccountList",
      "EventList",
      "NamespaceList",
      "NodeList",
      "DeploymentList",
      "LeaseList",
      "EventList",
      "ReplicaSetList",
      "StatefulSetList",
      "DaemonSetList",
    ],
  );
  assert.deepEqual(seen, [
    `/api/v1/namespaces/${NS}/pods`,
    `/api/v1/namespaces/${NS}/services`,
    `/api/v1/namespaces/${NS}/configmaps`,
    `/api/v1/namespaces/${NS}/secrets`,
    `/api/v1/namespaces/${NS}/serviceaccounts`,
    `/api/v1/namespaces/${NS}/events`,
    "/api/v1/namespaces",
    "/api/v1/nodes",
    "/apis/apps/v1/deployments",
    `/apis/coordination.k8s.io/v1/namespaces/${NS}/leases`,
    `/apis/events.k8s.io/v1/namespaces/${NS}/events`,
    `/apis/apps/v1/namespaces/${NS}/replicasets`,
    `/apis/apps/v1/namespaces/${NS}/statefulsets`,
    `/apis/apps/v1/namespaces/${NS}/daemonsets`,
  ]);
  const lease = await cs
    .coordinationV1()
    .leases(NS)
    .create({
      apiVersion: "coordination.k8s.io/v1",
      kind: "Lease",
      metadata: { name: "leader" },
      spec: { holderIdentity: "me", leaseDurationSeconds: 15 },
    });
  assert.equal(lease.spec?.holderIdentity, "me");
  // @ts-expect-error a Lease's holderIdentity is a string
  lease.spec = { holderIdentity: 1 };
  // @ts-expect-error a cluster-scoped kind's accessor takes no namespace
  const namespaces = core.namespaces(NS);
  assert.ok((await namespaces.list()).items.some((n) => n.metadata?.name === NS));
});
