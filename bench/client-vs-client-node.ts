// Typed client latency beside @kubernetes/client-node 1.x (CustomObjectsApi), in one run against the
// same in-process test API server with the same objects: get, list of a small namespace, and list of
// 5,000 objects. The two clients alternate in rounds so machine noise lands on both. Goal (issue 10):
// ours no slower, so the reported ratios (ours / client-node) should be at most 1.
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { CustomObjectsApi, KubeConfig } from "@kubernetes/client-node";
import { AgentPool, ResourceClient, createTransport, loadKubeConfig } from "@kube-codegen/runtime";
import type { ResourceDescription } from "@kube-codegen/runtime";
import type { Foo, FooList } from "../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { loadCrds, startTestApiServer } from "../testing/src/index.js";
import { recordBenchResults, type FigureInput } from "./results.js";

const BIG = 5000;
const SMALL = 10;
const GETS = 300;
const SMALL_LISTS = 100;
const BIG_LISTS = 5;
const ROUNDS = 3;

const FOOS: ResourceDescription = { group: "samplecontroller.k8s.io", version: "v1alpha1", plural: "foos", kind: "Foo", namespaced: true };

function foo(ns: string, i: number): Record<string, unknown> {
  return {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name: `foo-${String(i).padStart(5, "0")}`, namespace: ns, labels: { app: "bench", shard: String(i % 7) } },
    spec: { deploymentName: `deploy-${i}`, replicas: (i % 5) + 1 },
    status: { availableReplicas: 0 },
  };
}

const namespace = (name: string): Record<string, unknown> => ({ apiVersion: "v1", kind: "Namespace", metadata: { name } });
const server = await startTestApiServer({
  crds: loadCrds(join(import.meta.dirname, "../generated-examples/sample-controller/config/crd/bases")),
  objects: [
    namespace("big"),
    namespace("small"),
    ...Array.from({ length: BIG }, (_, i) => foo("big", i)),
    ...Array.from({ length: SMALL }, (_, i) => foo("small", i)),
  ],
});

const agents = new AgentPool();
const ours = new ResourceClient<Foo, FooList>(createTransport(loadKubeConfig({ kubeconfig: server.kubeconfigPath }), { agents }), FOOS);
const kc = new KubeConfig();
kc.loadFromFile(server.kubeconfigPath);
const theirs = kc.makeApiClient(CustomObjectsApi);
const coords = { group: FOOS.group, version: FOOS.version, plural: FOOS.plural };

type Case = { name: string; n: number; ours: () => Promise<number>; theirs: () => Promise<number> };
const cases: Case[] = [
  {
    name: "get",
    n: GETS,
    ours: async () => (await ours.namespace("small").get("foo-00003")).spec.replicas ?? 0,
    theirs: async () =>
      ((await theirs.getNamespacedCustomObject({ ...coords, namespace: "small", name: "foo-00003" })) as Foo).spec.replicas ?? 0,
  },
  {
    name: `list (${SMALL} objects)`,
    n: SMALL_LISTS,
    ours: async () => (await ours.namespace("small").list()).items.length,
    theirs: async () => ((await theirs.listNamespacedCustomObject({ ...coords, namespace: "small" })) as FooList).items.length,
  },
  {
    name: `list (${BIG} objects)`,
    n: BIG_LISTS,
    ours: async () => (await ours.namespace("big").list()).items.length,
    theirs: async () => ((await theirs.listNamespacedCustomObject({ ...coords, namespace: "big" })) as FooList).items.length,
  },
];

async function timeOne(fn: () => Promise<number>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const figures: FigureInput[] = [];
try {
  for (const c of cases) {
    // Both must see the same data, or the comparison means nothing.
    const [a, b] = [await c.ours(), await c.theirs()];
    if (a !== b) throw new Error(`${c.name}: ours read ${a}, client-node read ${b}`);
    await timeOne(c.ours, Math.min(c.n, 20)); // warm both connections and JITs
    await timeOne(c.theirs, Math.min(c.n, 20));
    const mine: number[] = [];
    const other: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      mine.push(...(await timeOne(c.ours, c.n)));
      other.push(...(await timeOne(c.theirs, c.n)));
    }
    const m = median(mine);
    const o = median(other);
    figures.push({ name: `${c.name} vs client-node`, ours: m, baseline: o, unit: "ms", better: "lower", goal: 1 });
    console.log(
      `client-vs-client-node: ${c.name}: ours median ${m.toFixed(2)} ms, client-node ${o.toFixed(2)} ms; ratio ${(m / o).toFixed(2)}x (goal <= 1) ${m <= o ? "OK" : "SLOWER"}`,
    );
  }
  recordBenchResults("client-vs-client-node", figures);
} finally {
  agents.destroy();
  await server.stop();
}
