// A controller assembled from informers, as controller-runtime's builder: `for` the kind it
// reconciles (each add, update and delete queues that object's key), `owns` the kinds it creates
// (a change queues the key of the object's controller owner of the reconciled kind), `watches` for
// anything else (a map from an object to the keys it concerns), predicates to filter events, and a
// reconciler run by `maxConcurrentReconciles` workers over one rate-limited queue. Built on a
// Manager (`newControllerManagedBy(mgr)`, as controller-runtime's ControllerManagedBy), the kinds
// are named by their registrations and the informers come from the manager's shared cache, and the
// controller is added to the manager, which runs it only while it leads. Built from options alone,
// the informers come from the caller's factories, which start them. `run` waits for their caches,
// as controller-runtime's CacheSyncTimeout, then works until its signal aborts.
import type { KubeObject } from "../client/object-types.js";
import type { ResourceDescription } from "../client/resource.js";
import type { SharedIndexInformer } from "../cache/shared-informer.js";
import type { ResourceEventHandlerRegistration } from "../cache/event-handler.js";
import { DeletedFinalStateUnknown, splitMetaNamespaceKey } from "../cache/object-key.js";
import { waitForCacheSync } from "../cache/wait-for-sync.js";
import { RateLimitingQueue } from "../workqueue/index.js";
import { getControllerOf } from "./owner-references.js";
import type { Predicate } from "./predicates.js";
import type { ReconcileResult } from "./reconcile.js";
import { runWorkers } from "./run-workers.js";
import type { ReconcileMetrics } from "./run-workers.js";
import type { Manager } from "./manager.js";
import { silentLogger, type Logger } from "./logger.js";

/** The object one pass reconciles (controller-runtime's reconcile.Request): namespace "" when cluster-scoped. */
export interface ReconcileRequest {
  readonly namespace: string;
  readonly name: string;
}

/** What a pass is given besides its request. */
export interface ReconcileContext {
  /** Aborts when the controller stops: a long pass should pass it on to its requests. */
  readonly signal: AbortSignal;
  /** Which worker runs the pass (1-based). */
  readonly worker: number;
}

/** One pass over one object: bring the world to what the object asks for. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a pass that returns nothing (`async () => {}`) is success; `| undefined` would refuse it
export type Reconciler = (request: ReconcileRequest, context: ReconcileContext) => Promise<ReconcileResult | void>;

/** The kind a controller reconciles, as a generated registration (fooRegistration) describes it. */
export interface ReconciledKind {
  readonly group: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

/** Options of a controller, as controller-runtime's controller.Options. */
export interface ControllerOptions {
  /** Names the controller (its queue's metrics and its error reports). */
  readonly name: string;
  /** Workers (default 1, as controller-runtime's MaxConcurrentReconciles). */
  readonly maxConcurrentReconciles?: number;
  /** The queue (default: client-go's default controller rate limiter). */
  readonly queue?: RateLimitingQueue;
  /** How long run() waits for the informers' caches before it fails (default 2 minutes, as CacheSyncTimeout). */
  readonly cacheSyncTimeoutMs?: number;
  /** Told of each failed pass (default: console.error). */
  readonly onError?: (request: ReconcileRequest, err: unknown) => void;
  /** Told when the controller starts and its workers run, as controller-runtime logs it (default: the manager's logger, else silent). */
  readonly logger?: Logger;
  /** Told of each pass (controller-runtime's reconcile metrics); on a Manager with metrics, its own. */
  readonly reconcileMetrics?: ReconcileMetrics;
}

/** The key of a request on the queue: "namespace/name", or "name". */
const keyOf = (r: ReconcileRequest): string => (r.namespace ? `${r.namespace}/${r.name}` : r.name);

const requestOf = (obj: KubeObject): ReconcileRequest => ({ namespace: obj.metadata?.namespace ?? "", name: obj.metadata?.name ?? "" });

// One watch: an informer, what its objects map to, and its filters.
interface Watch {
  informer: SharedIndexInformer;
  map: (obj: KubeObject) => ReconcileRequest[];
  predicates: Predicate[];
}

/**
 * Starts a controller (controller-runtime's ctrl.NewControllerManagedBy). On a Manager, `for`,
 * `owns` and `watches` take the kinds' registrations (`fooRegistration`) or resource descriptions,
 * whose informers come from the manager's cache, and `complete` adds the controller to the
 * manager; the name defaults to the reconciled kind in lower case. With options alone they take
 * informers, and the caller runs the controller.
 */
export function newControllerManagedBy(manager: Manager, options?: Partial<ControllerOptions>): ControllerBuilder;
export function newControllerManagedBy(options: ControllerOptions): ControllerBuilder;
export function newControllerManagedBy(first: Manager | ControllerOptions, options: Partial<ControllerOptions> = {}): ControllerBuilder {
  if (isManager(first)) return new ControllerBuilder(options, first);
  return new ControllerBuilder(first);
}

function isManager(x: Manager | ControllerOptions): x is Manager {
  return typeof (x as Partial<Manager>).getCache === "function";
}

/** What for(), owns() and watches() take: an informer, or on a Manager a registration or resource description. */
export type WatchSource<O extends KubeObject> = SharedIndexInformer<O> | ResourceDescription;

function isInformer<O extends KubeObject>(source: WatchSource<O>): source is SharedIndexInformer<O> {
  return typeof (source as Partial<SharedIndexInformer<O>>).addEventHandler === "function";
}

/** Assembles a Controller; each method returns the builder, `complete` the controller. */
export class ControllerBuilder {
  private forKind: ReconciledKind | undefined;
  private readonly watchList: Watch[] = [];
  private readonly filters: Predicate[] = [];
  // owns() calls before for(): resolved against the reconciled kind when complete() runs.
  private readonly owned: { informer: SharedIndexInformer; predicates: Predicate[] }[] = [];

