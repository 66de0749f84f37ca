// Run by value-sharing.test.ts with --expose-gc: the heap an informer keeps per cached object,
// with and without value sharing, each object parsed from its own JSON line as a watch delivers it.
import { SharedIndexInformer } from "../../src/index.js";
import type { KubeObject, ListerWatcher, ObjectList, WatchEvent } from "../../src/index.js";

const N = 5000;
const gc = (globalThis as { gc?: () => void }).gc!;
const heap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

function line(i: number): string {
  return JSON.stringify({
    apiVersion: "widgets.example.com/v1beta1",
    kind: "Widget",
    metadata: {
      name: `widget-number-${i}`,
      namespace: "production-east",
      uid: `6c5d64f7-3f3c-49bf-a04b-${String(i).padStart(12, "0")}`,
      resourceVersion: String(100 + i),
      creationTimestamp: "2026-12-02T07:17:20Z",
      labels: { "app.kubernetes.io/name": "widget-frontend", "app.kubernetes.io/part-of": "widget-platform" },
      managedFields: [
        { manager: "widget-controller", operation: "Update", apiVersion: "widgets.example.com/v1beta1", time: "2026-12-02T07:17:20Z" },
      ],
    },
    spec: { image: "registry.example.com/widgets/frontend:v1.2.3", replicas: 3 },
  });
}

async function perObject(shareValues: boolean): Promise<number> {
  const lines = Array.from({ length: N }, (_, i) => line(i));
  const lw: ListerWatcher<KubeObject> = {
    list: () =>
      Promise.resolve({ apiVersion: "v1", kind: "List", metadata: { resourceVersion: "1" }, items: [] } as ObjectList<KubeObject>),
    watch: (o) =>
      (async function* (): AsyncGenerator<WatchEvent<KubeObject>> {
        for (const l of lines) yield { type: "ADDED", object: JSON.parse(l) as KubeObject };
        await new Promise((r) => o.signal?.addEventListener("abort", r));
      })(),
    // The objects arrive as a plain watch's events, not a streaming list's.
    isWatchListSemanticsUnsupported: () => true,
  };
  const before = heap();
  const informer = new SharedIndexInformer<KubeObject>(lw, { shareValues });
  let added = 0;
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  informer.addEventHandler({
    onAdd: () => {
      if (++added === N) done();
    },
  });
  const ac = new AbortController();
  const running = informer.run(ac.signal);
  await all;
  await informer.idle();
  const used = (heap() - before) / N; // the lines were there before, and are still
  ac.abort();
  await running;
  return used;
}

const unshared = await perObject(false);
const shared = await perObject(true);
console.log(JSON.stringify({ shared, unshared }));
