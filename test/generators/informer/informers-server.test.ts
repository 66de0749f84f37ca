// The bundled examples' generated informer factory (imported as an application imports it) against
// the in-process test API server: it syncs, its handlers see Foos created, updated and deleted with
// old/new pairs, its typed lister follows the server, and a missing name is client-go's NotFound.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { ApiError, isNotFound, loadKubeConfig } from "@kube-codegen/runtime";
import { Clientset } from "../../../generated-examples/sample-controller/generated/clientset/index.js";
import { newSharedInformerFactory } from "../../../generated-examples/sample-controller/generated/informers/index.js";
import type { Foo } from "../../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { loadCrds, startTestApiServer } from "../../../testing/src/index.js";
import type { TestApiServer } from "../../../testing/src/index.js";

const repo = resolve(import.meta.dirname, "../../..");
const NS = "informers";

let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({
    crds: loadCrds(join(repo, "generated-examples/sample-controller/config/crd/bases")),
    objects: [
      { apiVersion: "v1", kind: "Namespace", metadata: { name: NS } },
      { apiVersion: "v1", kind: "Namespace", metadata: { name: "elsewhere" } },
    ],
  });
  await server.settle();
});
after(async () => {
  await server.stop();
});

const foo = (name: string, replicas: number, labels: Record<string, string> = {}): Foo => ({
  apiVersion: "samplecontroller.k8s.io/v1alpha1",
  kind: "Foo",
  metadata: { name, labels },
  spec: { deploymentName: `${name}-deploy`, replicas },
  status: { availableReplicas: 0 },
});

async function until(what: string, cond: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test("the generated factory: sync, handlers on create/update/delete, the typed lister and NotFound", async () => {
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const cs = new Clientset(config);
  const foos = cs.samplecontrollerV1alpha1().foos(NS);
  await foos.create(foo("before", 1, { app: "web" }));
  // A Foo outside the factory's namespace never reaches its cache.
  await cs.samplecontrollerV1alpha1().foos("elsewhere").create(foo("outside", 1));

  const factory = newSharedInformerFactory(config, { namespace: NS });
  const fooInformer = factory.samplecontroller().v1alpha1().foos();
  // One informer per kind: asking again gives the same one.
  assert.equal(factory.samplecontroller().v1alpha1().foos().informer, fooInformer.informer);
  const events: string[] = [];
  const replicas = (f: Foo) => `${f.metadata?.name ?? ""}:${String(f.spec.replicas)}`;
  fooInformer.informer.addEventHandler({
    onAdd: (f, initial) => void events.push(`add ${replicas(f)}${initial ? " (initial)" : ""}`),
    onUpdate: (old, f) => void events.push(`update ${replicas(old)} -> ${replicas(f)}`),
    onDelete: (f) => void events.push(`delete ${"obj" in f ? "tombstone" : replicas(f)}`),
  });
  const stop = new AbortController();
  try {
    factory.start(stop.signal);
    const synced = await factory.waitForCacheSync(stop.signal);
    assert.deepEqual([...synced], [["samplecontroller.k8s.io/v1alpha1/foos", true]]);
    const lister = fooInformer.lister;
    assert.deepEqual(
      lister.list().map((f) => f.metadata?.name),
      ["before"],
    );
    assert.equal(lister.foos(NS).get("before").spec.replicas, 1);

    await foos.create(foo("after", 2, { app: "db" }));
    await until("the add of after", () => events.includes("add after:2"));
    const got = await foos.get("after");
    got.spec.replicas = 3;
    await foos.update(got);
    await until("the update of after", () => events.includes("update after:2 -> after:3"));
    assert.equal(lister.foos(NS).get("after").spec.replicas, 3);
    assert.deepEqual(
      lister.list({ app: "db" }).map((f) => f.metadata?.name),
      ["after"],
    );
    assert.deepEqual(
      lister
        .foos(NS)
        .list({ app: "web" })
        .map((f) => f.metadata?.name),
      ["before"],
    );
    assert.deepEqual(lister.foos("elsewhere").list(), []);

    await foos.delete("before");
    await until("the delete of before", () => events.includes("delete before:1"));
    assert.deepEqual(events, ["add before:1 (initial)", "add after:2", "update after:2 -> after:3", "delete before:1"]);
    assert.deepEqual(
      lister.list().map((f) => f.metadata?.name),
      ["after"],
    );
    // A missing object is client-go's lister NotFound: an ApiError with its message and details.
    assert.throws(
      () => lister.foos(NS).get("before"),
      (e: unknown) => {
        assert.ok(e instanceof ApiError && isNotFound(e));
        assert.equal(e.message, 'foo.samplecontroller.k8s.io "before" not found');
        assert.deepEqual(e.status.details, { name: "before", group: "samplecontroller.k8s.io", kind: "foo" });
        return true;
      },
    );
    assert.throws(() => lister.foos(NS).get("x"), { message: 'foo.samplecontroller.k8s.io "x" not found' });
  } finally {
    stop.abort();
    await factory.shutdown();
  }
});
