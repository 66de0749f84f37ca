// The controller builder, as controller-runtime's: for() queues the reconciled object's own key on
// add, update and delete (tombstones too); owns() queues the controller owner of the reconciled
// kind (group and kind compared, not version; other owners and non-controller references ignored;
// an update queues the old owner and the new); watches() queues what its map names; predicates and
// withEventFilter drop events; run() waits for the caches and fails after cacheSyncTimeoutMs; the
// reconciler's results drive the queue (requeueAfterMs, requeue, TerminalError, errors).
import { test } from "node:test";
import type { TestContext } from "node:test";
import assert from "node:assert/strict";
import {
  ApiError,
  ItemExponentialFailureRateLimiter,
  RateLimitingQueue,
  SharedIndexInformer,
  TerminalError,
  generationChanged,
  newControllerManagedBy,
} from "../../src/index.js";
import type { Controller, KubeObject, ReconcileRequest, ReconcileResult, OwnerReference } from "../../src/index.js";
import { FakeListerWatcher, until } from "../cache/fakes.js";

const FOO = { group: "example.com", kind: "Foo", namespaced: true };

function thing(
  kind: string,
  name: string,
  rv: number,
  extra: { owners?: OwnerReference[]; generation?: number; ns?: string } = {},
): KubeObject {
  return {
    apiVersion: kind === "Foo" ? "example.com/v1" : "apps/v1",
    kind,
    metadata: {
      name,
      namespace: extra.ns ?? "ns",
      resourceVersion: String(rv),
      ...(extra.generation !== undefined ? { generation: extra.generation } : {}),
      ...(extra.owners ? { ownerReferences: extra.owners } : {}),
    },
  };
}

const ref = (name: string, o: Partial<OwnerReference> = {}): OwnerReference => ({
  apiVersion: "example.com/v2",
  kind: "Foo",
  name,
  uid: `uid-${name}`,
  controller: true,
  ...o,
});

function harness(t: TestContext) {
  const foosLw = new FakeListerWatcher();
  const depsLw = new FakeListerWatcher();
  const cmLw = new FakeListerWatcher();
  // A relist after a 410 waits 1 ms, not client-go's 800 ms.
  const opts = { onError: () => {}, reflector: { backoff: { initialMs: 1, maxMs: 1 } } };
  const informers = {
    foos: new SharedIndexInformer<KubeObject>(foosLw, opts),
    deployments: new SharedIndexInformer<KubeObject>(depsLw, opts),
    configMaps: new SharedIndexInformer<KubeObject>(cmLw, opts),
  };
  const ac = new AbortController();
  const running = Object.values(informers).map((i) => i.run(ac.signal));
  // Stopped after the test whatever its outcome: a failed assertion must not leave watches running.
  t.after(async () => {
    ac.abort();
    await Promise.all(running);
  });
  /** Runs `controller` until the test ends; resolves once every informer's watch is open. */
  const start = async (controller: Controller): Promise<void> => {
    const ctrl = new AbortController();
    const run = controller.run(ctrl.signal);
    t.after(async () => {
      ctrl.abort();
      await run;
    });
    await until(() => foosLw.watching && depsLw.watching && cmLw.watching, "watches opened");
  };
  return { foosLw, depsLw, cmLw, informers, start };
}

/** An informer whose list never answers, so it never syncs; stopped when the test ends. */
function unsyncedInformer(t: TestContext): SharedIndexInformer {
  const lw = new FakeListerWatcher();
  lw.list = () => new Promise(() => {});
  const informer = new SharedIndexInformer<KubeObject>(lw);
  const ac = new AbortController();
  void informer.run(ac.signal);
  t.after(() => ac.abort());
  return informer;
}

const gone = (): ApiError =>
  new ApiError({ kind: "Status", apiVersion: "v1", status: "Failure", reason: "Expired", code: 410, message: "too old" });

const fastQueue = (): RateLimitingQueue =>
  new RateLimitingQueue<string>({ rateLimiter: new ItemExponentialFailureRateLimiter<string>(1, 10) });

