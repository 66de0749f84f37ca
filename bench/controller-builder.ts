// A controller built with the builder on a Manager (`newControllerManagedBy(mgr).for(Foo)`) takes
// 10,000 Foos through its reconcile, beside the same reconcile hand-wired as sample-controller is
// (a shared informer, an event handler queueing keys on a RateLimitingQueue, runWorkers), in the
// same run against the same server: reconciles per second from the start of the controller to the
// last object's first reconcile, and the latency from each object's informer event (a handler
// registered on the same informer before it starts) to the start of its reconcile, p50 and p99.
// The reconcile reads its object from the cache, as a controller's first step does, so the
// figures are the controller machinery's: informer, handlers, predicates, queue, workers. The
// server runs in a child process with the objects created at its start, so its CPU and its writes
// are not charged to the controllers; the two contenders alternate in rounds after a warm-up, and
// the medians are reported. CONTROLLER_BENCH_N shrinks the run.
import { performance } from "node:perf_hooks";
import { fork } from "node:child_process";
import { join } from "node:path";
import {
  Manager,
  RateLimitingQueue,
  SharedInformerFactory,
  createTransport,
  loadKubeConfig,
  metaNamespaceKeyFunc,
  newControllerManagedBy,
  runWorkers,
  splitMetaNamespaceKey,
} from "@kube-codegen/runtime";
import type { KubeObject, ResourceDescription } from "@kube-codegen/runtime";
import { recordBenchResults } from "./results.js";

const OBJECTS = Number(process.env["CONTROLLER_BENCH_N"] ?? 10_000);
const ROUNDS = 3;
const WARMUP_ROUNDS = 1;
const WORKERS = 2;
const NS = "bench";
const STAGE_MS = 120_000;
const CRD_DIR = join(import.meta.dirname, "../generated-examples/sample-controller/config/crd/bases");
const FOOS: ResourceDescription = { group: "samplecontroller.k8s.io", version: "v1alpha1", plural: "foos", kind: "Foo", namespaced: true };

