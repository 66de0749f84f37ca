// The list path's fast paths: a list into an empty store (no record of what was listed, nothing can
// vanish) against one into a store that holds objects, and the sharing of a list's new objects
// with the object listed before them, which runs after their adds were queued and which idle()
// waits for. Each must give handlers and the cache what the general path gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ApiError, DeletedFinalStateUnknown, SharedIndexInformer } from "../../src/index.js";
import type { KubeObject, SharedIndexInformerOptions } from "../../src/index.js";
import { FakeClock, FakeListerWatcher, until } from "./fakes.js";

const gone = () => new ApiError({ kind: "Status", apiVersion: "v1", status: "Failure", reason: "Expired", code: 410, message: "too old" });

/** A Foo as a server lists it: most of it (managedFields, labels, apiVersion) alike across objects. */
function foo(name: string, rv: number, replicas = 1): KubeObject {
  return {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: {
      name,
      namespace: "ns",
      resourceVersion: String(rv),
      uid: `uid-of-${name}-0000-0000-000000000000`,
      labels: { app: "bench-application" },
      managedFields: [
        {
          manager: "kube-controller-manager",
          operation: "Update",
          time: "2026-12-03T12:58:30Z",
          fieldsV1: { "f:metadata": { "f:labels": { ".": {}, "f:app": {} } }, "f:spec": { "f:replicas": {} } },
        },
      ],
    },
    spec: { replicas },
  } as KubeObject;
}
const meta = (o: KubeObject): Record<string, unknown> => o.metadata as unknown as Record<string, unknown>;

/** An informer whose first list answers `items` at `rv`, running, with a handler recording what it sees. */
function setup(items: KubeObject[], rv: number, options: SharedIndexInformerOptions<KubeObject> = {}) {
  const lw = new FakeListerWatcher();
  lw.items = items;
  lw.rv = rv;
  const clock = new FakeClock();
  const informer = new SharedIndexInformer<KubeObject>(lw, {
    onError: (e) => assert.fail(String(e)),
    ...options,
    reflector: { clock, random: () => 0 },
  });
  const seen: string[] = [];
  // Resolved from within the handler call that sees the n-th notification, not some turns later.
  const waiting = new Map<number, () => void>();
  const saw = (what: string): void => {
    seen.push(what);
    waiting.get(seen.length)?.();
  };
  const seenCount = (n: number): Promise<void> => new Promise((r) => waiting.set(n, r));
  const id = (o: KubeObject): string => `${o.metadata?.name}@${o.metadata?.resourceVersion}`;
  informer.addEventHandler({
    onAdd: (o, initial) => saw(`add ${id(o)}${initial ? " initial" : ""}`),
    onUpdate: (a, b) => saw(`update ${id(a)}->${id(b)}`),
    onDelete: (o) => saw(o instanceof DeletedFinalStateUnknown ? `tombstone ${o.key} ${id(o.obj)}` : `delete ${id(o)}`),
  });
  const ac = new AbortController();
  const running = informer.run(ac.signal);
  const stop = async (): Promise<void> => {
    ac.abort();
    await running;
  };
  // Ends the watch with a 410 and lets the relist happen; resolves once it is watching again.
  const relist = async (): Promise<void> => {
    const lists = lw.lists.length;
    lw.end(gone());
    await until(() => clock.hasTimerIn(800), "backing off");
    clock.advance(800);
    await until(() => lw.lists.length === lists + 1 && lw.watching, "relisted and rewatching");
    await informer.idle();
  };
  return { lw, informer, seen, seenCount, stop, relist };
}

const contents = (informer: SharedIndexInformer): [string, unknown][] =>
  informer
    .getIndexer()
    .listKeys()
    .sort()
    .map((k) => [k, structuredClone(informer.getIndexer().getByKey(k))]);

