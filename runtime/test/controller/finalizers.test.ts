// Finalizers as controllerutil, and the delete-time flow, against the test server: the finalizer
// holds a deleted object until cleanup has run, a failed cleanup keeps it held, and writes that
// meet a 409 Conflict read again and retry instead of overwriting what another writer stored.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  ApiError,
  addFinalizer,
  containsFinalizer,
  ensureFinalizer,
  FakeClock,
  finalize,
  isConflict,
  isNotFound,
  releaseFinalizer,
  removeFinalizer,
  retryOnConflict,
  type FinalizerClient,
} from "../../src/index.js";
import { foo, startHarness, type Foo, type Harness } from "../api-server.js";

const NS = "finalizers";
const F = "example.com/cleanup";
let h: Harness;
before(async () => {
  h = await startHarness(NS);
});
after(async () => {
  await h.close();
});

test("add, remove and contains change the object in place and say whether they changed it", () => {
  const obj = foo("a");
  assert.equal(containsFinalizer(obj, F), false);
  assert.equal(addFinalizer(obj, F), true);
  assert.equal(addFinalizer(obj, F), false);
  assert.deepEqual(obj.metadata?.finalizers, [F]);
  obj.metadata.finalizers = ["other", F, F];
  assert.equal(removeFinalizer(obj, F), true, "every occurrence goes");
  assert.deepEqual(obj.metadata.finalizers, ["other"]);
  assert.equal(removeFinalizer(obj, "other"), true);
  assert.equal(obj.metadata.finalizers, undefined, "an empty list is left out, as omitempty");
  assert.equal(removeFinalizer(obj, F), false);
});

test("finalize adds the finalizer, holds the deleted object until cleanup succeeds, then lets the server delete it", async () => {
  const created = await h.foos.create(foo("held"));
  const cleaned: string[] = [];
  const cleanup = (o: Foo): Promise<void> => {
    cleaned.push(o.metadata?.name ?? "");
    return Promise.resolve();
  };
  const first = await finalize(h.foos, created, F, cleanup);
  assert.equal(first.deleting, false);
  assert.deepEqual(first.object?.metadata?.finalizers, [F]);
  assert.deepEqual(created.metadata?.finalizers, undefined, "the object passed in (perhaps from a cache) is not modified");
  assert.deepEqual((await h.foos.get("held")).metadata?.finalizers, [F]);
  assert.deepEqual(cleaned, []);

  await h.foos.delete("held");
  const deleting = await h.foos.get("held");
  assert.ok(deleting.metadata?.deletionTimestamp, "the finalizer holds the object");
  // A cleanup that fails leaves the finalizer: the object stays until a later pass succeeds.
  await assert.rejects(
    finalize(h.foos, deleting, F, () => Promise.reject(new Error("bucket unreachable"))),
    /bucket unreachable/,
  );
  assert.deepEqual((await h.foos.get("held")).metadata?.finalizers, [F]);
  const done = await finalize(h.foos, deleting, F, cleanup);
  assert.equal(done.deleting, true);
  // The update that removed the last finalizer answers with the object as it was; the server then deletes it.
  assert.deepEqual(done.object?.metadata?.finalizers, undefined);
  assert.deepEqual(cleaned, ["held"]);
  await assert.rejects(h.foos.get("held"), (e: unknown) => isNotFound(e));
});

test("a write that meets a conflict reads the object again and keeps what the other writer stored", async () => {
  const stale = await h.foos.create(foo("raced"));
  // Another writer changes the object after `stale` was read: the first update is a 409.
  await h.foos.update({ ...stale, spec: { ...stale.spec, replicas: 7 } });
  const stored = await ensureFinalizer(h.foos, stale, F);
  assert.deepEqual(stored?.metadata?.finalizers, [F]);
  assert.equal(stored?.spec.replicas, 7, "the other writer's change was kept");
  const released = await releaseFinalizer(h.foos, stale, "not-there");
  assert.equal(released, stale, "nothing to remove: no write");
  const gone = await releaseFinalizer(h.foos, stored, F);
  assert.deepEqual(gone?.metadata?.finalizers, undefined);
});

test("retryOnConflict gives up after the backoff's steps and passes other errors through at once", async () => {
  const clock = new FakeClock();
  const conflict = new ApiError({
    apiVersion: "v1",
    kind: "Status",
    status: "Failure",
    code: 409,
    reason: "Conflict",
    message: "conflict",
  });
  let attempts = 0;
  const gives = retryOnConflict(
    () => {
      attempts++;
      return Promise.reject(conflict);
    },
    { clock, backoff: { steps: 3, durationMs: 10, factor: 2, jitter: 0 } },
  );
  const outcome = gives.then(
    () => undefined,
    (e: unknown) => e,
  );
  for (let i = 0; i < 10 && attempts < 3; i++) {
    await new Promise((r) => setImmediate(r));
    clock.step(20);
  }
  assert.equal(await outcome, conflict);
  assert.equal(attempts, 3);
  assert.equal(isConflict(conflict), true);

  let other = 0;
  await assert.rejects(
    retryOnConflict(() => {
      other++;
      return Promise.reject(new Error("boom"));
    }),
    /boom/,
  );
  assert.equal(other, 1);
  // A gone object ends the finalizer helpers quietly.
  const notFound = new ApiError({ apiVersion: "v1", kind: "Status", status: "Failure", code: 404, reason: "NotFound", message: "gone" });
  const missing: FinalizerClient<Foo> = {
    get: () => Promise.reject(notFound),
    update: () => Promise.reject(notFound),
  };
  assert.equal(await ensureFinalizer(missing, foo("ghost"), F), undefined);
});
