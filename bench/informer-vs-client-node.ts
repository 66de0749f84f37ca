// STATUS: work in progress, not yet in bench/index.ts: with the front server below, the client-node
// replay round does not finish (cause not yet found); see the branch report of h-i11-bench.
// Informer beside @kubernetes/client-node 1.x's makeInformer, in one run against the same
// test API server (in a child process) with the same 10,000 Foos: initial sync time, event throughput and
// heap per cached object, plus the cost of only splitting and JSON.parse-ing the same watch stream.
// Goals (issue 11): at least 2x client-node's event throughput, no more heap per object, and
// within 3x of the bare parse.
//
// The 10,000 updates of the burst are made once, before any informer runs, and kept in the
// server's history. Each informer then lists at exactly the version before the burst and watches
// from there, so the server replays the whole burst as fast as the client takes it: the delivery
// rate (first to last handler call) is the client's, not the writers'. Ours and theirs alternate in
// rounds so machine noise lands on both. Run with --expose-gc (bench/index.ts passes it).
import { performance } from "node:perf_hooks";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fork } from "node:child_process";
import { dirname, join } from "node:path";
import { CustomObjectsApi, KubeConfig, makeInformer } from "@kubernetes/client-node";
import type { KubernetesListObject, KubernetesObject } from "@kubernetes/client-node";
import { AgentPool, ResourceClient, SharedIndexInformer, createTransport, loadKubeConfig } from "@kube-codegen/runtime";
import type { ListerWatcher, ResourceDescription } from "@kube-codegen/runtime";
import type { Foo, FooList } from "../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { loadCrds, startTestApiServer } from "../src/testing/index.js";

// INFORMER_BENCH_N shrinks the run for a quick check of the harness itself.
const OBJECTS = Number(process.env["INFORMER_BENCH_N"] ?? 10_000);
const UPDATES = OBJECTS;
const ROUNDS = 3;
const NS = "bench";
const IN_FLIGHT = 16;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc && process.argv[2] !== "server") {
  console.error("informer-vs-client-node: run with node --expose-gc (npm run bench does)");
  process.exit(1);
}

const FOOS: ResourceDescription = { group: "samplecontroller.k8s.io", version: "v1alpha1", plural: "foos", kind: "Foo", namespaced: true };
const coords = { group: FOOS.group, version: FOOS.version, plural: FOOS.plural, namespace: NS };
const name = (i: number): string => `foo-${String(i).padStart(5, "0")}`;

function foo(i: number): Record<string, unknown> {
  return {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name: name(i), namespace: NS, labels: { app: "bench", shard: String(i % 7) } },
    spec: { deploymentName: `deploy-${i}`, replicas: (i % 5) + 1 },
    status: { availableReplicas: 0 },
  };
}

// The server runs in a child process (this file, with the argument "server"): its replay of the
// burst and its own heap must count against neither client.
if (process.argv[2] === "server") {
  const server = await startTestApiServer({
    crds: loadCrds(join(import.meta.dirname, "../generated-examples/sample-controller/config/crd/bases")),
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } }, ...Array.from({ length: OBJECTS }, (_, i) => foo(i))],
    historySize: 4 * UPDATES,
    tls: false,
  });
  const agents = new AgentPool();
  const client = new ResourceClient<Foo, FooList>(
    createTransport(loadKubeConfig({ kubeconfig: server.kubeconfigPath }), { agents }),
    FOOS,
    NS,
  );
  // The burst: one update of each object in turn, with several requests in flight.
  const before = server.currentResourceVersion();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < UPDATES; i = next++)
      await client.patch(name(i % OBJECTS), "merge", { spec: { replicas: (((i % 5) + 1) % 10) + 1 } });
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  agents.destroy();
  const moved = Number(server.currentResourceVersion()) - Number(before);
  if (moved !== UPDATES) throw new Error(`burst: expected ${UPDATES} versions, the server moved ${moved}`);
  // The burst's watch stream, recorded once and served by a front server that writes it whole, so
  // the test server's own replay speed bounds neither client; everything else goes to the server.
  const watchPath = `/apis/${FOOS.group}/${FOOS.version}/namespaces/${NS}/${FOOS.plural}`;
  const recorded = await recordWatch(server.url, watchPath, before, server.token);
  const upstream = new URL(server.url);
  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://front");
    if (url.pathname === watchPath && url.searchParams.get("watch") === "true" && url.searchParams.get("resourceVersion") === before) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(recorded);
      return;
    }
    const p = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    p.on("error", () => res.destroy());
    res.on("close", () => p.destroy());
    req.pipe(p);
  });
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
  const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const kubeconfig = { ...server.kubeconfig, clusters: server.kubeconfig.clusters.map((c) => ({ ...c, cluster: { server: frontUrl } })) };
  const kubeconfigPath = join(mkdtempSync(join(tmpdir(), "informer-bench-")), "kubeconfig");
  writeFileSync(kubeconfigPath, JSON.stringify(kubeconfig));
  const info: ServerInfo = { kubeconfigPath, url: frontUrl, token: server.token, before };
  process.send!(info);
  process.on("disconnect", () => {
    front.closeAllConnections();
    front.close();
    rmSync(dirname(kubeconfigPath), { recursive: true, force: true });
    void server.stop().then(() => process.exit(0));
  });
  await new Promise(() => {});
}

