// The manager, as controller-runtime's pkg/manager: one start(signal) that runs a program's caches,
// its controllers and other runnables, optional leader election, the health probes and the
// Prometheus metrics (metrics.ts), in controller-runtime's order. Caches start first and are
// waited for; runnables that do not need leader election start next; with leader election, the
// rest start once the Lease is held (and without it, at once). Shutdown is the reverse:
// leader-elected runnables, then the others, then the caches, all within a grace period; then the
// Lease is released (releaseOnCancel) and the probe and metrics servers closed. A runnable that fails, or a lost lease, stops everything and start() rejects with
// it: as controller-runtime's, a program should then exit (and its replacement campaign again).
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { certificateFilesExist, createReloadingHttpsServer, generateServerCertificate } from "../tls/index.js";
import type { AddressInfo } from "node:net";
import { SharedInformerFactory, type SharedInformerFactoryOptions } from "../cache/informer-factory.js";
import { asTransport } from "../client/resource-client.js";
import type { RestConfig } from "../rest/rest-config.js";
import type { Transport } from "../rest/transport.js";
import { newEventRecorder, type EventRecorder } from "./event-recorder.js";
import { CachedClient } from "./cached-client.js";
import { WebhookServer, type WebhookServerOptions } from "../webhook/server.js";
import type { HealthCheck } from "./healthz.js";
import { serveHealth } from "./healthz.js";
import { newLeaderElector } from "./leader-election.js";
import type { LeaderElectionOptions } from "./leader-election.js";
import type { Logger } from "./logger.js";
import { silentLogger } from "./logger.js";
import { ManagerMetrics, parseBindAddress } from "./metrics.js";
import type { MetricsOptions } from "./metrics.js";

/** Anything a manager runs until its signal aborts (a Controller is one). */
export interface Runnable {
  run(signal: AbortSignal): void | Promise<void>;
}

/** A source of informers the manager starts before everything else (a SharedInformerFactory, generated or not). */
export interface CacheRunnable {
  start(signal: AbortSignal): void;
  /** Resolves once every started informer has synced, or `signal` aborted. */
  waitForCacheSync(signal: AbortSignal): Promise<unknown>;
  /** Resolves once every informer has stopped. */
  shutdown?(): Promise<void>;
}

/** How a Manager runs (controller-runtime's manager.Options). */
export interface ManagerOptions {
  /** The cluster the manager's cache, clients and event recorders talk to (controller-runtime's rest.Config). */
  config?: Transport | RestConfig;
  /** The manager's shared cache (namespace, resyncs, list tweaks); with `config` only. */
  cache?: SharedInformerFactoryOptions;
  /** Leader election over a Lease; runnables that need it start only while it is held. Absent: no election. */
  leaderElection?: Omit<LeaderElectionOptions, "callbacks">;
  /** Serve /healthz and /readyz here (port 0: any free port, see healthProbeAddress()). Absent: no probe server. */
  healthProbe?: { host?: string; port: number };
  /**
   * Serve Prometheus metrics at /metrics (controller-runtime's Metrics): reconciles, workqueues,
   * REST requests and leader election, through prom-client (an optional peer dependency, loaded
   * only then). Absent, or bindAddress "0": no metrics, and prom-client is never loaded.
   */
  metrics?: MetricsOptions;
  /** How long shutdown waits for runnables to return (ms, default 30 000, as GracefulShutdownTimeout). */
  gracefulShutdownTimeoutMs?: number;
  logger?: Logger;
  /** The webhook server's options (getWebhookServer(); controller-runtime's WebhookServer). */
  webhook?: WebhookServerOptions;
}

/** Options of one runnable. */
export interface RunnableOptions {
  /** Start it only while this manager leads (default true, as controllers; false for servers every replica runs). */
  needLeaderElection?: boolean;
}

/** Thrown (start() rejects with it) when the manager loses its Lease while running. */
export class LeaderElectionLostError extends Error {
  constructor(identity: string) {
    super(`leader election lost: ${identity} no longer holds the lease`);
    this.name = "LeaderElectionLostError";
  }
}

const DEFAULT_GRACE_MS = 30_000;

