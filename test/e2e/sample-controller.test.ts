// The sample-controller example (generated-examples/sample-controller) against the in-process test
// API server with its Deployment status stand-in: what kubernetes/sample-controller does, observed
// from outside through the API. A Foo gets its Deployment (owned, labelled, scaled) and its status;
// scaling follows; a Deployment it does not own is an ErrResourceExists Warning, retried; deleting
// the Foo garbage-collects the Deployment; two workers never hold the same key at once.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { BuiltinClientset, isNotFound, loadKubeConfig } from "@kube-codegen/runtime";
import type { RestConfig } from "@kube-codegen/runtime";
import type { Deployment } from "kubernetes-types/apps/v1.js";
import type { Foo } from "../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { Clientset } from "../../generated-examples/sample-controller/generated/clientset/index.js";
import type { ControllerLog } from "../../generated-examples/sample-controller/controller/controller.js";
import { startController } from "../../generated-examples/sample-controller/controller/start.js";
import type { RunningController } from "../../generated-examples/sample-controller/controller/start.js";
import { loadCrds, startTestApiServer } from "../../testing/src/index.js";
import type { TestApiServer } from "../../testing/src/index.js";
import { until } from "../helpers/until.js";

const repo = resolve(import.meta.dirname, "../..");
const NS = "default";

let server: TestApiServer;
let config: RestConfig;
let running: RunningController;
const abort = new AbortController();
const log: ControllerLog[] = [];
/** Keys a worker holds right now, and every moment two workers held one key (must stay empty). */
const active = new Map<string, number>();
const overlaps: string[] = [];

function record(entry: ControllerLog): void {
  log.push(entry);
  if (entry.type === "sync-start") {
    const holder = active.get(entry.key);
    if (holder !== undefined) overlaps.push(`${entry.key}: worker ${String(entry.worker)} while worker ${String(holder)}`);
    active.set(entry.key, entry.worker);
  } else if (entry.type === "sync-done" || entry.type === "sync-error") {
    active.delete(entry.key);
  }
}

before(async () => {
  server = await startTestApiServer({
    crds: loadCrds(join(repo, "generated-examples/sample-controller/config/crd/bases")),
    simulateDeploymentStatus: true,
  });
  config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  running = startController(config, { signal: abort.signal, log: record, resyncMs: 0 });
});
after(async () => {
  abort.abort();
  await running.done;
  await server.stop();
});

const foos = () => new Clientset(config).samplecontrollerV1alpha1().foos(NS);
const deployments = () => new BuiltinClientset(config).appsV1().deployments(NS);
const events = async (name: string) =>
  (await new BuiltinClientset(config).coreV1().events(NS).list()).items.filter((e) => e.involvedObject.name === name);

function newFoo(name: string, replicas: number, deploymentName = name): Foo {
  return {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name, namespace: NS },
    spec: { deploymentName, replicas },
  };
}

const deploymentWith = (name: string, replicas: number) => async (): Promise<Deployment | undefined> => {
  const d = await deployments().get(name);
  return d.spec?.replicas === replicas ? d : undefined;
};
const statusOf = (name: string, available: number) => async (): Promise<Foo | undefined> => {
  const f = await foos().get(name);
  return f.status?.availableReplicas === available ? f : undefined;
};

test("a new Foo gets its Deployment, owned by it, with the replicas, labels and image; its status follows; a Synced event", async () => {
  const created = await foos().create(newFoo("alpha", 2));
  const d = await until("alpha's Deployment", deploymentWith("alpha", 2));
  assert.deepEqual(d.metadata?.ownerReferences, [
    {
      apiVersion: "samplecontroller.k8s.io/v1alpha1",
      kind: "Foo",
      name: "alpha",
      uid: created.metadata?.uid,
      controller: true,
      blockOwnerDeletion: true,
    },
  ]);
  assert.deepEqual(d.spec?.selector.matchLabels, { app: "nginx", controller: "alpha" });
  assert.deepEqual(d.spec?.template.metadata?.labels, { app: "nginx", controller: "alpha" });
  assert.deepEqual(
    d.spec?.template.spec?.containers.map((c) => c.image),
    ["nginx:latest"],
  );
  await until("alpha's status.availableReplicas=2", statusOf("alpha", 2));
  const synced = await until("a Synced event", async () => (await events("alpha")).find((e) => e.reason === "Synced"));
  assert.equal(synced.type, "Normal");
  assert.equal(synced.message, "Foo synced successfully");
  assert.equal(synced.source?.component, "sample-controller");
  assert.equal(synced.involvedObject.kind, "Foo");
  assert.equal(synced.involvedObject.uid, created.metadata?.uid);
  assert.ok(log.some((e) => e.type === "deployment-created" && e.key === `${NS}/alpha`));
});