interface ServerInfo {
  kubeconfigPath: string;
  url: string;
  token: string;
  before: string;
}

const child = fork(import.meta.filename, ["server"], { execArgv: ["--import", "tsx"], stdio: "inherit" });
const server = await new Promise<ServerInfo>((resolve, reject) => {
  child.once("message", (m) => resolve(m as ServerInfo));
  child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
});
const before = server.before;
const agents = new AgentPool();
const transport = createTransport(loadKubeConfig({ kubeconfig: server.kubeconfigPath }), { agents });
const client = new ResourceClient<Foo, FooList>(transport, FOOS, NS);
const kc = new KubeConfig();
kc.loadFromFile(server.kubeconfigPath);
const api = kc.makeApiClient(CustomObjectsApi);

interface Run {
  syncMs: number;
  eventsPerSec: number;
  bytesPerObject: number;
}

function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

// Resolves with the time of the last of `n` calls of the returned tick, remembering the first.
function counter(n: number): { tick: () => void; done: Promise<{ first: number; last: number }> } {
  let seen = 0;
  let first = 0;
  let resolve!: (v: { first: number; last: number }) => void;
  const done = new Promise<{ first: number; last: number }>((r) => (resolve = r));
  return {
    tick: () => {
      if (seen === 0) first = performance.now();
      if (++seen === n) resolve({ first, last: performance.now() });
    },
    done,
  };
}

// Sync: an informer as a program would make it, over the current 10,000 objects; the heap with its
// cache full, less the heap once it is stopped and unreachable, is what the informer keeps.
// Events: an informer that lists at the version before the burst, so its watch replays the
// burst; the rate is from the watch's start to the last handler call.
async function ours(replay: boolean): Promise<Run> {
  let watchStart = 0;
  const lw: ListerWatcher<Foo> = replay
    ? {
        list: () => client.list({ resourceVersion: before, resourceVersionMatch: "Exact" }),
        watch: (o) => ((watchStart = performance.now()), client.watch(o)),
      }
    : client;
  const informer = new SharedIndexInformer<Foo>(lw);
  const updates = counter(UPDATES);
  const synced = counter(OBJECTS);
  informer.addEventHandler({ onAdd: synced.tick, onUpdate: updates.tick });
  const ac = new AbortController();
  const t0 = performance.now();
  const running = informer.run(ac.signal);
  const s = await synced.done;
  const out: Run = { syncMs: s.last - t0, eventsPerSec: 0, bytesPerObject: 0 };
  if (replay) out.eventsPerSec = UPDATES / (((await updates.done).last - watchStart) / 1000);
  else {
    await informer.idle();
    out.bytesPerObject = heap();
  }
  if (informer.getIndexer().list().length !== OBJECTS) throw new Error("ours: cache does not hold every object");
  ac.abort();
  // FIXME(issue 11): through this bench's proxy, run() has been seen not to settle after abort;
  // bounded here so the figures still print, and reported for a fix in the reflector or watch.
  await Promise.race([running, new Promise((r) => setTimeout(r, 2000).unref())]);
  return out;
}

async function theirs(replay: boolean): Promise<Run> {
  const listFn = (): Promise<KubernetesListObject<KubernetesObject>> =>
    api.listNamespacedCustomObject(replay ? { ...coords, resourceVersion: before, resourceVersionMatch: "Exact" } : coords) as Promise<
      KubernetesListObject<KubernetesObject>
    >;
  const informer = makeInformer(kc, `/apis/${FOOS.group}/${FOOS.version}/namespaces/${NS}/${FOOS.plural}`, listFn);
  const updates = counter(UPDATES);
  const synced = counter(OBJECTS);
  informer.on("add", synced.tick);
  informer.on("update", updates.tick);
  const t0 = performance.now();
  await informer.start();
  // Its adds are called synchronously as the list is stored, just before its watch is opened.
  const s = await synced.done;
  const out: Run = { syncMs: s.last - t0, eventsPerSec: 0, bytesPerObject: 0 };
  if (replay) out.eventsPerSec = UPDATES / (((await updates.done).last - s.last) / 1000);
  else out.bytesPerObject = heap();
  if (informer.list(NS).length !== OBJECTS) throw new Error("client-node: cache does not hold every object");
  await informer.stop().catch(() => {});
  return out;
}