/** Runs caches, controllers and other runnables with leader election and health probes. */
export class Manager {
  private readonly caches: CacheRunnable[] = [];
  private readonly others: Runnable[] = [];
  private readonly leaderRunnables: Runnable[] = [];
  private readonly healthz = new Map<string, HealthCheck>();
  private readonly readyz = new Map<string, HealthCheck>();
  private server: Server | undefined;
  private metricsServer: Server | undefined;
  private stopMetricsTls: (() => void) | undefined;
  private readonly metrics: ManagerMetrics | undefined;
  private started = false;
  private resolveElected!: () => void;
  private readonly electedPromise = new Promise<void>((r) => (this.resolveElected = r));
  private readonly log: Logger;
  private transport: Transport | undefined;
  private cache: SharedInformerFactory | undefined;
  private readonly recorders = new Map<string, EventRecorder>();
  private client: CachedClient | undefined;
  private cachesRunning: AbortSignal | undefined;
  private webhookServer: WebhookServer | undefined;

  constructor(private readonly options: ManagerOptions = {}) {
    this.log = options.logger ?? silentLogger;
    const m = options.metrics;
    if (m && m.bindAddress !== "0") {
      parseBindAddress(m.bindAddress);
      this.metrics = new ManagerMetrics(m);
    }
  }

  /** The manager's metrics (undefined when off): the builder reports its controllers' through them. */
  getMetrics(): ManagerMetrics | undefined {
    return this.metrics;
  }

  /** The transport to options.config, shared by everything the manager makes. */
  getTransport(): Transport {
    if (!this.options.config) throw new Error("manager: no config: pass ManagerOptions.config to use its cache, clients and recorders");
    this.transport ??= asTransport(this.options.config);
    return this.transport;
  }

  /**
   * The manager's shared cache (controller-runtime's mgr.GetCache()): one informer per resource
   * for every controller on this manager, started and synced before any of them runs. Ask it for
   * informers before start(): an informer first made afterwards is not started.
   */
  getCache(): SharedInformerFactory {
    if (!this.cache) {
      this.beforeStart("getCache");
      this.cache = new SharedInformerFactory(this.getTransport(), this.options.cache);
      this.caches.push(this.cache);
    }
    return this.cache;
  }

  /**
   * The manager's client (mgr.GetClient()): reads from the shared cache (an informer not there yet
   * is made on first use, and started at once while the manager runs), writes to the server.
   */
  getClient(): CachedClient {
    this.client ??= new CachedClient(this.getCache(), this.getTransport(), () => this.cachesRunning);
    return this.client;
  }

  /**
   * The manager's webhook server (mgr.GetWebhookServer()), made on first use with
   * ManagerOptions.webhook and run on every replica, leader or not, as controller-runtime runs it.
   * Register handlers before start().
   */
  getWebhookServer(): WebhookServer {
    if (!this.webhookServer) {
      this.beforeStart("getWebhookServer");
      this.webhookServer = new WebhookServer(this.options.webhook);
      this.add(this.webhookServer, { needLeaderElection: false });
    }
    return this.webhookServer;
  }

  /** The manager's logger (mgr.GetLogger()): its controllers log through it unless given their own. */
  getLogger(): Logger {
    return this.log;
  }

  /** The event recorder of one controller, writing as component `name` (mgr.GetEventRecorderFor). */
  getEventRecorderFor(name: string): EventRecorder {
    let recorder = this.recorders.get(name);
    if (!recorder) {
      recorder = newEventRecorder(this.getTransport(), { component: name });
      this.recorders.set(name, recorder);
    }
    return recorder;
  }

  /** Adds a runnable; a controller needs leader election unless told otherwise. Before start() only. */
  add(runnable: Runnable, options: RunnableOptions = {}): void {
    this.beforeStart("add");
    (options.needLeaderElection === false ? this.others : this.leaderRunnables).push(runnable);
  }

  /** Adds an informer factory, started and synced before any runnable. Before start() only. */
  addCache(cache: CacheRunnable): void {
    this.beforeStart("addCache");
    this.caches.push(cache);
  }