test("scaling the Foo scales its Deployment, and the status follows", async () => {
  await until("alpha to be settled", statusOf("alpha", 2));
  const f = await foos().get("alpha");
  await foos().update({ ...f, spec: { ...f.spec, replicas: 4 } });
  await until("alpha's Deployment at 4", deploymentWith("alpha", 4));
  await until("alpha's status.availableReplicas=4", statusOf("alpha", 4));
  assert.ok(log.some((e) => e.type === "deployment-scaled" && e.key === `${NS}/alpha` && e.from === 2 && e.to === 4));
});

test("a Deployment of that name it does not own: a Warning ErrResourceExists event, retried, the Deployment left alone", async () => {
  const labels = { app: "other" };
  await deployments().create({
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "taken", namespace: NS },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: "c", image: "busybox" }] } },
    },
  });
  // Let the controller's Deployment cache see it first, as it would have long before in a cluster.
  await until("the controller's cache to hold taken", () =>
    Promise.resolve(running.controller.deploymentInformer.getIndexer().getByKey(`${NS}/taken`)),
  );
  await foos().create(newFoo("beta", 3, "taken"));
  const warning = await until("an ErrResourceExists event", async () =>
    (await events("beta")).find((e) => e.reason === "ErrResourceExists"),
  );
  assert.equal(warning.type, "Warning");
  assert.equal(warning.message, 'Resource "taken" already exists and is not managed by Foo');
  // Retried with backoff: more than one failed sync, the repeats counted on the same Event.
  await until("a retry", () =>
    Promise.resolve(log.filter((e) => e.type === "sync-error" && e.key === `${NS}/beta`).length >= 2 ? true : undefined),
  );
  await until("the repeat counted on the same Event", async () =>
    ((await events("beta")).find((e) => e.reason === "ErrResourceExists")?.count ?? 0) >= 2 ? true : undefined,
  );
  assert.equal((await events("beta")).filter((e) => e.reason === "ErrResourceExists").length, 1);
  const d = await deployments().get("taken");
  assert.equal(d.metadata?.ownerReferences, undefined);
  assert.equal(d.spec?.replicas, 1);
  const f = await foos().get("beta");
  assert.notEqual(f.status?.availableReplicas, 1, "no status from a Deployment it does not own");
  await foos().delete("beta");
});

test("deleting the Foo garbage-collects its Deployment", async () => {
  await until("alpha's Deployment", deploymentWith("alpha", 4));
  await foos().delete("alpha");
  await until("alpha's Deployment to be gone", async () => {
    try {
      await deployments().get("alpha");
      return undefined;
    } catch (e) {
      if (isNotFound(e)) return true;
      throw e;
    }
  });
  assert.equal((await deployments().get("taken")).metadata?.name, "taken", "an unowned Deployment stays");
});

test("two workers share the work but never process one key at once", async () => {
  const names = Array.from({ length: 8 }, (_, i) => `many-${String(i)}`);
  await Promise.all(names.map((n) => foos().create(newFoo(n, 1))));
  // Changes arrive while keys are being processed: each is queued again, never handed to a second worker.
  for (const replicas of [2, 3]) {
    await Promise.all(names.map((n) => foos().patch(n, "merge", { spec: { replicas } })));
  }
  for (const n of names) await until(`${n} at 3`, statusOf(n, 3));
  assert.deepEqual(overlaps, []);
  const workers = new Set(log.flatMap((e) => (e.type === "sync-start" ? [e.worker] : [])));
  assert.deepEqual([...workers].sort(), [1, 2], "both workers took keys");
});
