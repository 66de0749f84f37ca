// The manager against the test API server, as controller-runtime's: caches start and sync before
// any runnable; /readyz and /healthz answer in controller-runtime's text format (ok; verbose and
// failing listings with the reason withheld; single checks with their error; exclude); with leader
// election only the Lease holder runs its controllers, and on a released Lease the other takes
// over; a failing runnable stops everything and start() rejects with its error; shutdown stops
// leader-elected runnables before the others and the caches.
import { test, before, after } from "node:test";
import type { TestContext } from "node:test";
import assert from "node:assert/strict";
import { BuiltinClientset, Manager, SharedInformerFactory, loadKubeConfig, newControllerManagedBy, ping } from "../../src/index.js";
import { CONFIGMAPS, configMap, startHarness } from "../api-server.js";
import type { ConfigMap, Harness } from "../api-server.js";
import { until } from "../cache/fakes.js";

const NS = "manager";
let h: Harness;
let clientset: BuiltinClientset;
before(async () => {
  h = await startHarness(NS);
  clientset = new BuiltinClientset(loadKubeConfig({ kubeconfig: h.server.kubeconfigPath }));
});
after(() => h.close());

/** GET `path` on the manager's probe server: status and body. */
async function probe(m: Manager, path: string): Promise<[number, string]> {
  const a = m.healthProbeAddress();
  assert.ok(a, "the probe server listens");
  const res = await fetch(`http://127.0.0.1:${a.port}${path}`);
  return [res.status, await res.text()];
}

/** A manager with a ConfigMap factory and a controller that records what it reconciles. */
function setup(t: TestContext, identity?: string, lease = "mgr-lock") {
  const factory = new SharedInformerFactory(h.transport, { namespace: NS });
  const configMaps = factory.informerFor<ConfigMap>(CONFIGMAPS);
  const reconciled: string[] = [];
  const controller = newControllerManagedBy({ name: `cm-${identity ?? "solo"}` })
    .for(configMaps, { group: "", kind: "ConfigMap", namespaced: true })
    .complete((req) => {
      reconciled.push(req.name);
      return Promise.resolve();
    });
  const m = new Manager({
    healthProbe: { host: "127.0.0.1", port: 0 },
    gracefulShutdownTimeoutMs: 5000,
    ...(identity
      ? {
          leaderElection: {
            lock: { client: clientset.coordinationV1(), namespace: NS, name: lease },
            identity,
            leaseDuration: 2000,
            renewDeadline: 1500,
            retryPeriod: 200,
            releaseOnCancel: true,
          },
        }
      : {}),
  });
  m.addCache(factory);
  m.add(controller);
  const ac = new AbortController();
  let result: unknown = "running";
  const running = m.start(ac.signal).then(
    () => (result = "resolved"),
    (err: unknown) => (result = err),
  );
  t.after(async () => {
    ac.abort();
    await running;
  });
  return { m, factory, configMaps, reconciled, ac, running, result: () => result };
}

test("caches sync before controllers run; readyz and healthz in controller-runtime's format", async (t) => {
  await h.configMaps.create(configMap("before-start"));
  const { m, configMaps, reconciled } = setup(t);
  let ready = false;
  m.addReadyzCheck("informers", () => {
    if (!configMaps.hasSynced()) throw new Error("ConfigMap cache not synced");
    ready = true;
  });
  m.addHealthzCheck("ping", ping);
  m.addHealthzCheck("disk", () => {
    throw new Error("disk full");
  });
  await until(() => reconciled.includes("before-start"), "the controller reconciles the object listed at start");
  assert.ok(configMaps.hasSynced());
  assert.deepEqual(await probe(m, "/readyz"), [200, "ok"]);
  assert.ok(ready);
  assert.deepEqual(await probe(m, "/readyz?verbose"), [200, "[+]informers ok\nhealthz check passed\n"]);
  assert.deepEqual(await probe(m, "/healthz"), [500, "[-]disk failed: reason withheld\n[+]ping ok\nhealthz check failed\n"]);
  assert.deepEqual(await probe(m, "/healthz/disk"), [500, "internal server error: disk full\n"]);
  assert.deepEqual(await probe(m, "/healthz/ping"), [200, "ok"]);
  assert.deepEqual(await probe(m, "/healthz?exclude=disk&exclude=nope"), [200, "ok"]);
  assert.deepEqual(await probe(m, "/healthz?exclude=disk&exclude=nope&verbose"), [
    200,
    '[+]disk excluded: ok\n[+]ping ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nhealthz check passed\n',
  ]);
  assert.deepEqual(await probe(m, "/healthz/other"), [404, "404 page not found\n"]);
  await h.configMaps.create(configMap("after-start"));
  await until(() => reconciled.includes("after-start"), "and follows the watch");
});