test("for, owns and watches queue the right keys, through predicates and the event filter", async (t) => {
  const h = harness(t);
  const seen: string[] = [];
  const controller = newControllerManagedBy({ name: "foos", queue: fastQueue(), maxConcurrentReconciles: 2 })
    .for(h.informers.foos, FOO, generationChanged)
    .owns(h.informers.deployments)
    .watches(h.informers.configMaps, (cm) => [{ namespace: "ns", name: `from-${cm.metadata!.name!}` }])
    .withEventFilter({ create: (o) => o.metadata?.name !== "filtered" })
    .complete((r: ReconcileRequest) => {
      seen.push(`${r.namespace}/${r.name}`);
      return Promise.resolve();
    });
  await h.start(controller);
  const settle = async (n: number): Promise<string[]> => {
    await until(() => seen.length >= n && controller.queue.len() === 0, `${n} passes`);
    await new Promise((r) => setTimeout(r, 20));
    return seen.splice(0).sort();
  };

  h.foosLw.emit({ type: "ADDED", object: thing("Foo", "a", 2, { generation: 1 }) });
  h.foosLw.emit({ type: "ADDED", object: thing("Foo", "filtered", 3, { generation: 1 }) });
  assert.deepEqual(await settle(1), ["ns/a"], "the event filter dropped the create of 'filtered'");

  h.foosLw.emit({ type: "MODIFIED", object: thing("Foo", "a", 4, { generation: 1 }) });
  h.foosLw.emit({ type: "MODIFIED", object: thing("Foo", "a", 5, { generation: 2 }) });
  assert.deepEqual(await settle(1), ["ns/a"], "generationChanged dropped the status-only update");

  // Owned: only a controller reference of group example.com and kind Foo, any version.
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d1", 6, { owners: [ref("a")] }) });
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d2", 7, { owners: [ref("b", { controller: false })] }) });
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d3", 8, { owners: [ref("c", { apiVersion: "other.com/v1" })] }) });
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d4", 9, { owners: [ref("e", { kind: "Bar" })] }) });
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d5", 10) });
  assert.deepEqual(await settle(1), ["ns/a"]);

  // An update moving the controller reference queues the old owner and the new.
  h.depsLw.emit({ type: "MODIFIED", object: thing("Deployment", "d1", 11, { owners: [ref("z")] }) });
  assert.deepEqual(await settle(2), ["ns/a", "ns/z"]);

  // A delete: the object's last state names the owner. One seen only by a relist is a tombstone.
  h.depsLw.emit({ type: "DELETED", object: thing("Deployment", "d1", 12, { owners: [ref("y")] }) });
  assert.deepEqual(await settle(1), ["ns/y"]);
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d6", 13, { owners: [ref("t")] }) });
  assert.deepEqual(await settle(1), ["ns/t"]);
  h.depsLw.items = [];
  h.depsLw.rv = 14;
  h.depsLw.end(gone());
  assert.deepEqual(await settle(1), ["ns/t"], "the tombstone of d6 queued its owner");

  h.cmLw.emit({ type: "ADDED", object: thing("ConfigMap", "cm", 14) });
  const last = await settle(1);
  assert.ok(last.includes("ns/from-cm"), `the watches() map was used: ${last.join(", ")}`);
});

test("run() waits for the caches, and fails after cacheSyncTimeoutMs if one never syncs", async (t) => {
  const informer = unsyncedInformer(t);
  let passes = 0;
  const controller = newControllerManagedBy({ name: "stuck", cacheSyncTimeoutMs: 120 })
    .for(informer, FOO)
    .complete(() => (passes++, Promise.resolve()));
  await assert.rejects(controller.run(new AbortController().signal), /controller stuck: timed out after 120 ms waiting for caches to sync/);
  assert.equal(passes, 0);
  assert.equal(controller.queue.shuttingDown(), true);
});

test("an abort while waiting for the caches resolves run() without error", async (t) => {
  const informer = unsyncedInformer(t);
  const controller = newControllerManagedBy({ name: "aborted" })
    .for(informer, FOO)
    .complete(() => Promise.resolve());
  const stop = new AbortController();
  const running = controller.run(stop.signal);
  setTimeout(() => stop.abort(), 20);
  await running;
});

test("complete() without for() is an error; for() twice too", () => {
  const informer = new SharedIndexInformer<KubeObject>(new FakeListerWatcher());
  assert.throws(
    () =>
      newControllerManagedBy({ name: "c" })
        .owns(informer)
        .complete(() => Promise.resolve()),
    /for\(\) names the kind/,
  );
  assert.throws(() => newControllerManagedBy({ name: "c" }).for(informer, FOO).for(informer, FOO), /for\(\) was already called/);
});

test("a cluster-scoped owner kind is queued without a namespace", async (t) => {
  const h = harness(t);
  const seen: string[] = [];
  const controller = newControllerManagedBy({ name: "cluster", queue: fastQueue() })
    .for(h.informers.foos, { ...FOO, namespaced: false })
    .owns(h.informers.deployments)
    .complete((r) => (seen.push(`${r.namespace}|${r.name}`), Promise.resolve()));
  await h.start(controller);
  h.depsLw.emit({ type: "ADDED", object: thing("Deployment", "d", 2, { owners: [ref("global")] }) });
  await until(() => seen.length === 1, "one pass");
  assert.deepEqual(seen, ["|global"]);
});

test("results drive the queue: requeueAfterMs and requeue run again, a TerminalError does not, an error retries", async (t) => {
  const h = harness(t);
  const passes = new Map<string, number>();
  const errors: string[] = [];
  const plan: Record<string, (n: number) => ReconcileResult | Error | undefined> = {
    after: (n) => (n === 1 ? { requeueAfterMs: 30 } : undefined),
    again: (n) => (n === 1 ? { requeue: true } : undefined),
    terminal: () => new TerminalError("cannot be mended"),
    flaky: (n) => (n <= 2 ? new Error(`try ${n}`) : undefined),
  };
  const controller = newControllerManagedBy({
    name: "results",
    queue: fastQueue(),
    onError: (r, e) => errors.push(`${r.name}: ${(e as Error).message}`),
  })
    .for(h.informers.foos, FOO)
    .complete((r) => {
      const n = (passes.get(r.name) ?? 0) + 1;
      passes.set(r.name, n);
      const out = plan[r.name]!(n);
      return out instanceof Error ? Promise.reject(out) : Promise.resolve(out);
    });
  await h.start(controller);
  for (const [i, name] of Object.keys(plan).entries()) h.foosLw.emit({ type: "ADDED", object: thing("Foo", name, 2 + i) });
  await until(() => passes.get("after") === 2 && passes.get("again") === 2 && passes.get("flaky") === 3, "the requeued passes");
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(Object.fromEntries(passes), { after: 2, again: 2, terminal: 1, flaky: 3 });
  assert.deepEqual(errors.sort(), ["flaky: try 1", "flaky: try 2", "terminal: cannot be mended"]);
  assert.equal(controller.queue.numRequeues("ns/flaky"), 0, "success forgot the failures");
});
