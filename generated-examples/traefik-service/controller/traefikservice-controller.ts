// The seed's TraefikServiceReconciler in TypeScript, on the Manager as kubebuilder writes it: each
// TraefikService becomes a route in the key/value store Traefik reads (etcd in the seed), and its
// status says whether it is active.
//
// - A finalizer (traefik.magedu.com/route) is added first, so a TraefikService deleted while the
//   controller is down keeps existing, Terminating, until the controller has removed its keys
//   (the runtime's `finalize`: add while alive, clean up and release once deleting, with
//   conflict retries).
// - The route's keys are written when they differ from the spec (the seed skips every active
//   object; here an edited spec is written again), then status.active, lastUpdateTime and message.
// - A store failure sets active=false with the reason in message, records a Warning event, and the
//   error makes the builder's queue retry the request with backoff.
//
// The builder (`newControllerManagedBy(mgr).for(...)`) takes the TraefikService informer from the
// manager's shared cache; reads go to that cache through the manager's client, writes to the server.
import { finalize, isNotFound, newControllerManagedBy, silentLogger } from "@kube-codegen/runtime";
import type { CachedClient, Controller, EventRecorder, Logger, Manager, ReconcileRequest } from "@kube-codegen/runtime";
import type { TraefikService, TraefikServiceStatus } from "../apis/traefik/v1/traefikservice_types.js";
import { traefikServiceRegistration } from "../apis/traefik/v1/zz_generated.register.js";
import type { KeyValueStore } from "./kv-store.js";
import { DEFAULT_ROOT_KEY, routeKeys, routeName, routePrefixes } from "./routes.js";

/** The finalizer that keeps a TraefikService until its route is removed from the store. */
export const ROUTE_FINALIZER = "traefik.magedu.com/route";

/** What the reconciler needs besides the manager. */
export interface TraefikServiceReconcilerOptions {
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

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

// What the controller may do, as controller-gen's rbac generator reads it (config/rbac/role.yaml):
// +kubebuilder:rbac:groups=traefik.magedu.com,resources=traefikservices,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=traefik.magedu.com,resources=traefikservices/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=traefik.magedu.com,resources=traefikservices/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch

/** Adds the TraefikService controller to `mgr` (kubebuilder's SetupWithManager). */
export function setupTraefikServiceController(mgr: Manager, options: TraefikServiceReconcilerOptions): Controller {
  const reconciler = new TraefikServiceReconciler(mgr.getClient(), mgr.getEventRecorderFor("traefikservice-controller"), options);
  const log = options.log ?? silentLogger;
  return newControllerManagedBy(mgr, {
    name: "traefikservice",
    maxConcurrentReconciles: options.workers ?? 1,
    onError: (req, err) => {
      log("reconcile failed, retrying", { namespace: req.namespace, name: req.name, error: errorText(err) });
    },
  })
    .for(traefikServiceRegistration)
    .complete((req) => reconciler.reconcile(req));
}

/** One pass per TraefikService: the route in the store and the status, or the route's removal. */
export class TraefikServiceReconciler {
  readonly #store: KeyValueStore;
  readonly #rootKey: string;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(
    private readonly client: CachedClient,
    private readonly recorder: EventRecorder,
    options: TraefikServiceReconcilerOptions,
  ) {
    this.#store = options.store;
    this.#rootKey = options.rootKey ?? DEFAULT_ROOT_KEY;
    this.#log = options.log ?? silentLogger;
    this.#now = options.now ?? (() => new Date());
  }

  /** One pass of the reconciler for the TraefikService `namespace/name`; throws to be retried. */
  async reconcile({ namespace, name }: ReconcileRequest): Promise<void> {
    let obj: TraefikService;
    try {
      obj = await this.client.get<TraefikService>(traefikServiceRegistration, namespace, name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // Gone: normally its finalizer already removed the route; if someone removed the finalizer
      // by hand, the keys are removed now.
      const deleted = await this.#deleteRoute(namespace, name);
      this.#log("delete service ...", { namespace, name, keysDeleted: deleted });
      return;
    }
    this.#log("get TraefikService object", { namespace, name, url: obj.spec?.url, entrypoint: obj.spec?.entrypoint });
    const writer = this.client.writer<TraefikService>(traefikServiceRegistration, namespace);

    const step = await finalize(writer, obj, ROUTE_FINALIZER, async () => {
      const deleted = await this.#deleteRoute(namespace, name);
      this.#log("delete service ...", { namespace, name, keysDeleted: deleted });
    });
    if (step.deleting || step.object === undefined) return;
    const current = step.object;

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
      status = { active: false, lastUpdateTime: timeOf(this.#now()), message: `registering the route failed: ${errorText(err)}` };
    }
    current.status = status;
    await writer.updateStatus(current);
    if (failure !== undefined) {
      this.recorder.event(current, "Warning", "RouteFailed", status.message ?? "");
      throw failure instanceof Error ? failure : new Error(String(failure));
    }
    this.recorder.event(current, "Normal", "RouteRegistered", status.message ?? "");
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