  constructor(
    private readonly options: Partial<ControllerOptions>,
    private readonly manager?: Manager,
  ) {}

  private get name(): string {
    return this.options.name ?? this.forKind?.kind.toLowerCase() ?? "controller";
  }

  // The informer of a source: itself, or the manager's shared informer of the resource.
  private informerOf<O extends KubeObject>(source: WatchSource<O>, what: string): SharedIndexInformer {
    if (isInformer(source)) return widen(source);
    if (!this.manager) throw new Error(`controller ${this.name}: ${what}() takes an informer unless the builder is on a Manager`);
    return widen(this.manager.getCache().informerFor<O>(source));
  }

  /**
   * The kind reconciled: every add, update and delete of its informer queues the object itself.
   * Takes an informer and the kind it holds, or (on a Manager) the kind's registration.
   */
  for<F extends KubeObject>(informer: SharedIndexInformer<F>, kind: ReconciledKind, ...predicates: Predicate<F>[]): this;
  for<F extends KubeObject>(registration: ResourceDescription, ...predicates: Predicate<F>[]): this;
  for<F extends KubeObject>(source: WatchSource<F>, ...rest: (ReconciledKind | Predicate<F>)[]): this {
    if (this.forKind) throw new Error(`controller ${this.name}: for() was already called`);
    const kind = isInformer(source) ? (rest.shift() as ReconciledKind) : source;
    this.forKind = { group: kind.group, kind: kind.kind, namespaced: kind.namespaced };
    this.watchList.push({ informer: this.informerOf(source, "for"), map: (obj) => [requestOf(obj)], predicates: rest as Predicate[] });
    return this;
  }

  /**
   * A kind the controller creates: a change of one of its objects queues the object's controller
   * owner (the owner reference with controller: true) when that owner is of the reconciled kind
   * (group and kind compared, not version, as handler.EnqueueRequestForOwner with OnlyControllerOwner).
   */
  owns<O extends KubeObject>(source: WatchSource<O>, ...predicates: Predicate<O>[]): this {
    this.owned.push({ informer: this.informerOf(source, "owns"), predicates: predicates as Predicate[] });
    return this;
  }

  /** Any other informer: `map` names the objects a change of one of its objects concerns (EnqueueRequestsFromMapFunc). */
  watches<O extends KubeObject>(source: WatchSource<O>, map: (obj: O) => ReconcileRequest[], ...predicates: Predicate<O>[]): this {
    this.watchList.push({
      informer: this.informerOf(source, "watches"),
      map: map as (obj: KubeObject) => ReconcileRequest[],
      predicates: predicates as Predicate[],
    });
    return this;
  }

  /** A filter for every watch of this controller (builder.WithEventFilter). */
  withEventFilter(predicate: Predicate): this {
    this.filters.push(predicate);
    return this;
  }

  /**
   * Registers the event handlers and returns the controller: on a Manager, added to it (it runs
   * while the manager leads); otherwise run() starts its workers.
   */
  complete(reconciler: Reconciler): Controller {
    const kind = this.forKind;
    if (!kind) throw new Error(`controller ${this.name}: for() names the kind it reconciles and must be called`);
    const watches = [...this.watchList, ...this.owned.map((o) => ({ ...o, map: ownerMapper(kind) }))];
    const logger = this.options.logger ?? this.manager?.getLogger();
    const name = this.name;
    // On a Manager with metrics, the controller's reconciles and its queue report to them (a queue
    // passed in options reports wherever it was made to).
    const metrics = this.manager?.getMetrics();
    const metered = metrics
      ? {
          queue: this.options.queue ?? new RateLimitingQueue<string>({ name, metricsProvider: metrics.workqueueProvider() }),
          reconcileMetrics: this.options.reconcileMetrics ?? metrics.reconcileMetrics(name),
        }
      : {};
    const controller = new Controller(
      { ...this.options, ...metered, name, ...(logger ? { logger } : {}) },
      watches,
      this.filters,
      reconciler,
    );
    this.manager?.add(controller);
    return controller;
  }
}

/** A running (or runnable) controller: its queue, fed by its informers' events, drained by its workers. */
export class Controller {
  readonly queue: RateLimitingQueue;
  private readonly registrations: ResourceEventHandlerRegistration[] = [];
  private readonly informers: SharedIndexInformer[];
  private started = false;

