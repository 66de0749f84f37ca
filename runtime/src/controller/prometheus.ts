// controller-runtime's metrics on prom-client, registered on one registry. Only metrics.ts loads
// this module, by a dynamic import, when a Manager has metrics on: prom-client is an optional peer
// dependency, and a program without metrics never loads it. Names, labels, help texts and buckets
// are controller-runtime v0.23.0's (pkg/internal/controller/metrics, pkg/internal/metrics/workqueue.go,
// pkg/metrics/client_go_adapter.go and leaderelection.go), so its dashboards and alerts work as is.
import { Counter, Gauge, Histogram, register as globalRegister } from "prom-client";
import type { Registry } from "prom-client";
import type { CounterMetric, GaugeMetric, HistogramMetric, SettableGaugeMetric } from "../workqueue/metrics.js";
import type { RequestResultMetric } from "../rest/transport.js";
import type { LeaderMetric } from "./leader-election.js";
import type { MetricsRegistry } from "./metrics.js";
import type { ReconcileMetrics } from "./run-workers.js";

/** The metrics of one queue, as controller-runtime's WorkqueueMetricsProvider makes them. */
export interface QueueMetricSet {
  depth: GaugeMetric;
  adds: CounterMetric;
  latency: HistogramMetric;
  workDuration: HistogramMetric;
  unfinished: SettableGaugeMetric;
  longest: SettableGaugeMetric;
  retries: CounterMetric;
}

/** Every metric of a Manager, on one registry. */
export interface LoadedMetrics {
  readonly registry: MetricsRegistry;
  queue(name: string): QueueMetricSet;
  controller(name: string): ReconcileMetrics;
  readonly leader: LeaderMetric;
  readonly requestResult: RequestResultMetric;
}

// controller_runtime_reconcile_time_seconds's buckets.
const RECONCILE_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5,
  4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];
// prometheus.ExponentialBuckets(10e-9, 10, 12), the workqueue histograms' buckets.
const WORKQUEUE_BUCKETS = [1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.01, 0.1, 1, 10, 100, 1000];

const loaded = new WeakMap<Registry, LoadedMetrics>();

/** The metrics on `registry` (default prom-client's global `register`), made once per registry. */
export function loadMetrics(registry?: MetricsRegistry): LoadedMetrics {
  const reg = (registry ?? globalRegister) as Registry;
  let metrics = loaded.get(reg);
  if (!metrics) {
    metrics = makeMetrics(reg);
    loaded.set(reg, metrics);
  }
  return metrics;
}

function makeMetrics(reg: Registry): LoadedMetrics {
  // A metric already on the registry (another copy of the runtime made it) is shared, not registered twice.
  const counter = (name: string, help: string, labelNames: string[]): Counter =>
    (reg.getSingleMetric(name) as Counter | undefined) ?? new Counter({ name, help, labelNames, registers: [reg] });
  const gauge = (name: string, help: string, labelNames: string[]): Gauge =>
    (reg.getSingleMetric(name) as Gauge | undefined) ?? new Gauge({ name, help, labelNames, registers: [reg] });
  const histogram = (name: string, help: string, labelNames: string[], buckets: number[]): Histogram =>
    (reg.getSingleMetric(name) as Histogram | undefined) ?? new Histogram({ name, help, labelNames, buckets, registers: [reg] });

  const reconcileTotal = counter("controller_runtime_reconcile_total", "Total number of reconciliations per controller", [
    "controller",
    "result",
  ]);
  const reconcileErrors = counter("controller_runtime_reconcile_errors_total", "Total number of reconciliation errors per controller", [
    "controller",
  ]);
  const terminalErrors = counter(
    "controller_runtime_terminal_reconcile_errors_total",
    "Total number of terminal reconciliation errors per controller",
    ["controller"],
  );
  const reconcileTime = histogram(
    "controller_runtime_reconcile_time_seconds",
    "Length of time per reconciliation per controller",
    ["controller"],
    RECONCILE_BUCKETS,
  );
  const workerCount = gauge("controller_runtime_max_concurrent_reconciles", "Maximum number of concurrent reconciles per controller", [
    "controller",
  ]);
  const activeWorkers = gauge("controller_runtime_active_workers", "Number of currently used workers per controller", ["controller"]);

  const depth = gauge("workqueue_depth", "Current depth of workqueue by workqueue and priority", ["name", "controller", "priority"]);
  const adds = counter("workqueue_adds_total", "Total number of adds handled by workqueue", ["name", "controller"]);
  const latency = histogram(
    "workqueue_queue_duration_seconds",
    "How long in seconds an item stays in workqueue before being requested",
    ["name", "controller"],
    WORKQUEUE_BUCKETS,
  );
  const workDuration = histogram(
    "workqueue_work_duration_seconds",
    "How long in seconds processing an item from workqueue takes.",
    ["name", "controller"],
    WORKQUEUE_BUCKETS,
  );
  const unfinished = gauge(
    "workqueue_unfinished_work_seconds",
    "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
    ["name", "controller"],
  );
  const longest = gauge(
    "workqueue_longest_running_processor_seconds",
    "How many seconds has the longest running processor for workqueue been running.",
    ["name", "controller"],
  );
  const retries = counter("workqueue_retries_total", "Total number of retries handled by workqueue", ["name", "controller"]);

  const requests = counter("rest_client_requests_total", "Number of HTTP requests, partitioned by status code, method, and host.", [
    "code",
    "method",
    "host",
  ]);
  const leader = gauge(
    "leader_election_master_status",
    "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease. Please make sure to group by name.",
    ["name"],
  );

  return {
    registry: reg,
    queue(name) {
      // As controller-runtime: the queue is named after its controller, and both labels carry it.
      const l = { name, controller: name };
      const d = { ...l, priority: "" };
      // Every series exists from the start, at zero, as WithLabelValues makes them.
      depth.inc(d, 0);
      adds.inc(l, 0);
      latency.zero(l);
      workDuration.zero(l);
      unfinished.set(l, 0);
      longest.set(l, 0);
      retries.inc(l, 0);
      return {
        depth: { inc: () => depth.inc(d), dec: () => depth.dec(d) },
        adds: { inc: () => adds.inc(l) },
        latency: { observe: (v) => latency.observe(l, v) },
        workDuration: { observe: (v) => workDuration.observe(l, v) },
        unfinished: { set: (v) => unfinished.set(l, v) },
        longest: { set: (v) => longest.set(l, v) },
        retries: { inc: () => retries.inc(l) },
      };
    },
    controller(controller) {
      const l = { controller };
      return {
        start(workers) {
          // controller-runtime's initMetrics.
          for (const result of ["error", "requeue_after", "requeue", "success"]) reconcileTotal.inc({ controller, result }, 0);
          reconcileErrors.inc(l, 0);
          terminalErrors.inc(l, 0);
          workerCount.set(l, workers);
          activeWorkers.set(l, 0);
        },
        activeWorkers: (delta) => activeWorkers.inc(l, delta),
        reconciled(outcome, seconds, terminal) {
          if (outcome === "error") {
            if (terminal) terminalErrors.inc(l);
            reconcileErrors.inc(l);
          }
          reconcileTotal.inc({ controller, result: outcome });
          reconcileTime.observe(l, seconds);
        },
      };
    },
    leader: { on: (name) => leader.set({ name }, 1), off: (name) => leader.set({ name }, 0) },
    requestResult: { increment: (code, method, host) => requests.inc({ code, method, host }) },
  };
}
