// A Manager's metrics, as controller-runtime's pkg/metrics: its controllers' reconciles, their
// workqueues, the REST client's requests and leader election, registered on one prom-client
// registry (prom-client's global `register` unless the program passes its own, so its own metrics
// are scraped beside them) and served as Prometheus text at /metrics on their own address.
// prom-client is an optional peer dependency: this module never imports it; prometheus.ts does,
// and is loaded (by a dynamic import) only when the Manager starts with metrics on. Queues are
// made before that, when controllers are built, so what they record until then is kept here and
// handed on once prom-client is loaded.
import type { IncomingMessage, ServerResponse } from "node:http";
import { registerRequestResultMetric } from "../rest/transport.js";
import type { CounterMetric, GaugeMetric, HistogramMetric, MetricsProvider, SettableGaugeMetric } from "../workqueue/metrics.js";
import type { LeaderMetric } from "./leader-election.js";
import type { LoadedMetrics, QueueMetricSet } from "./prometheus.js";
import type { ReconcileMetrics } from "./run-workers.js";
import type { MetricsFilter } from "./metrics-auth.js";

/** A Prometheus registry, as prom-client's `Registry` (only what the Manager needs of it, so no prom-client type is required). */
export interface MetricsRegistry {
  metrics(): Promise<string>;
  readonly contentType: string;
}

/** A Manager's metrics server (controller-runtime's metricsserver.Options). */
export interface MetricsOptions {
  /**
   * Where /metrics is served, as controller-runtime's BindAddress: "host:port", ":port" (every
   * interface), port 0 for any free port (see metricsAddress()); "0" turns metrics off.
   */
  readonly bindAddress: string;
  /** The registry the metrics are registered on and served from (default: prom-client's global `register`). */
  readonly registry?: MetricsRegistry;
  /**
   * Serve HTTPS (controller-runtime's SecureServing): the certificate and key in certDir (default
   * <tmp>/k8s-metrics-server/serving-certs, tls.crt and tls.key), read again when they change, or a
   * self-signed certificate for localhost when either file is missing.
   */
  readonly secureServing?: boolean;
  readonly certDir?: string;
  readonly certName?: string;
  readonly keyName?: string;
  /**
   * Checks each request for /metrics first (controller-runtime's FilterProvider), such as
   * withAuthenticationAndAuthorization(transport), which kubebuilder's projects use.
   */
  readonly filter?: MetricsFilter;
}

/** The host (undefined: every interface) and port of a bind address, as Go's net.SplitHostPort. */
export function parseBindAddress(address: string): { host: string | undefined; port: number } {
  const i = address.lastIndexOf(":");
  const portText = address.slice(i + 1);
  const port = Number(portText);
  if (i < 0 || !/^\d+$/.test(portText) || port > 65535)
    throw new RangeError(`metrics: bind address ${JSON.stringify(address)} is not host:port`);
  const host = address.slice(0, i).replace(/^\[(.*)\]$/, "$1");
  return { host: host === "" ? undefined : host, port };
}

type AnyMetric = GaugeMetric & SettableGaugeMetric & CounterMetric & HistogramMetric;

// What a queue records before prom-client is loaded (the observations bounded), then forwarded.
class PendingMetric implements AnyMetric {
  #target: Partial<AnyMetric> | undefined;
  #delta = 0;
  #value: number | undefined;
  readonly #observed: number[] = [];

  inc(): void {
    if (this.#target) this.#target.inc?.();
    else this.#delta++;
  }
  dec(): void {
    if (this.#target) this.#target.dec?.();
    else this.#delta--;
  }
  set(value: number): void {
    if (this.#target) this.#target.set?.(value);
    else this.#value = value;
  }
  observe(value: number): void {
    if (this.#target) this.#target.observe?.(value);
    else if (this.#observed.length < 10_000) this.#observed.push(value);
  }
  bind(target: Partial<AnyMetric>): void {
    if (this.#value !== undefined) target.set?.(this.#value);
    for (; this.#delta > 0; this.#delta--) target.inc?.();
    for (; this.#delta < 0; this.#delta++) target.dec?.();
    for (const v of this.#observed.splice(0)) target.observe?.(v);
    this.#target = target;
  }
}

/** A Manager's metrics: hooks for its controllers, queues, leader election and REST requests, and the /metrics handler. */
export class ManagerMetrics {
  #loaded: LoadedMetrics | undefined;
  readonly #pending: { metric: PendingMetric; pick: (m: LoadedMetrics) => Partial<AnyMetric> }[] = [];
  #unregister: (() => void) | undefined;

  constructor(private readonly options: MetricsOptions) {}

  /** Loads prom-client and registers the metrics; REST requests are counted from then until stop(). */
  async start(): Promise<void> {
    if (this.#loaded) return;
    let loadMetrics: (registry?: MetricsRegistry) => LoadedMetrics;
    try {
      ({ loadMetrics } = await import("./prometheus.js"));
    } catch (err) {
      throw new Error('manager: metrics need the prom-client package (npm install prom-client), or turn them off (bindAddress "0")', {
        cause: err,
      });
    }
    const loaded = loadMetrics(this.options.registry);
    this.#loaded = loaded;
    for (const p of this.#pending.splice(0)) p.metric.bind(p.pick(loaded));
    this.#unregister = registerRequestResultMetric(loaded.requestResult);
  }

  /** Stops counting REST requests. */
  stop(): void {
    this.#unregister?.();
    this.#unregister = undefined;
  }

  /** The provider a controller's queue reports through (workqueue_* with name and controller labels). */
  workqueueProvider(): MetricsProvider {
    const metric = (name: string, kind: keyof QueueMetricSet): AnyMetric => {
      const pick = (m: LoadedMetrics): Partial<AnyMetric> => m.queue(name)[kind];
      const pending = new PendingMetric();
      if (this.#loaded) pending.bind(pick(this.#loaded));
      else this.#pending.push({ metric: pending, pick });
      return pending;
    };
    return {
      newDepthMetric: (name) => metric(name, "depth"),
      newAddsMetric: (name) => metric(name, "adds"),
      newLatencyMetric: (name) => metric(name, "latency"),
      newWorkDurationMetric: (name) => metric(name, "workDuration"),
      newUnfinishedWorkSecondsMetric: (name) => metric(name, "unfinished"),
      newLongestRunningProcessorSecondsMetric: (name) => metric(name, "longest"),
      newRetriesMetric: (name) => metric(name, "retries"),
    };
  }

  /** The reconcile hooks of the controller `name` (controller_runtime_*); they record once start() has loaded prom-client. */
  reconcileMetrics(name: string): ReconcileMetrics {
    let metrics: ReconcileMetrics | undefined;
    const get = (): ReconcileMetrics | undefined => (metrics ??= this.#loaded?.controller(name));
    return {
      start: (workers) => get()?.start(workers),
      activeWorkers: (delta) => get()?.activeWorkers(delta),
      reconciled: (outcome, seconds, terminal) => get()?.reconciled(outcome, seconds, terminal),
    };
  }

  /** leader_election_master_status. */
  leaderMetric(): LeaderMetric {
    return { on: (name) => this.#loaded?.leader.on(name), off: (name) => this.#loaded?.leader.off(name) };
  }

  /** Serves GET /metrics in the Prometheus text format; false when the path is another. */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", "http://metrics");
    if (url.pathname !== "/metrics") return false;
    const registry = this.#loaded?.registry;
    if (!registry) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
      res.end("metrics are not loaded yet\n");
      return true;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType });
      res.end(body);
    } catch (err) {
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(`error gathering metrics: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    return true;
  }
}