test("a relist into an emptied store and one into a store that holds objects end with the same contents; only the second has tombstones", async () => {
  // Both stores held a and b; one saw both deleted before its relist, the other did not.
  const [emptied, full] = [setup([foo("a", 1), foo("b", 2)], 2), setup([foo("a", 1), foo("b", 2)], 2)];
  await until(() => emptied.lw.watching && full.lw.watching, "both watching");
  emptied.lw.emit({ type: "DELETED", object: foo("a", 3) });
  emptied.lw.emit({ type: "DELETED", object: foo("b", 4) });
  await until(() => emptied.informer.getIndexer().list().length === 0, "both deleted");
  for (const s of [emptied, full]) {
    s.lw.items = [foo("c", 5), foo("d", 6, 2), foo("b", 7)];
    s.lw.rv = 7;
    await s.relist();
  }
  assert.deepEqual(contents(emptied.informer), contents(full.informer));
  assert.deepEqual(
    contents(emptied.informer).map(([, o]) => o),
    [foo("b", 7), foo("c", 5), foo("d", 6, 2)],
    "the cache is the list, values unchanged",
  );
  assert.deepEqual(emptied.seen, ["add a@1 initial", "add b@2 initial", "delete a@3", "delete b@4", "add c@5", "add d@6", "add b@7"]);
  assert.deepEqual(full.seen.slice(2).sort(), ["add c@5", "add d@6", "tombstone ns/a a@1", "update b@2->b@7"]);
  await Promise.all([emptied.stop(), full.stop()]);
});

test("the initial list: every object added once in list order, a duplicate key an update, the cache the list", async () => {
  const s = setup([foo("a", 1), foo("b", 2), foo("a", 3), foo("c", 4)], 4);
  await until(() => s.lw.watching, "watching");
  await s.informer.idle();
  assert.deepEqual(s.seen, ["add a@1 initial", "add b@2 initial", "update a@1->a@3", "add c@4 initial"]);
  assert.deepEqual(
    contents(s.informer).map(([, o]) => o),
    [foo("a", 3), foo("b", 2), foo("c", 4)],
  );
  await s.stop();
});

test("a list's new objects share the parts equal to the object listed before them, once idle, with values unchanged", async () => {
  const s = setup([foo("a", 1), foo("b", 2, 2), foo("c", 3)], 3);
  // From the last add on: the sharing runs after the adds, and idle() waits for it.
  await s.seenCount(3);
  const [la, lb] = ["ns/a", "ns/b"].map((k) => s.informer.getIndexer().getByKey(k)!) as [KubeObject, KubeObject];
  assert.notEqual(meta(lb)["managedFields"], meta(la)["managedFields"], "not shared yet when the adds are delivered");
  await s.informer.idle();
  const [a, b, c] = ["ns/a", "ns/b", "ns/c"].map((k) => s.informer.getIndexer().getByKey(k)!) as [KubeObject, KubeObject, KubeObject];
  assert.deepEqual([a, b, c], [foo("a", 1), foo("b", 2, 2), foo("c", 3)], "values unchanged");
  assert.equal(meta(b)["managedFields"], meta(a)["managedFields"], "b's managedFields are a's");
  assert.equal(meta(c)["managedFields"], meta(a)["managedFields"], "and so are c's, through b");
  assert.equal(meta(c)["labels"], meta(a)["labels"]);
  const spec = (o: KubeObject): unknown => (o as unknown as Record<string, unknown>)["spec"];
  assert.notEqual(spec(b), spec(a), "b's spec differs: its own");
  assert.notEqual(spec(c), spec(b), "c's differs from b's, its neighbour's");
  // An update replaces the cached object; what it shares with its previous version still holds.
  s.lw.emit({ type: "MODIFIED", object: foo("b", 9, 5) });
  await until(() => s.seen.length === 4, "the update handled");
  const b2 = s.informer.getIndexer().getByKey("ns/b")!;
  assert.equal(meta(b2)["managedFields"], meta(a)["managedFields"]);
  await s.stop();
});

test("shareValues false and freezeObjects: the list's objects are stored as given, or frozen and still shared", async () => {
  const off = setup([foo("a", 1), foo("b", 2)], 2, { shareValues: false });
  await until(() => off.lw.watching, "watching");
  await off.informer.idle();
  const [a, b] = ["ns/a", "ns/b"].map((k) => off.informer.getIndexer().getByKey(k)!) as [KubeObject, KubeObject];
  assert.notEqual(meta(b)["managedFields"], meta(a)["managedFields"]);
  await off.stop();
  const frozen = setup([foo("a", 1), foo("b", 2)], 2, { freezeObjects: true });
  await until(() => frozen.lw.watching, "watching");
  await frozen.informer.idle();
  const [fa, fb] = ["ns/a", "ns/b"].map((k) => frozen.informer.getIndexer().getByKey(k)!) as [KubeObject, KubeObject];
  assert.ok(Object.isFrozen(meta(fb)["managedFields"]));
  assert.equal(meta(fb)["managedFields"], meta(fa)["managedFields"], "shared as stored, before freezing");
  assert.deepEqual([fa, fb], [foo("a", 1), foo("b", 2)]);
  await frozen.stop();
});