test("with no checks the probes answer as controller-runtime's default ping", async (t) => {
  const { m, reconciled } = setup(t);
  await h.configMaps.create(configMap("ping-default"));
  await until(() => reconciled.includes("ping-default"), "running");
  assert.deepEqual(await probe(m, "/readyz?verbose"), [200, "[+]ping ok\nhealthz check passed\n"]);
  assert.deepEqual(await probe(m, "/healthz/ping"), [200, "ok"]);
  assert.throws(() => m.add({ run: () => {} }), /after start/);
});

test("leader election: only the holder reconciles; when it stops and releases, the other takes over", async (t) => {
  const a = setup(t, "cand-a", "le-lock");
  await a.m.elected();
  const b = setup(t, "cand-b", "le-lock");
  await h.configMaps.create(configMap("le-1"));
  await until(() => a.reconciled.includes("le-1"), "the leader reconciles");
  await until(
    () => b.configMaps.hasSynced() && b.configMaps.getIndexer().getByKey(`${NS}/le-1`) !== undefined,
    "the follower's cache follows too",
  );
  // A running controller reconciles within milliseconds of its cache having the object.
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(b.reconciled.length, 0, "the follower's controller does not run");
  const held = await clientset.coordinationV1().leases(NS).get("le-lock");
  assert.equal(held.spec?.holderIdentity, "cand-a");

  a.ac.abort();
  await a.running;
  assert.equal(a.result(), "resolved");
  const released = await clientset.coordinationV1().leases(NS).get("le-lock");
  assert.equal(released.spec?.holderIdentity, "", "releaseOnCancel cleared the holder");
  await b.m.elected();
  await h.configMaps.create(configMap("le-2"));
  await until(() => b.reconciled.includes("le-2"), "the new leader reconciles");
  assert.ok(b.reconciled.includes("le-1"), "and first catches up on what its cache holds");
});

test("a failing runnable stops the manager; leader-elected runnables stop before the others", async (t) => {
  const order: string[] = [];
  const m = new Manager({ gracefulShutdownTimeoutMs: 5000 });
  const factory = new SharedInformerFactory(h.transport, { namespace: NS });
  const informer = factory.informerFor<ConfigMap>(CONFIGMAPS);
  m.addCache({
    start: (s) => factory.start(s),
    waitForCacheSync: (s) => factory.waitForCacheSync(s),
    shutdown: async () => {
      await factory.shutdown();
      order.push("caches");
    },
  });
  const untilAbort = (name: string) => ({
    run: (s: AbortSignal) =>
      new Promise<void>((resolve) =>
        s.addEventListener("abort", () => {
          order.push(name);
          resolve();
        }),
      ),
  });
  m.add({ run: () => void order.push(`started with the cache synced: ${informer.hasSynced()}`) }, { needLeaderElection: false });
  m.add(untilAbort("elected"));
  m.add(untilAbort("other"), { needLeaderElection: false });
  m.add(
    {
      run: async () => {
        await new Promise((r) => setTimeout(r, 20));
        throw new Error("boom");
      },
    },
    { needLeaderElection: false },
  );
  const ac = new AbortController();
  t.after(() => ac.abort());
  await assert.rejects(m.start(ac.signal), /boom/);
  assert.deepEqual(order, ["started with the cache synced: true", "elected", "other", "caches"]);
});

test("runnables that outlast the grace period make start() reject", async () => {
  const m = new Manager({ gracefulShutdownTimeoutMs: 50 });
  m.add({ run: () => new Promise<void>(() => {}) });
  const ac = new AbortController();
  const started = m.start(ac.signal);
  await m.elected();
  ac.abort();
  await assert.rejects(started, /did not stop within the 50 ms grace period/);
});
