// Controllers on the Manager, as controller-runtime's ControllerManagedBy(mgr): the builder takes
// the kinds by their resource descriptions, its informers come from the manager's one shared cache
// (started and synced by the manager), complete() adds the controller to the manager, and the
// manager runs it; an owned object's change queues its controller owner. Against the test server.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BuiltinClientset, Manager, isNotFound, newControllerManagedBy, newControllerRef } from "../../src/index.js";
import type { ReconcileRequest } from "../../src/index.js";
import { until } from "../../../test/helpers/until.js";
import { CONFIGMAPS, FOOS, configMap, foo, startHarness, type ConfigMap, type Foo, type Harness } from "../api-server.js";

const NS = "manager-builder";
let h: Harness;
before(async () => {
  h = await startHarness(NS);
});
after(async () => {
  await h.close();
});

test("a controller built on a Manager reconciles from the manager's cache and follows what it owns", async () => {
  const mgr = new Manager({ config: h.transport });
  const foos = mgr.getCache().forResource<Foo>(FOOS);
  const seen: ReconcileRequest[] = [];
  const controller = newControllerManagedBy(mgr)
    .for(FOOS)
    .owns(CONFIGMAPS)
    .complete(async (req) => {
      seen.push(req);
      let owner: Foo;
      try {
        owner = foos.lister.namespaced(req.namespace).get(req.name); // from the manager's cache
      } catch (err) {
        if (isNotFound(err)) return;
        throw err;
      }
      const name = `${req.name}-config`;
      try {
        await h.configMaps.get(name);
      } catch (err) {
        if (!isNotFound(err)) throw err;
        const cm: ConfigMap = configMap(name, { replicas: String(owner.spec.replicas) });
        cm.metadata!.ownerReferences = [newControllerRef(owner, { apiVersion: "samplecontroller.k8s.io/v1alpha1", kind: "Foo" })];
        await h.configMaps.create(cm);
      }
    });
  assert.equal(controller.name, "foo", "the name defaults to the reconciled kind");
  assert.equal(mgr.getCache().forResource(FOOS).informer, foos.informer, "one shared informer per resource");

  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    await h.foos.create(foo("web", 3));
    const first = await until("the owned ConfigMap", () => h.configMaps.get("web-config"));
    assert.equal(first.data?.["replicas"], "3");
    // Deleting the owned object queues its owner, whose reconcile makes it again.
    await h.configMaps.delete("web-config");
    const again = await until("the ConfigMap made again", async () => {
      const cm = await h.configMaps.get("web-config");
      return cm.metadata?.uid !== first.metadata?.uid ? cm : undefined;
    });
    assert.equal(again.metadata?.ownerReferences?.[0]?.name, "web");
    // One recorder per controller name, writing Events as that component.
    const recorder = mgr.getEventRecorderFor("foo");
    assert.equal(mgr.getEventRecorderFor("foo"), recorder);
    recorder.event(await h.foos.get("web"), "Normal", "Synced", "config written");
    const events = new BuiltinClientset(h.transport).coreV1().events(NS);
    const event = await until("the Event", async () => (await events.list()).items.find((e) => e.reason === "Synced"));
    assert.equal(event.source?.component, "foo");
    assert.equal(event.involvedObject.name, "web");
    assert.ok(seen.length >= 2 && seen.every((r) => r.namespace === NS && r.name === "web"), JSON.stringify(seen));
  } finally {
    stop.abort();
    await running;
  }
});

test("without a Manager, for() needs an informer; without a config, the manager has no cache", () => {
  assert.throws(() => newControllerManagedBy({ name: "x" }).for(FOOS), /for\(\) takes an informer unless the builder is on a Manager/);
  assert.throws(() => new Manager().getCache(), /no config: pass ManagerOptions.config/);
  assert.throws(() => newControllerManagedBy(new Manager()).for(FOOS), /no config/);
});

test("the manager's client reads copies from the cache, starts an informer first asked for while running, and writes to the server", async () => {
  const mgr = new Manager({ config: h.transport });
  const client = mgr.getClient();
  // Made before start: started and synced with the manager's cache.
  mgr.getCache().forResource(FOOS);
  await h.foos.create({ ...foo("cached"), metadata: { name: "cached", labels: { tier: "web" } } });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    await mgr.elected(); // the caches have synced
    const got = await client.get<Foo>(FOOS, NS, "cached");
    assert.equal(got.spec.replicas, 1);
    got.spec.replicas = 99;
    assert.equal((await client.get<Foo>(FOOS, NS, "cached")).spec.replicas, 1, "a read is a copy: the cache is untouched");
    await assert.rejects(client.get(FOOS, NS, "absent"), (e: unknown) => isNotFound(e));
    assert.deepEqual(
      (await client.list<Foo>(FOOS, { namespace: NS, labelSelector: { tier: "web" } })).map((f) => f.metadata?.name),
      ["cached"],
    );
    assert.deepEqual(await client.list(FOOS, { namespace: "elsewhere" }), []);
    // ConfigMaps were never asked for before start: the first read makes, starts and syncs their informer.
    await h.configMaps.create(configMap("late"));
    assert.equal((await client.get<ConfigMap>(CONFIGMAPS, NS, "late")).metadata?.name, "late");
    // Writes go to the server; the cache sees them when its watch does.
    await client.create(CONFIGMAPS, { ...configMap("written"), metadata: { name: "written", namespace: NS } });
    assert.equal((await h.configMaps.get("written")).metadata?.name, "written");
    await until("the write in the cache", async () =>
      (await client.list(CONFIGMAPS, { namespace: NS })).some((c) => c.metadata?.name === "written"),
    );
    await client.delete(CONFIGMAPS, { metadata: { name: "written", namespace: NS } });
    await assert.rejects(h.configMaps.get("written"), (e: unknown) => isNotFound(e));
  } finally {
    stop.abort();
    await running;
  }
});
