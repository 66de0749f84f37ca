// The seed's TraefikServiceReconciler in TypeScript: each TraefikService becomes a route in the
// key/value store Traefik reads (etcd in the seed), and its status says whether it is active.
//
// - A finalizer (traefik.magedu.com/route) is added first, so a TraefikService deleted while the
//   controller is down keeps existing, Terminating, until the controller has removed its keys.
// - The route's keys are written when they differ from the spec (the seed skips every active
//   object; here an edited spec is written again), then status.active, lastUpdateTime and message.
// - A store failure sets active=false with the reason in message and retries with backoff.
//
// Events from the generated informer are keys in a rate-limited workqueue; workers read the
// object from the generated lister and write through the generated clientset.
import {
  RateLimitingQueue,
  consoleLogger,
  deletionHandlingMetaNamespaceKeyFunc,
  isNotFound,
  metaNamespaceKeyFunc,
  runWorkers,
  splitMetaNamespaceKey,
  waitForCacheSync,
} from "@kube-codegen/runtime";
import type { KubeObject, Logger } from "@kube-codegen/runtime";
import type { TraefikService, TraefikServiceStatus } from "../apis/traefik/v1/traefikservice_types.js";
import { deepCopyTraefikService } from "../apis/traefik/v1/zz_generated.deepcopy.js";
import type { Clientset } from "../generated/clientset/index.js";
import type { SharedInformerFactory } from "../generated/informers/index.js";
import type { TraefikServiceInformer } from "../generated/informers/traefik/v1/index.js";
import type { KeyValueStore } from "./kv-store.js";
import { DEFAULT_ROOT_KEY, routeKeys, routeName, routePrefixes } from "./routes.js";

/** The finalizer that keeps a TraefikService until its route is removed from the store. */
export const ROUTE_FINALIZER = "traefik.magedu.com/route";

/** What the controller is made of. */
export interface TraefikServiceControllerOptions {
  clientset: Clientset;
  /** The generated informer factory; the controller registers its informer, the caller starts it. */
  factory: SharedInformerFactory;
  store: KeyValueStore;
  /** Traefik's root key in the store (default "traefik"). */
  rootKey?: string;
  /** Workers reconciling at once (default 1, as kubebuilder's default). */
  workers?: number;
  log?: Logger;
  /** The clock of status.lastUpdateTime. */
  now?: () => Date;
}

/** metav1.Time's wire form: RFC 3339 in UTC, whole seconds. */
function timeOf(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function sameEntries(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

export class TraefikServiceController {
  readonly queue = new RateLimitingQueue<string>();
  readonly #informer: TraefikServiceInformer;
  readonly #clientset: Clientset;
  readonly #store: KeyValueStore;
  readonly #rootKey: string;
  readonly #workers: number;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(options: TraefikServiceControllerOptions) {
    this.#clientset = options.clientset;
    this.#store = options.store;
    this.#rootKey = options.rootKey ?? DEFAULT_ROOT_KEY;
    this.#workers = options.workers ?? 1;
    this.#log = options.log ?? consoleLogger;
    this.#now = options.now ?? (() => new Date());
    this.#informer = options.factory.traefik().v1().traefikServices();
    const enqueue = (obj: KubeObject) => {
      this.queue.add(metaNamespaceKeyFunc(obj));
    };
    this.#informer.informer.addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, obj) => enqueue(obj),
      onDelete: (obj) => {
        this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
      },
    });
  }

  /** Waits for the informer's cache, then reconciles until `signal` aborts; resolves once the workers have stopped. */
  async run(signal: AbortSignal): Promise<void> {
    this.#log("Starting Controller", { controller: "traefikservice", workers: this.#workers });
    await waitForCacheSync(signal, () => this.#informer.informer.hasSynced());
    await runWorkers(this.queue, {
      workers: this.#workers,
      signal,
      reconcile: (key) => this.reconcile(key),
      onError: (key, err) => {
        this.#log("reconcile failed, retrying", { key, error: err instanceof Error ? err.message : String(err) });
      },
    });
  }

  /** One pass of the reconciler for the TraefikService `namespace/name`; throws to be retried. */
  async reconcile(key: string): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let cached: TraefikService;
    try {
      cached = this.#informer.lister.traefikServices(namespace).get(name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // Gone: normally its finalizer already removed the route; if someone removed the finalizer
      // by hand, the keys are removed now.
      const deleted = await this.#deleteRoute(namespace, name);
      this.#log("delete service ...", { namespace, name, keysDeleted: deleted });
      return;
    }
    const obj = deepCopyTraefikService(cached);
    obj.metadata ??= {};
    const finalizers = obj.metadata.finalizers ?? [];
    this.#log("get TraefikService object", { namespace, name, url: obj.spec?.url, entrypoint: obj.spec?.entrypoint });
    const client = this.#clientset.traefikV1().traefikServices(namespace);

    if (obj.metadata.deletionTimestamp !== undefined) {
      if (!finalizers.includes(ROUTE_FINALIZER)) return;
      const deleted = await this.#deleteRoute(namespace, name);
      this.#log("delete service ...", { namespace, name, keysDeleted: deleted });
      obj.metadata.finalizers = finalizers.filter((f) => f !== ROUTE_FINALIZER);
      await client.update(obj);
      return;
    }

    let current = obj;
    if (!finalizers.includes(ROUTE_FINALIZER)) {
      obj.metadata.finalizers = [...finalizers, ROUTE_FINALIZER];
      current = await client.update(obj);
    }

    const want = routeKeys(current, this.#rootKey);
    const have = await this.#routeEntries(namespace, name);
    if (current.status?.active === true && sameEntries(want, have)) {
      this.#log("traefik service is active, skip ...", { namespace, name });
      return;
    }

    this.#log("set traefik service ...", { namespace, name });
    let failure: unknown;
    let status: TraefikServiceStatus;
    try {
      for (const k of have.keys()) if (!want.has(k)) await this.#store.delete(k);
      for (const [k, v] of want) if (have.get(k) !== v) await this.#store.put(k, v);
      const id = routeName(namespace, name);
      status = {
        active: true,
        lastUpdateTime: timeOf(this.#now()),
        message: `route ${id} on entrypoint ${current.spec?.entrypoint ?? ""} to ${current.spec?.url ?? ""}`,
      };
    } catch (err) {
      failure = err;
      status = {
        active: false,
        lastUpdateTime: timeOf(this.#now()),
        message: `registering the route failed: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    current.status = status;
    await client.updateStatus(current);
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  }

  async #routeEntries(namespace: string, name: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const prefix of routePrefixes(namespace, name, this.#rootKey)) for (const [k, v] of await this.#store.list(prefix)) out.set(k, v);
    return out;
  }

  async #deleteRoute(namespace: string, name: string): Promise<number> {
    let n = 0;
    for (const prefix of routePrefixes(namespace, name, this.#rootKey)) n += await this.#store.deletePrefix(prefix);
    return n;
  }
}
