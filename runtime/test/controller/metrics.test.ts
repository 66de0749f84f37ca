// A Manager's metrics, as controller-runtime's: a builder controller on a Manager with metrics on
// reconciles Foos that succeed, fail, fail terminally, requeue and requeue after a delay; /metrics
// is scraped over HTTP, parsed as Prometheus text (parse-prometheus-text-format) and every family
// checked by controller-runtime's names and labels: reconciles, workqueue, REST requests, leader
// election, beside a metric of the program's own on the same registry. Against the test server.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { MetricFamily as Family } from "parse-prometheus-text-format";
import { Counter, Registry, register as globalRegister } from "prom-client";
import { BuiltinClientset, Manager, TerminalError, newControllerManagedBy } from "../../src/index.js";
import type { ReconcileResult } from "../../src/index.js";
import { until } from "../../../test/helpers/until.js";
import { FOOS, foo, startHarness, type Harness } from "../api-server.js";

const NS = "metrics";
let h: Harness;
before(async () => {
  h = await startHarness(NS);
});
after(async () => {
  await h.close();
});

async function scrape(mgr: Manager, path = "/metrics"): Promise<{ status: number; type: string | null; text: string }> {
  const port = mgr.metricsAddress()!.port;
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

function families(text: string): Map<string, Family> {
  return new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
}

/** The value of the one series of counter or gauge `name` whose labels are exactly `labels`. */
function value(fams: Map<string, Family>, name: string, labels: Record<string, string>): number | undefined {
  const fam = fams.get(name);
  if (!fam) return undefined;
  // parse-prometheus-text-format folds a histogram's series into one and keeps neither their
  // labels nor, with labels, their _count: histograms are read with histogramCount.
  assert.notEqual(fam.type, "HISTOGRAM", `${name} is a histogram`);
  const found = fam.metrics.filter((m) => JSON.stringify(sorted(m.labels ?? {})) === JSON.stringify(sorted(labels)));
  assert.ok(found.length <= 1, `${name}: ${found.length} series with ${JSON.stringify(labels)}`);
  const m = found[0];
  if (!m) return undefined;
  return Number(m.value ?? m.count);
}

/** The _count of the series of histogram `name` with exactly `labels` (in the order prom-client writes them), from the text. */
function histogramCount(text: string, name: string, labels: Record<string, string>): number | undefined {
  const l = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const line = text.split("\n").find((x) => x.startsWith(`${name}_count{${l}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

function sorted(labels: Record<string, string>): [string, string][] {
  return Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1));
}

test("a Manager serves controller-runtime's metrics at /metrics: reconciles, workqueue, REST requests, leader election, and the program's own", async () => {
  const registry = new Registry();
  const own = new Counter({ name: "my_app_widgets_total", help: "Widgets made.", registers: [registry] });
  own.inc(3);
  const lease = "metrics-test-lease";
  const mgr = new Manager({
    config: h.transport,
    metrics: { bindAddress: "127.0.0.1:0", registry },
    leaderElection: {
      lock: { client: new BuiltinClientset(h.transport).coordinationV1(), namespace: NS, name: lease },
      identity: "metrics-test",
      leaseDuration: 2000,
      renewDeadline: 1500,
      retryPeriod: 200,
      releaseOnCancel: true,
    },
  });
  // Each Foo's name says what its reconciles do: the first pass of "boom", "again" and "later"
  // errs, requeues and requeues after 20 ms, the second succeeds; "fatal" fails terminally.
  const passes = new Map<string, number>();
  newControllerManagedBy(mgr, { maxConcurrentReconciles: 2, onError: () => {} })
    .for(FOOS)
    // eslint-disable-next-line @typescript-eslint/require-await -- a reconciler returns a promise
    .complete(async (req): Promise<ReconcileResult | undefined> => {
      const n = (passes.get(req.name) ?? 0) + 1;
      passes.set(req.name, n);
      if (req.name === "fatal") throw new TerminalError("cannot be mended");
      if (n > 1) return undefined;
      if (req.name === "boom") throw new Error("transient");
      if (req.name === "again") return { requeue: true };
      if (req.name === "later") return { requeueAfterMs: 20 };
      return undefined;
    });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  const c = { controller: "foo" };
  const q = { name: "foo", controller: "foo" };
  try {
    await mgr.elected();
    for (const name of ["ok", "boom", "again", "later", "fatal"]) await h.foos.create(foo(name));
    const text = await until("every pass counted", async () => {
      const t = (await scrape(mgr)).text;
      return histogramCount(t, "controller_runtime_reconcile_time_seconds", c) === 8 ? t : undefined;
    });
    const fams = families(text);
    const total = (result: string): number | undefined => value(fams, "controller_runtime_reconcile_total", { ...c, result });
    assert.deepEqual(
      { success: total("success"), error: total("error"), requeue: total("requeue"), requeue_after: total("requeue_after") },
      { success: 4, error: 2, requeue: 1, requeue_after: 1 },
    );
    assert.equal(value(fams, "controller_runtime_reconcile_errors_total", c), 2);
    assert.equal(value(fams, "controller_runtime_terminal_reconcile_errors_total", c), 1);
    assert.equal(value(fams, "controller_runtime_max_concurrent_reconciles", c), 2);
    assert.equal(value(fams, "controller_runtime_active_workers", c), 0);
    const time = fams.get("controller_runtime_reconcile_time_seconds")!;
    assert.equal(time.type, "HISTOGRAM");
    assert.deepEqual(
      Object.keys(time.metrics[0]!.buckets!)
        .map((le) => (le === "+Inf" ? Infinity : Number(le)))
        .sort((a, b) => a - b),
      [
        0.005,
        0.01,
        0.025,
        0.05,
        0.1,
        0.15,
        0.2,
        0.25,
        0.3,
        0.35,
        0.4,
        0.45,
        0.5,
        0.6,
        0.7,
        0.8,
        0.9,
        1,
        1.25,
        1.5,
        1.75,
        2,
        2.5,
        3,
        3.5,
        4,
        4.5,
        5,
        6,
        7,
        8,
        9,
        10,
        15,
        20,
        25,
        30,
        40,
        50,
        60,
        Infinity,
      ],
    );
    assert.equal(fams.get("controller_runtime_reconcile_total")!.type, "COUNTER");

    // The queue, named after its controller, labelled with both (and depth with an empty priority).
    assert.equal(value(fams, "workqueue_depth", { ...q, priority: "" }), 0);
    // Five creates, and the three retries (one rate-limited after the error, one for requeue, one after 20 ms) added when due.
    assert.equal(value(fams, "workqueue_adds_total", q), 8);
    assert.equal(value(fams, "workqueue_retries_total", q), 3);
    assert.equal(histogramCount(text, "workqueue_queue_duration_seconds", q), 8);
    assert.equal(histogramCount(text, "workqueue_work_duration_seconds", q), 8);
    // The buckets carry the series' labels (prom-client writes le first, Go's client last: either is the format).
    assert.match(text, /^workqueue_work_duration_seconds_bucket\{le="1e-8",name="foo",controller="foo"\} \d+$/m);
    assert.deepEqual(
      Object.keys(fams.get("workqueue_work_duration_seconds")!.metrics[0]!.buckets!)
        .map((le) => (le === "+Inf" ? Infinity : Number(le)))
        .sort((a, b) => a - b),
      [1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.01, 0.1, 1, 10, 100, 1000, Infinity],
    );
    assert.equal(typeof value(fams, "workqueue_unfinished_work_seconds", q), "number");
    assert.equal(typeof value(fams, "workqueue_longest_running_processor_seconds", q), "number");

    // Every request of the process, as client-go's: the creates above were POSTs answered 201.
    const host = new URL(h.transport.config.server).host;
    assert.ok(value(fams, "rest_client_requests_total", { code: "201", method: "POST", host })! >= 5);
    assert.ok(value(fams, "rest_client_requests_total", { code: "200", method: "GET", host })! >= 1);
    assert.equal(value(fams, "leader_election_master_status", { name: lease }), 1);
    assert.equal(value(fams, "my_app_widgets_total", {}), 3, "the program's own metric, on the same registry");

    const res = await scrape(mgr);
    assert.equal(res.status, 200);
    assert.match(res.type ?? "", /^text\/plain; version=0\.0\.4/);
    assert.equal((await scrape(mgr, "/other")).status, 404);
  } finally {
    stop.abort();
    await running;
  }
  assert.equal(mgr.metricsAddress()?.port, undefined, "the metrics server closed with the manager");
  const after = families(await registry.metrics());
  assert.equal(value(after, "leader_election_master_status", { name: lease }), 0, "stepped down: 0");
});

test("without a registry, the metrics go on prom-client's global register, with the program's own", async () => {
  const own = new Counter({ name: "my_app_global_total", help: "On the global register." });
  own.inc();
  const mgr = new Manager({ config: h.transport, metrics: { bindAddress: "127.0.0.1:0" } });
  const controller = newControllerManagedBy(mgr, { name: "globally" })
    .for(FOOS)
    .complete(async () => {});
  // Queued before start(), before prom-client is loaded: kept, and counted once it is.
  controller.queue.add(`${NS}/early`);
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    const fams = await until("the controller's metrics", async () => {
      const f = mgr.metricsAddress() ? families((await scrape(mgr)).text) : undefined;
      return f && value(f, "controller_runtime_max_concurrent_reconciles", { controller: "globally" }) !== undefined ? f : undefined;
    });
    assert.equal(value(fams, "my_app_global_total", {}), 1);
    assert.equal(value(fams, "controller_runtime_max_concurrent_reconciles", { controller: "globally" }), 1);
    assert.ok(globalRegister.getSingleMetric("controller_runtime_reconcile_total"));
    // One add per Foo the informer lists, and the early one.
    const foos = (await h.foos.list()).items.length;
    await until("every add counted", async () => {
      const adds = value(families((await scrape(mgr)).text), "workqueue_adds_total", { name: "globally", controller: "globally" });
      return adds === foos + 1;
    });
  } finally {
    stop.abort();
    await running;
  }
});

test("metrics take a bind address as controller-runtime's; a bad one fails when the Manager is made", () => {
  assert.throws(() => new Manager({ metrics: { bindAddress: "localhost" } }), /bind address "localhost" is not host:port/);
  assert.equal(new Manager({ metrics: { bindAddress: "0" } }).getMetrics(), undefined, '"0" turns metrics off');
  assert.ok(new Manager({ metrics: { bindAddress: ":0" } }).getMetrics());
});

test("a controller on a Manager with metrics that never runs (a standby replica's) does not keep the process alive", () => {
  // Its queue tracks unfinished work on a timer from the moment it is made; the Manager never
  // runs the controller here, so nothing shuts the queue down: the process must exit regardless.
  const entry = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
  const script = `
    const { Manager, SharedIndexInformer, newControllerManagedBy } = await import(${JSON.stringify(entry)});
    const mgr = new Manager({ metrics: { bindAddress: "127.0.0.1:0" } });
    const informer = new SharedIndexInformer({ list: async () => ({ items: [], metadata: {} }), async *watch() {} });
    newControllerManagedBy(mgr, { name: "standby" }).for(informer, { group: "", kind: "Pod", namespaced: true }).complete(async () => {});
  `;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
    timeout: 20_000,
  });
  assert.equal(r.signal, null, "the process had to be killed");
  assert.equal(r.status, 0, r.stderr);
});

test("with metrics off, prom-client is never loaded; with them on, it is", () => {
  // A fresh process: it runs a Manager without metrics, then one with them, and says after each
  // whether any module of prom-client was loaded.
  const entry = fileURLToPath(new URL("../../src/controller/index.ts", import.meta.url));
  const script = `
    import { createRequire } from "node:module";
    const { Manager } = await import(${JSON.stringify(entry)});
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\\\/]node_modules[\\\\/]prom-client[\\\\/]/.test(f));
    const run = async (options) => {
      const stop = new AbortController();
      const running = new Manager(options).start(stop.signal);
      await new Promise((r) => setTimeout(r, 50));
      stop.abort();
      await running;
    };
    await run({});
    await run({ metrics: { bindAddress: "0" } });
    const off = loaded();
    await run({ metrics: { bindAddress: "127.0.0.1:0" } });
    console.log(JSON.stringify({ off, on: loaded() }));
  `;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim().split("\n").at(-1)!), { off: false, on: true });
});