  /** A liveness check, served at /healthz and /healthz/<name>. */
  addHealthzCheck(name: string, check: HealthCheck): void {
    addCheck(this.healthz, "healthz", name, check);
  }

  /** A readiness check, served at /readyz and /readyz/<name>. */
  addReadyzCheck(name: string, check: HealthCheck): void {
    addCheck(this.readyz, "readyz", name, check);
  }

  /** Resolves once this manager leads (at once after the caches synced, without leader election). */
  elected(): Promise<void> {
    return this.electedPromise;
  }

  /** Where the probe server listens, once start() has opened it. */
  healthProbeAddress(): AddressInfo | undefined {
    const a = this.server?.address();
    return a && typeof a === "object" ? a : undefined;
  }

  /** Where the metrics server listens, once start() has opened it. */
  metricsAddress(): AddressInfo | undefined {
    const a = this.metricsServer?.address();
    return a && typeof a === "object" ? a : undefined;
  }

  /**
   * Runs everything until `signal` aborts, then shuts down in order; resolves once it has. Rejects
   * with the first runnable failure or a LeaderElectionLostError (after shutting down the rest),
   * or when runnables outlast the grace period. Runs once only.
   */
  async start(signal: AbortSignal): Promise<void> {
    this.beforeStart("start");
    this.started = true;
    const stop = new AbortController();
    let failure: unknown;
    const fail = (err: unknown): void => {
      failure ??= err;
      stop.abort();
    };
    const onAbort = (): void => stop.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) stop.abort();

    const cachesStop = new AbortController();
    const othersStop = new AbortController();
    const electedStop = new AbortController();
    const othersRunning: Promise<void>[] = [];
    const electedRunning: Promise<void>[] = [];
    let election: Promise<void> | undefined;
    const electionStop = new AbortController();
    const runAll = (runnables: Runnable[], s: AbortSignal, into: Promise<void>[]): void => {
      for (const r of runnables)
        into.push(
          (async () => {
            try {
              await r.run(s);
            } catch (err) {
              if (!s.aborted) fail(err);
            }
          })(),
        );
    };
    try {
      if (this.metrics) {
        await this.metrics.start();
        const metrics = this.metrics;
        const m = this.options.metrics!;
        const { host, port } = parseBindAddress(m.bindAddress);
        const tls = m.secureServing ? metricsTls(m) : undefined;
        this.stopMetricsTls = tls?.stop;
        this.metricsServer = await listen(port, host, (req, res) => serveMetrics(m, metrics, req, res), tls?.create);
      }
      if (this.options.healthProbe) {
        const { host, port } = this.options.healthProbe;
        this.server = await listen(port, host ?? "0.0.0.0", async (req, res) => {
          if (await serveHealth("/healthz", this.healthz, req, res)) return true;
          return serveHealth("/readyz", this.readyz, req, res);
        });
      }
      for (const c of this.caches) c.start(cachesStop.signal);
      this.cachesRunning = cachesStop.signal;
      await Promise.race([Promise.all(this.caches.map((c) => c.waitForCacheSync(stop.signal))), aborted(stop.signal)]);
      if (!stop.signal.aborted) {
        this.log("caches synced", { caches: this.caches.length });
        runAll(this.others, othersStop.signal, othersRunning);
        const le = this.options.leaderElection;
        if (!le) {
          this.resolveElected();
          runAll(this.leaderRunnables, electedStop.signal, electedRunning);
        } else {
          let leading = false;
          const elector = newLeaderElector({
            ...le,
            onError: le.onError ?? ((err) => this.log("leader election error", { error: String(err) })),
            ...(this.metrics && !le.metric ? { metric: this.metrics.leaderMetric() } : {}),
            callbacks: {
              onStartedLeading: async (leaderSignal) => {
                leading = true;
                this.log("leader elected", { identity: le.identity });
                this.resolveElected();
                const s = AbortSignal.any([leaderSignal, electedStop.signal]);
                runAll(this.leaderRunnables, s, electedRunning);
                await aborted(s);
                await Promise.all(electedRunning);
              },
              onStoppedLeading: () => {
                if (leading && !stop.signal.aborted) fail(new LeaderElectionLostError(le.identity));
              },
            },
          });
          election = elector.run(electionStop.signal);
        }
      }
      await aborted(stop.signal);
    } catch (err) {
      failure ??= err;
    } finally {
      signal.removeEventListener("abort", onAbort);
      const grace = this.options.gracefulShutdownTimeoutMs ?? DEFAULT_GRACE_MS;
      const inTime = await withinGrace(grace, async () => {
        electedStop.abort();
        await Promise.all(electedRunning);
        othersStop.abort();
        await Promise.all(othersRunning);
        cachesStop.abort();
        await Promise.all(this.caches.map((c) => (c.shutdown ? c.shutdown() : Promise.resolve())));
        // The elector releases the Lease (releaseOnCancel) once the elected runnables have returned.
        electionStop.abort();
        await election;
      });
      await this.close();
      if (!inTime) failure ??= new Error(`manager: runnables did not stop within the ${grace} ms grace period`);
    }
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  }

  private beforeStart(what: string): void {
    if (this.started) throw new Error(`manager: ${what} after start`);
  }

  private async close(): Promise<void> {
    this.metrics?.stop();
    this.stopMetricsTls?.();
    await Promise.all([closeServer(this.server), closeServer(this.metricsServer)]);
  }
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A server on `port` (host undefined: every interface) answering with `handle`, or 404 when it
 * declines a path: plain HTTP, or what `create` makes of the listener (an HTTPS server).
 */
