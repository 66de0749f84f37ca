// Informers from a SharedInformerFactory against the test server: a custom resource (Foo) and
// Deployments sync a collection, then follow a mixed workload of creates, updates and deletes; at
// the end each cache, and what its handler was told, equals a fresh list. Numbers are small by
// default; KUBE_CODEGEN_CACHE_LONG=1 runs 2,000 objects and 10,000 changes per resource.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SharedInformerFactory } from "../../src/index.js";
import type { KubeObject } from "../../src/index.js";
import { DEPLOYMENTS, FOOS, deployment, foo, startHarness } from "../api-server.js";
import type { Foo } from "../api-server.js";
import type { Harness } from "../api-server.js";
import { CHANGES, ContinuityChecker, OBJECTS, assertConverges, churn, createMany } from "./churn.js";
import type { Writer } from "./churn.js";

const NS = "cache-sync";
let h: Harness;
before(async () => {
  h = await startHarness(NS);
});
after(() => h.close());

function fooWriter(): Writer {
  return {
    create: (name) => h.foos.create(foo(name)),
    update: (name, n) => h.foos.patch(name, "merge", { spec: { replicas: (n % 10) + 1 } }),
    delete: (name) => h.foos.delete(name),
  };
}

function deploymentWriter(): Writer {
  return {
    create: (name) => h.deployments.create(deployment(name)),
    update: (name, n) => h.deployments.patch(name, "merge", { spec: { replicas: n % 50 } }),
    delete: (name) => h.deployments.delete(name),
  };
}

test("informers for Foos and Deployments sync, follow mixed changes and end equal to a fresh list", async () => {
  const t0 = Date.now();
  const [foos, deployments] = await Promise.all([createMany(fooWriter(), "foo", OBJECTS), createMany(deploymentWriter(), "dep", OBJECTS)]);
  console.log(`# created ${2 * OBJECTS} objects in ${Date.now() - t0} ms`);
  const factory = new SharedInformerFactory(h.transport, { namespace: NS });
  const fooInformer = factory.forResource<Foo>(FOOS);
  const depInformer = factory.forResource(DEPLOYMENTS);
  assert.equal(factory.forResource(FOOS).informer, fooInformer.informer, "one informer per resource");
  const fooCheck = new ContinuityChecker();
  const depCheck = new ContinuityChecker();
  const fooReg = fooInformer.informer.addEventHandler(fooCheck);
  depInformer.informer.addEventHandler(depCheck);
  const ac = new AbortController();
  const started = Date.now();
  factory.start(ac.signal);
  const synced = await factory.waitForCacheSync(AbortSignal.timeout(30_000));
  assert.deepEqual(
    [...synced],
    [
      ["samplecontroller.k8s.io/v1alpha1/foos", true],
      ["apps/v1/deployments", true],
    ],
  );
  const syncMs = Date.now() - started;
  assert.equal(fooInformer.lister.namespaced(NS).list().length, OBJECTS);
  assert.equal(depInformer.lister.list().length, OBJECTS);
  assert.equal(fooInformer.lister.namespaced(NS).get("foo-0").spec?.deploymentName, "foo-0-deploy");
  await fooInformer.informer.idle();
  assert.equal(fooReg.hasSynced(), true);

  const t = Date.now();
  await Promise.all([churn(fooWriter(), foos, CHANGES), churn(deploymentWriter(), deployments, CHANGES)]);
  const list = (c: { listAllItems(): Promise<KubeObject[]> }) => () => c.listAllItems();
  await assertConverges(fooInformer.informer, fooCheck, list(h.foos));
  await assertConverges(depInformer.informer, depCheck, list(h.deployments));
  assert.deepEqual(fooCheck.tombstones, [], "no relist happened, so no tombstones");
  console.log(`# ${OBJECTS} objects synced in ${syncMs} ms; ${2 * CHANGES} changes followed in ${Date.now() - t} ms`);
  await factory.shutdown();
  assert.equal(fooInformer.informer.isStopped(), true);
  assert.equal(depInformer.informer.isStopped(), true);
  // The server notices the aborted streams a moment later.
  for (let i = 0; i < 100 && h.server.openWatches() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(h.server.openWatches(), 0);
});
