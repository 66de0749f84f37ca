// Informers against the test server under injected faults: watches cut every ~500 events (and at
// random), a 410 ERROR sent to the open watch midway with history compacted, bursts of 429s and
// 500s on the informer's own requests, and latency. The cache still converges to the server's
// state, each handler notification continues the last state delivered for its object (so no update
// is lost or reordered), and objects deleted while the informer was disconnected arrive as tombstones.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { AgentPool, ResourceClient, SharedInformerFactory, createTransport, loadKubeConfig } from "../../src/index.js";
import type { ObjectList } from "../../src/index.js";
import { DEPLOYMENTS, FOOS, deployment, foo, startHarness } from "../api-server.js";
import type { Deployment, Foo, Harness } from "../api-server.js";
import { CHANGES, ContinuityChecker, OBJECTS, assertConverges, churn, createMany } from "./churn.js";
import type { Writer } from "./churn.js";

const NS = "cache-faults";
let h: Harness;
let agents: AgentPool;
let foos: ResourceClient<Foo>;
let deployments: ResourceClient<Deployment, ObjectList<Deployment>>;
before(async () => {
  h = await startHarness(NS, { bookmarkIntervalMs: 200 });
  // The workload's own client retries, so the failures injected for the informers do not stop it.
  agents = new AgentPool();
  const transport = createTransport(loadKubeConfig({ kubeconfig: h.server.kubeconfigPath }), {
    agents,
    retry: { maxRetries: 20, initialDelayMs: 5, maxDelayMs: 50 },
    onWarning: () => {},
  });
  foos = new ResourceClient<Foo>(transport, FOOS).namespace(NS);
  deployments = new ResourceClient<Deployment, ObjectList<Deployment>>(transport, DEPLOYMENTS).namespace(NS);
});
after(async () => {
  agents.destroy();
  await h.close();
});

const writers: Record<"foos" | "deployments", () => Writer> = {
  foos: () => ({
    create: (name) => foos.create(foo(name)),
    update: (name, n) => foos.patch(name, "merge", { spec: { replicas: (n % 10) + 1 } }),
    delete: (name) => foos.delete(name),
  }),
  deployments: () => ({
    create: (name) => deployments.create(deployment(name)),
    update: (name, n) => deployments.patch(name, "merge", { spec: { replicas: (n % 10) + 1 } }),
    delete: (name) => deployments.delete(name),
  }),
};

test("under dropped watches, a forced 410, 429s, 500s and latency the caches converge and no update is lost", async () => {
  const [fooNames, depNames] = await Promise.all([
    createMany(writers.foos(), "foo", OBJECTS),
    createMany(writers.deployments(), "dep", OBJECTS),
  ]);
  // All namespaces: the informers' list and watch paths (…/v1alpha1/foos, …/v1/deployments) differ
  // from the workload's (…/namespaces/ns/…), so injected failures can target the informers alone.
  const factory = new SharedInformerFactory(h.transport, {
    informerOptions: { reflector: { backoff: { initialMs: 300, maxMs: 1000 } }, onError: () => {} },
  });
  const fooInformer = factory.forResource(FOOS).informer;
  const depInformer = factory.forResource(DEPLOYMENTS).informer;
  const fooCheck = new ContinuityChecker();
  const depCheck = new ContinuityChecker();
  fooInformer.addEventHandler(fooCheck);
  depInformer.addEventHandler(depCheck);
  const ac = new AbortController();
  factory.start(ac.signal);
  // Shut down even when an assertion fails: informers left running keep the file's process alive.
  try {
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(30_000));
    assert.ok([...synced.values()].every(Boolean));

    const faults = h.server.faults;
    faults.closeWatchesAfter(500);
    faults.closeWatchesRandomly(0.002);
    const deletedWhileAway = ["foo-1", "foo-2", "foo-3"];
    const at = (f: number) => Math.floor(CHANGES * f);
    const fired = new Set<number>();
    const once = async (n: number, fn: () => Promise<void> | void): Promise<void> => {
      if (fired.has(n)) return;
      fired.add(n);
      await fn();
    };
    await churn(
      writers.foos(),
      fooNames.filter((n) => !deletedWhileAway.includes(n)),
      CHANGES,
      async (done) => {
        if (done >= at(0.2))
          await once(1, () => faults.failNextRequests(6, { code: 429, retryAfterSeconds: 0, pathContains: "v1alpha1/foos" }));
        if (done >= at(0.35)) await once(2, () => faults.failNextRequests(6, { code: 500, pathContains: "v1alpha1/foos" }));
        if (done >= at(0.5))
          await once(3, async () => {
            // The informer's watch gets a 410 and backs off before relisting: what is deleted in that
            // window, with the history compacted, it can learn only from the relist.
            faults.sendGoneToWatches();
            await Promise.all(deletedWhileAway.map((n) => foos.delete(n)));
            faults.expireResourceVersions();
          });
        if (done >= at(0.65)) await once(4, () => faults.setLatency(30));
        if (done >= at(0.75)) await once(5, () => faults.setLatency(0));
      },
    );
    await churn(writers.deployments(), depNames, Math.floor(CHANGES / 2), (done) => {
      if (done === 10) {
        faults.failNextRequests(5, { code: 429, retryAfterSeconds: 0, pathContains: "v1/deployments" });
        faults.closeAllWatches();
      }
    });
    // Only the informers' paths contain these strings, so each 429 or 500 served went to an
    // informer. (Not every one reaches onError: client-go, too, retries a refused watch quietly.)
    const injected = faults.injectedFailures;
    faults.reset();

    await assertConverges(fooInformer, fooCheck, () => foos.listAllItems());
    await assertConverges(depInformer, depCheck, () => deployments.listAllItems());
    for (const n of deletedWhileAway) assert.ok(fooCheck.tombstones.includes(`${NS}/${n}`), `${n} was delivered as a tombstone`);
    assert.ok(injected > 0, "the informers met the injected failures");
  } finally {
    ac.abort();
    await factory.shutdown();
  }
});