async function listen(
  port: number,
  host: string | undefined,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>,
  create: (listener: Listener) => Server = (listener) => createServer(listener),
): Promise<Server> {
  const server = create((req, res) => {
    void (async () => {
      if (await handle(req, res)) return;
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("404 page not found\n");
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const ready = (): void => {
      server.off("error", reject);
      resolve();
    };
    if (host === undefined) server.listen(port, ready);
    else server.listen(port, host, ready);
  });
  return server;
}

/**
 * The metrics server's HTTPS, as controller-runtime's SecureServing: the pair in certDir (reloaded
 * when it changes) or, when either file is missing, a self-signed certificate for localhost and
 * 127.0.0.1 made at start (a Prometheus scraping it then skips verification, as kubebuilder's
 * ServiceMonitor does until cert-manager's certificate is wired in).
 */
function metricsTls(m: MetricsOptions): { create: (listener: Listener) => Server; stop: () => void } {
  const files = {
    certDir: m.certDir ?? join(tmpdir(), "k8s-metrics-server", "serving-certs"),
    ...(m.certName ? { certName: m.certName } : {}),
    ...(m.keyName ? { keyName: m.keyName } : {}),
  };
  let stop = (): void => undefined;
  const create = (listener: Listener): Server => {
    if (certificateFilesExist(files)) {
      const served = createReloadingHttpsServer(files, listener);
      stop = served.stop;
      return served.server;
    }
    const self = generateServerCertificate("localhost");
    return createHttpsServer({ cert: self.certPem, key: self.keyPem }, listener);
  };
  return { create, stop: () => stop() };
}

/** /metrics behind the options' filter (controller-runtime's FilterProvider); any other path is declined. */
async function serveMetrics(m: MetricsOptions, metrics: ManagerMetrics, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (new URL(req.url ?? "/", "http://metrics").pathname !== "/metrics") return false;
  const refusal = m.filter ? await m.filter(req) : undefined;
  if (refusal) {
    // As Go's http.Error.
    res.writeHead(refusal.code, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" });
    res.end(`${refusal.message}\n`);
    return true;
  }
  return metrics.serve(req, res);
}

async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
}

function addCheck(checks: Map<string, HealthCheck>, kind: string, name: string, check: HealthCheck): void {
  if (name === "" || name.includes("/"))
    throw new RangeError(`manager: ${kind} check name ${JSON.stringify(name)} must be non-empty, without "/"`);
  if (checks.has(name)) throw new Error(`manager: ${kind} check ${JSON.stringify(name)} already added`);
  checks.set(name, check);
}

/** Resolves when `signal` aborts. */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

/** Whether `work` finished within `ms` (it keeps running if not). */
async function withinGrace(ms: number, work: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work().then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