if (process.argv[2] === "server") {
  const { loadCrds, startTestApiServer } = await import("@kube-codegen/testing");
  const objects: Record<string, unknown>[] = [{ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } }];
  for (let i = 0; i < OBJECTS; i++)
    objects.push({
      apiVersion: "samplecontroller.k8s.io/v1alpha1",
      kind: "Foo",
      metadata: { name: `foo-${String(i).padStart(5, "0")}`, namespace: NS, labels: { app: "bench", shard: String(i % 16) } },
      spec: { deploymentName: `deploy-${String(i)}`, replicas: 1 + (i % 3) },
    });
  const server = await startTestApiServer({ crds: loadCrds(CRD_DIR), objects });
  process.send?.({ kubeconfig: server.kubeconfigPath });
  process.on("message", () => {
    void server.stop().then(() => process.exit(0));
  });
} else {
  const child = fork(import.meta.filename, ["server"], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const { kubeconfig } = await new Promise<{ kubeconfig: string }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { kubeconfig: string }));
    child.once("exit", (code) => reject(new Error(`bench server exited (${String(code)})`)));
  });
  const config = loadKubeConfig({ kubeconfig });

  interface Round {
    readonly perSecond: number;
    readonly p50: number;
    readonly p99: number;
  }

  // What both contenders share: the times of each key's first event and first reconcile, and the
  // promise of the last one.
  function tracker() {
    const events = new Map<string, number>();
    const latencies: number[] = [];
    const seen = new Set<string>();
    let done!: () => void;
    const all = new Promise<void>((r) => (done = r));
    return {
      all,
      event(obj: KubeObject): void {
        const key = metaNamespaceKeyFunc(obj);
        if (!events.has(key)) events.set(key, performance.now());
      },
      reconciled(key: string): void {
        if (seen.has(key)) return;
        seen.add(key);
        latencies.push(performance.now() - (events.get(key) ?? performance.now()));
        if (seen.size === OBJECTS) done();
      },
      result(ms: number): Round {
        const sorted = [...latencies].sort((a, b) => a - b);
        const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
        return { perSecond: OBJECTS / (ms / 1000), p50: at(0.5), p99: at(0.99) };
      },
    };
  }

  const timeout = (what: string) =>
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`controller bench: ${what} took over ${String(STAGE_MS)} ms`)), STAGE_MS).unref(),
    );

  async function builderRound(): Promise<Round> {
    const t = tracker();
    const mgr = new Manager({ config, cache: { namespace: NS } });
    const foos = mgr.getCache().forResource(FOOS);
    foos.informer.addEventHandler({ onAdd: (o) => t.event(o), onUpdate: (_o, n) => t.event(n) });
    const client = mgr.getClient();
    newControllerManagedBy(mgr, { name: "bench", maxConcurrentReconciles: WORKERS })
      .for(FOOS)
      .complete(async (req) => {
        await client.get(FOOS, req.namespace, req.name);
        t.reconciled(`${req.namespace}/${req.name}`);
      });
    const stop = new AbortController();
    const start = performance.now();
    const running = mgr.start(stop.signal);
    await Promise.race([t.all, timeout("the builder's round")]);
    const ms = performance.now() - start;
    stop.abort();
    await running;
    return t.result(ms);
  }

  async function handWiredRound(): Promise<Round> {
    const t = tracker();
    const factory = new SharedInformerFactory(createTransport(config), { namespace: NS });
    const foos = factory.forResource(FOOS);
    foos.informer.addEventHandler({ onAdd: (o) => t.event(o), onUpdate: (_o, n) => t.event(n) });
    const queue = new RateLimitingQueue<string>();
    foos.informer.addEventHandler({
      onAdd: (o) => queue.add(metaNamespaceKeyFunc(o)),
      onUpdate: (_o, n) => queue.add(metaNamespaceKeyFunc(n)),
    });
    const stop = new AbortController();
    const start = performance.now();
    factory.start(stop.signal);
    await factory.waitForCacheSync(stop.signal);
    const workers = runWorkers(queue, {
      workers: WORKERS,
      signal: stop.signal,
      reconcile: (key) => {
        const { namespace, name } = splitMetaNamespaceKey(key);
        structuredClone(foos.lister.namespaced(namespace).get(name));
        t.reconciled(key);
        return Promise.resolve();
      },
    });
    await Promise.race([t.all, timeout("the hand-wired round")]);
    const ms = performance.now() - start;
    stop.abort();
    await workers;
    await factory.shutdown();
    return t.result(ms);
  }

  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const ours: Round[] = [];
  const theirs: Round[] = [];
  try {
    for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
      const b = await builderRound();
      const h = await handWiredRound();
      if (i >= WARMUP_ROUNDS) {
        ours.push(b);
        theirs.push(h);
      }
    }
  } finally {
    child.send("stop");
  }
  const m = (rs: Round[], k: keyof Round) => median(rs.map((r) => r[k]));
  console.log(
    `controller-builder: ${String(OBJECTS)} Foos, ${String(WORKERS)} workers; builder on a Manager ${m(ours, "perSecond").toFixed(0)} reconciles/s, event→reconcile p50 ${m(ours, "p50").toFixed(0)} ms, p99 ${m(ours, "p99").toFixed(0)} ms`,
  );
  console.log(
    `controller-builder: hand-wired (informer + queue + runWorkers) ${m(theirs, "perSecond").toFixed(0)} reconciles/s, p50 ${m(theirs, "p50").toFixed(0)} ms, p99 ${m(theirs, "p99").toFixed(0)} ms`,
  );
  recordBenchResults("controller-builder", [
    {
      name: "reconciles per second, builder vs hand-wired",
      ours: m(ours, "perSecond"),
      baseline: m(theirs, "perSecond"),
      unit: "reconciles/s",
      better: "higher",
    },
    {
      name: "event to reconcile p50, builder vs hand-wired",
      ours: m(ours, "p50"),
      baseline: m(theirs, "p50"),
      unit: "ms",
      better: "lower",
    },
    {
      name: "event to reconcile p99, builder vs hand-wired",
      ours: m(ours, "p99"),
      baseline: m(theirs, "p99"),
      unit: "ms",
      better: "lower",
    },
  ]);
}