// The bytes of the watch from the version before the burst, as a raw stream, up to its last event.
async function recordWatch(base: string, path: string, rv: string, token: string): Promise<Buffer> {
  const url = new URL(`${base}${path}`);
  url.search = new URLSearchParams({ watch: "true", resourceVersion: rv, allowWatchBookmarks: "true" }).toString();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      let lines = 0;
      res.on("data", (c: Buffer) => {
        chunks.push(c);
        for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
        if (lines >= UPDATES) {
          req.destroy();
          resolve(Buffer.concat(chunks));
        }
      });
      res.on("error", reject);
    });
    req.on("error", (e) => (req.destroyed ? undefined : reject(e)));
  });
}

// Only the framing and the parse: split on newlines, JSON.parse each line.
function bareParse(stream: Buffer): number {
  let events = 0;
  let start = 0;
  for (let nl = stream.indexOf(10); nl !== -1; nl = stream.indexOf(10, start)) {
    const ev = JSON.parse(stream.toString("utf8", start, nl)) as { type: string };
    if (ev.type === "MODIFIED") events++;
    start = nl + 1;
  }
  return events;
}

// A sync run, its heap figure turned into bytes per object.
async function withHeap(run: () => Promise<Run>): Promise<Run> {
  const r = await run();
  await new Promise((resolve) => setTimeout(resolve, 200)); // sockets and timers let go
  return { ...r, bytesPerObject: (r.bytesPerObject - heap()) / OBJECTS };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const stream = await recordWatch(server.url, `/apis/${FOOS.group}/${FOOS.version}/namespaces/${NS}/${FOOS.plural}`, before, server.token);
  const parseRates: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    const n = bareParse(stream);
    parseRates.push(n / ((performance.now() - t) / 1000));
  }
  await ours(true); // warm both clients' code and connections
  await theirs(true);
  const [mine, other, mineR, otherR]: [Run[], Run[], Run[], Run[]] = [[], [], [], []];
  for (let r = 0; r < ROUNDS; r++) {
    mine.push(await withHeap(() => ours(false)));
    other.push(await withHeap(() => theirs(false)));
    mineR.push(await ours(true));
    otherR.push(await theirs(true));
  }
  const m = (k: keyof Run, runs: Run[]): number => median(runs.map((x) => x[k]));
  const [mSync, oSync] = [m("syncMs", mine), m("syncMs", other)];
  const [mRate, oRate] = [m("eventsPerSec", mineR), m("eventsPerSec", otherR)];
  const [mHeap, oHeap] = [m("bytesPerObject", mine), m("bytesPerObject", other)];
  const parse = median(parseRates);
  const tag = (ok: boolean): string => (ok ? "OK" : "MISSED");
  const p = `informer-vs-client-node (${OBJECTS} objects, ${UPDATES} updates, median of ${ROUNDS})`;
  console.log(`${p}: sync ours ${mSync.toFixed(0)} ms, client-node ${oSync.toFixed(0)} ms; ratio ${(mSync / oSync).toFixed(2)}x`);
  console.log(
    `${p}: events ours ${mRate.toFixed(0)}/s, client-node ${oRate.toFixed(0)}/s; ${(mRate / oRate).toFixed(2)}x (goal >= 2) ${tag(mRate >= 2 * oRate)}`,
  );
  console.log(
    `${p}: heap per object ours ${mHeap.toFixed(0)} B, client-node ${oHeap.toFixed(0)} B; ratio ${(mHeap / oHeap).toFixed(2)}x (goal <= 1) ${tag(mHeap <= oHeap)}`,
  );
  console.log(
    `${p}: bare split+JSON.parse of the same stream ${parse.toFixed(0)} events/s (${stream.length} bytes); ours is ${(parse / mRate).toFixed(2)}x slower (goal <= 3) ${tag(parse <= 3 * mRate)}, client-node ${(parse / oRate).toFixed(2)}x`,
  );
} finally {
  agents.destroy();
  child.disconnect();
}