  /** The controller's name (its queue's, its error reports'). */
  get name(): string {
    return this.options.name;
  }

  constructor(
    private readonly options: ControllerOptions,
    watches: Watch[],
    filters: Predicate[],
    private readonly reconciler: Reconciler,
  ) {
    this.queue = options.queue ?? new RateLimitingQueue<string>({ name: options.name });
    this.informers = [...new Set(watches.map((w) => w.informer))];
    for (const w of watches) this.registrations.push(this.register(w, [...w.predicates, ...filters]));
  }

  /**
   * Waits for every informer's cache (they are started by their factories; it fails after
   * cacheSyncTimeoutMs), then reconciles with its workers until `signal` aborts; resolves once
   * they have stopped, and the event handlers are removed. Runs once only.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error(`controller ${this.options.name} has already been started`);
    this.started = true;
    const log = this.options.logger ?? silentLogger;
    const workers = this.options.maxConcurrentReconciles ?? 1;
    try {
      log("Starting Controller", { controller: this.options.name });
      const timeoutMs = this.options.cacheSyncTimeoutMs ?? 120_000;
      const waiting = new AbortController();
      const stopWaiting = (): void => waiting.abort();
      const timer = setTimeout(stopWaiting, timeoutMs);
      signal.addEventListener("abort", stopWaiting, { once: true });
      let synced: boolean;
      try {
        synced = await waitForCacheSync(waiting.signal, ...this.informers.map((i) => () => i.hasSynced()));
      } finally {
        clearTimeout(timer);
        signal.removeEventListener("abort", stopWaiting);
      }
      if (signal.aborted) return;
      if (!synced) throw new Error(`controller ${this.options.name}: timed out after ${timeoutMs} ms waiting for caches to sync`);
      const onError = this.options.onError ?? ((r, err) => console.error(`controller ${this.options.name}: reconcile ${keyOf(r)}:`, err));
      log("Starting workers", { controller: this.options.name, "worker count": workers });
      await runWorkers(this.queue, {
        workers,
        signal,
        reconcile: (key, worker) => this.reconciler(splitMetaNamespaceKey(key), { signal, worker }),
        onError: (key, err) => onError(splitMetaNamespaceKey(key), err),
        ...(this.options.reconcileMetrics ? { metrics: this.options.reconcileMetrics } : {}),
      });
    } finally {
      for (const r of this.registrations) r.remove();
      this.queue.shutDown();
    }
  }

  private enqueue(requests: Iterable<ReconcileRequest>): void {
    for (const r of requests) if (r.name) this.queue.add(keyOf(r));
  }

  // As controller-runtime's handlers: an update maps the old object and the new (an owner or a
  // mapped object may have changed), a delete maps the last known state (a tombstone's object).
  private register(w: Watch, predicates: Predicate[]): ResourceEventHandlerRegistration {
    return w.informer.addEventHandler({
      onAdd: (obj) => {
        if (predicates.every((p) => p.create?.(obj) ?? true)) this.enqueue(w.map(obj));
      },
      onUpdate: (oldObj, obj) => {
        if (!predicates.every((p) => p.update?.(oldObj, obj) ?? true)) return;
        const requests = new Map<string, ReconcileRequest>();
        for (const r of [...w.map(oldObj), ...w.map(obj)]) requests.set(keyOf(r), r);
        this.enqueue(requests.values());
      },
      onDelete: (d) => {
        const obj = d instanceof DeletedFinalStateUnknown ? d.obj : d;
        if (predicates.every((p) => p.delete?.(obj) ?? true)) this.enqueue(w.map(obj));
      },
    });
  }
}

// The reconciled kind's objects that control `obj` (none or one).
function ownerMapper(kind: ReconciledKind): (obj: KubeObject) => ReconcileRequest[] {
  return (obj) => {
    const ref = getControllerOf(obj);
    if (!ref || ref.kind !== kind.kind || groupOf(ref.apiVersion) !== kind.group) return [];
    return [{ namespace: kind.namespaced ? (obj.metadata?.namespace ?? "") : "", name: ref.name }];
  };
}

/** The group of an apiVersion ("" for the core group's "v1"). */
function groupOf(apiVersion: string): string {
  const i = apiVersion.indexOf("/");
  return i < 0 ? "" : apiVersion.slice(0, i);
}

// An informer of a narrower kind used where handlers only read KubeObject's fields.
function widen<O extends KubeObject>(informer: SharedIndexInformer<O>): SharedIndexInformer {
  return informer as unknown as SharedIndexInformer;
}
