// An informer's initial sync of 10,000 ConfigMaps from the test server (in a child process, so its
// heap counts for neither side), by streaming list (a watch with sendInitialEvents, client-go's
// default since v0.35) against the paged list and watch it falls back to (the only way against a
// 1.24 server). The figure is the peak heap above the collected heap before the informer started,
// sampled every millisecond and at every add through the sync, median of rounds in which the two
// alternate. Goal (issue 27): the streaming list's peak at most half the paged list's. Beside it,
// the time to sync (no goal). STREAMING_BENCH_N shrinks the run. Run with --expose-gc.
import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { AgentPool, ResourceClient, SharedIndexInformer, createTransport, loadKubeConfig } from "@kube-codegen/runtime";
import type { KubeObject, ResourceDescription } from "@kube-codegen/runtime";
import { recordBenchResults } from "./results.js";

const OBJECTS = Number(process.env["STREAMING_BENCH_N"] ?? 10_000);
const ROUNDS = 5;
const NS = "bench";
const CONFIGMAPS: ResourceDescription = { group: "", version: "v1", plural: "configmaps", kind: "ConfigMap", namespaced: true };

/** A ConfigMap of about a kilobyte, as an application's settings are. */
function configMap(i: number): Record<string, unknown> {
  const data: Record<string, string> = {};
  for (let k = 0; k < 8; k++) data[`key-${k}`] = `value ${i} ${k} `.repeat(10);
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: `cm-${String(i).padStart(5, "0")}`, namespace: NS, labels: { app: "bench", shard: String(i % 16) } },
    data,
  };
}

if (process.argv[2] === "server") {
  const { startTestApiServer } = await import("../testing/src/index.js");
  const server = await startTestApiServer({
    crds: [],
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } }, ...Array.from({ length: OBJECTS }, (_, i) => configMap(i))],
    tls: false,
  });
  process.send!({ kubeconfigPath: server.kubeconfigPath });
  process.on("disconnect", () => void server.stop().then(() => process.exit(0)));
  await new Promise(() => {});
}

const child = fork(import.meta.filename, ["server"], { execArgv: ["--import", "tsx"], stdio: "inherit" });
const { kubeconfigPath } = await new Promise<{ kubeconfigPath: string }>((resolve, reject) => {
  child.once("message", (m) => resolve(m as { kubeconfigPath: string }));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});
const agents = new AgentPool();
const client = new ResourceClient<KubeObject>(createTransport(loadKubeConfig({ kubeconfig: kubeconfigPath }), { agents }), CONFIGMAPS, NS);

/**
 * The heap after collection, once a stopped informer's last sockets and callbacks have let go of it
 * (they do within a few event-loop turns of the stop: measured at once, the previous informer's
 * whole cache would still count, and the next round's peak would read as nothing).
 */
async function collected(): Promise<number> {
  await new Promise((r) => setTimeout(r, 100));
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

interface Sync {
  peakBytes: number;
  /** The synced cache itself: the collected heap once synced, above the collected heap before. */
  cacheBytes: number;
  syncMs: number;
}

/** One informer, from start to synced; its peak heap above the collected heap before it started. */
async function sync(useWatchList: boolean): Promise<Sync> {
  const base = await collected();
  let peak = base;
  const sample = (): void => {
    const used = process.memoryUsage().heapUsed;
    if (used > peak) peak = used;
  };
  const timer = setInterval(sample, 1);
  const informer = new SharedIndexInformer<KubeObject>(client, { reflector: { useWatchList }, onError: (e) => console.error(e) });
  let added = 0;
  let resolveSynced!: () => void;
  const synced = new Promise<void>((r) => (resolveSynced = r));
  informer.addEventHandler({
    onAdd: () => {
      sample();
      if (++added === OBJECTS) resolveSynced();
    },
  });
  const ac = new AbortController();
  const t0 = performance.now();
  const running = informer.run(ac.signal);
  await synced;
  await informer.idle();
  sample();
  const syncMs = performance.now() - t0;
  clearInterval(timer);
  const cacheBytes = (await collected()) - base;
  if (informer.getIndexer().list().length !== OBJECTS)
    throw new Error(`useWatchList=${useWatchList}: the cache does not hold every object`);
  ac.abort();
  await running;
  return { peakBytes: peak - base, cacheBytes, syncMs };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const runs = { streaming: [] as Sync[], paged: [] as Sync[] };
// A warm-up pair, not counted: both paths' code reaches its steady state.
await sync(true);
await sync(false);
for (let r = 0; r < ROUNDS; r++) {
  for (const streaming of r % 2 === 0 ? [true, false] : [false, true]) runs[streaming ? "streaming" : "paged"].push(await sync(streaming));
}
const peak = { streaming: median(runs.streaming.map((s) => s.peakBytes)), paged: median(runs.paged.map((s) => s.peakBytes)) };
// What the sync held beyond the cache it built (the list's pages or the watch's chunks, and their garbage).
const transient = {
  streaming: median(runs.streaming.map((s) => s.peakBytes - s.cacheBytes)),
  paged: median(runs.paged.map((s) => s.peakBytes - s.cacheBytes)),
};
const cache = median([...runs.streaming, ...runs.paged].map((s) => s.cacheBytes));
const time = { streaming: median(runs.streaming.map((s) => s.syncMs)), paged: median(runs.paged.map((s) => s.syncMs)) };
const mb = (b: number): string => `${(b / 1e6).toFixed(1)} MB`;
console.log(
  `streaming-list: ${OBJECTS} ConfigMaps, median of ${ROUNDS}: peak heap during sync, streaming ${mb(peak.streaming)}, paged ${mb(peak.paged)} (ratio ${(peak.streaming / peak.paged).toFixed(2)}x, goal <= 0.5), of which the synced cache ${mb(cache)}; above the cache, streaming ${mb(transient.streaming)}, paged ${mb(transient.paged)}; sync ${time.streaming.toFixed(0)} ms against ${time.paged.toFixed(0)} ms`,
);
recordBenchResults("streaming-list", [
  {
    name: `peak heap during sync, ${OBJECTS} objects: streaming list vs paged list`,
    ours: peak.streaming / 1e6,
    baseline: peak.paged / 1e6,
    unit: "MB",
    better: "lower",
    goal: 0.5,
  },
  {
    name: `peak heap above the synced cache, ${OBJECTS} objects: streaming list vs paged list`,
    ours: transient.streaming / 1e6,
    baseline: transient.paged / 1e6,
    unit: "MB",
    better: "lower",
  },
  {
    name: `initial sync time, ${OBJECTS} objects: streaming list vs paged list`,
    ours: time.streaming,
    baseline: time.paged,
    unit: "ms",
    better: "lower",
  },
]);
agents.destroy();
child.disconnect();
