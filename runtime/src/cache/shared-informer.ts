// The shared index informer: one reflector filling one indexer, its changes fanned out to any
// number of handlers, each with its own buffer and resync period, as client-go's
// sharedIndexInformer. There is no DeltaFIFO: the reflector is the only producer and this informer
// the only consumer, so each event is applied to the indexer and queued to the listeners as it
// arrives, which keeps client-go's observable order (per object, in resourceVersion order; on
// update the old object and the new; after a relist, vanished objects as tombstones).
import type { KubeObject } from "../client/object-types.js";
import { realClock } from "../core/clock.js";
import type { Clock } from "../core/clock.js";
import type { HandlerOptions, Notification, ResourceEventHandler, ResourceEventHandlerRegistration } from "./event-handler.js";
import { deepFreeze } from "./freeze.js";
import { NAMESPACE_INDEX, metaNamespaceIndexFunc } from "./index-funcs.js";
import type { Indexers } from "./index-funcs.js";
import { Indexer } from "./indexer.js";
import type { ReadonlyIndexer } from "./indexer.js";
import type { ListerWatcher } from "./lister-watcher.js";
import { DeletedFinalStateUnknown, metaNamespaceKeyFunc } from "./object-key.js";
import type { KeyFunc } from "./object-key.js";
import { ProcessorListener } from "./processor-listener.js";
import { Reflector } from "./reflector.js";
import { ValueSharer } from "./value-sharing.js";
import type { ReflectorOptions, ReflectorStore } from "./reflector.js";

// How long the sharing of a list's objects runs in one turn of the event loop (see shareLater).
const SHARE_SLICE_MS = 5;

/**
 * The new objects of one list, each to be shared with the one listed before it (ValueSharer.shareLike):
 * at once, or, if `deferred`, later (`later` collects them in list order).
 */
class ListedObjects<T> {
  private prev: T | undefined;
  readonly later: T[] | undefined;

  constructor(
    private readonly sharer: ValueSharer | undefined,
    deferred: boolean,
  ) {
    if (deferred) this.later = [];
  }

  add(obj: T): void {
    if (this.later) this.later.push(obj);
    else if (this.prev !== undefined) this.sharer?.shareLike(obj, this.prev);
    this.prev = obj;
  }
}

/** client-go's minimumResyncPeriod: shorter non-zero resync periods are raised to it. */
export const MINIMUM_RESYNC_PERIOD_MS = 1000;

/** Options of a SharedIndexInformer. */
export interface SharedIndexInformerOptions<T> {
  /** The resync period of handlers that name none (ms; 0: no resync). */
  defaultResyncPeriod?: number;
  /** Indices besides the built-in `namespace` one. */
  indexers?: Indexers<T>;
  /** Applied to every object before it is stored (strip managedFields, say); may return the same object. */
  transform?: (obj: T) => T;
  /**
   * Deep-freeze every cached object, so a handler or lister caller that mutates one throws. Cached
   * objects are shared and must be treated as read-only in any case; this is a development aid.
   */
  freezeObjects?: boolean;
  /**
   * Share equal values between cached objects (default true): an update's unchanged parts are the
   * previous version's objects (`oldObj.status === obj.status` when the status did not change), an
   * object a relist finds unchanged stays the cached object itself, a list's new objects share what
   * equals the object listed before them (once their adds were handled; idle() waits for it), and
   * the strings of objects a watch adds are shared with equal ones already cached. Values are
   * unchanged; it saves memory and, on a busy watch, most of the garbage collector's work. False
   * turns it off (every object is then as parsed).
   */
  shareValues?: boolean;
  keyFunc?: KeyFunc<T>;
  /** Reflector tuning (timeouts, backoff) and the clock resync runs on. */
  reflector?: ReflectorOptions;
  /** Told of handler failures and of errors the reflector recovers from (default: console). */
  onError?: (err: unknown) => void;
}

/** A cache of one resource kept by list and watch, with event handlers. */
export class SharedIndexInformer<T extends KubeObject = KubeObject> {
  private readonly store: Indexer<T>;
  private readonly listeners = new Set<ProcessorListener<T>>();
  // Listeners whose resync was due at the last resync tick: they alone see same-version updates.
  private syncing = new Set<ProcessorListener<T>>();
  private readonly clock: Clock;
  private reflector: Reflector<T> | undefined;
  private started = false;
  private stopped = false;
  private synced = false;
  private cancelResync = (): void => {};
  private readonly sharer: ValueSharer | undefined;
  // The sharing of lists' new objects with their neighbours, which runs after their adds were handled.
  private sharing: Promise<void> | undefined;
  // While a list is stored: its adds not yet handed to the listeners (see flushListAdds).
  private listAdds: T[] | undefined;
  private listAddsInitial = false;

  constructor(
    private readonly lw: ListerWatcher<T>,
    private readonly options: SharedIndexInformerOptions<T> = {},
  ) {
    this.clock = options.reflector?.clock ?? realClock;
    if (options.shareValues !== false) this.sharer = new ValueSharer();
    this.store = new Indexer<T>(options.keyFunc ?? metaNamespaceKeyFunc, {
      [NAMESPACE_INDEX]: metaNamespaceIndexFunc,
      ...options.indexers,
    });
  }

  /** The cache. Its objects are shared: read-only. */
  getIndexer(): ReadonlyIndexer<T> {
    return this.store;
  }

  /** Adds indices (existing objects are filed under them at once). */
  addIndexers(indexers: Indexers<T>): void {
    this.store.addIndexers(indexers);
  }

  /** True once the first list has been stored in the cache. */
  hasSynced(): boolean {
    return this.synced;
  }

  /** The resourceVersion the cache reflects ("" before the first list). */
  lastSyncResourceVersion(): string {
    return this.reflector?.lastSyncResourceVersion() ?? "";
  }

  /** Whether run() has been called and has since returned or is returning. */
  isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Registers `handler`. Added after start, it is first given an add of every cached object
   * (isInInitialList true). Its resync period defaults to the informer's.
   */
  addEventHandler(handler: ResourceEventHandler<T>, options: HandlerOptions = {}): ResourceEventHandlerRegistration {
    if (this.stopped) throw new Error("informer has stopped: handlers cannot be added");
    let period = options.resyncPeriod ?? this.options.defaultResyncPeriod ?? 0;
    if (period > 0 && period < MINIMUM_RESYNC_PERIOD_MS) period = MINIMUM_RESYNC_PERIOD_MS;
    const listener = new ProcessorListener<T>(handler, { resyncPeriod: period }, (err) => this.report(err, "event handler threw"));
    listener.nextResync = this.clock.now() + period;
    this.listeners.add(listener);
    if (this.started) listener.addAll(this.store.list(), true);
    if (this.started) this.scheduleResync();
    return {
      hasSynced: () => this.synced && listener.initialDelivered(),
      remove: () => {
        this.listeners.delete(listener);
        this.syncing.delete(listener);
        void listener.stop();
      },
    };
  }

  /** Removes a registration, as client-go's RemoveEventHandler. */
  removeEventHandler(registration: ResourceEventHandlerRegistration): void {
    registration.remove();
  }

  /** Resolves once every handler has handled everything queued to it so far (for tests and shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.listeners].map((l) => l.idle()));
    while (this.sharing) await this.sharing;
  }

  /**
   * Runs the informer until `signal` aborts; resolves once it has stopped. Runs once only. On abort
   * the list and watch end at once and queued notifications are dropped, but a handler call already
   * running is awaited (as client-go's processor waits for its listeners): a handler that can block
   * should take its own AbortSignal.
   */
  async run(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error("informer has already been started");
    this.started = true;
    this.reflector = new Reflector<T>(this.lw, this.reflectorStore(), {
      ...this.options.reflector,
      onError: this.options.reflector?.onError ?? ((err) => this.report(err, "list and watch")),
    });
    this.scheduleResync();
    try {
      await this.reflector.run(signal);
    } finally {
      this.stopped = true;
      this.cancelResync();
      await Promise.all([...this.listeners].map((l) => l.stop()));
    }
  }

  private report(err: unknown, what: string): void {
    if (this.options.onError) return this.options.onError(err);
    console.error(`informer: ${what}:`, err);
  }

  private transform(obj: T): T {
    return this.options.transform ? this.options.transform(obj) : obj;
  }

  private distribute(n: Notification<T>, sync = false): void {
    if (this.listAdds && n.type === "add" && !sync) return void this.listAdds.push(n.obj);
    this.flushListAdds();
    for (const l of sync ? this.syncing : this.listeners) l.add(n);
  }

  // The adds a list has made so far go to every listener as one entry (a notification per object
  // and listener, kept until delivered, was most of what storing an initial list allocated), before
  // any notification of another kind, so each listener's order is unchanged.
  private flushListAdds(): void {
    const adds = this.listAdds;
    if (!adds || adds.length === 0) return;
    for (const l of this.listeners) l.addAll(adds, this.listAddsInitial);
    this.listAdds = [];
  }

  // Stores `raw` transformed, sharing what it can with the version it replaces (all of it: the
  // cached object stays, if equal), or, if it is new and comes from a list, with the new object
  // listed before it (`listed`), else with the rest of the cache; frozen if asked; then tells the
  // handlers.
  private upsert(raw: T, initial: boolean, listed?: ListedObjects<T>): T {
    let obj = this.transform(raw);
    const old = this.store.upsert(obj);
    if (old === undefined && listed) listed.add(obj);
    else if (this.sharer?.share(obj, old)) {
      // Equal to what was cached (a relist, mostly): the cached object goes back, the new one is garbage.
      obj = old!;
      this.store.upsert(obj);
    }
    if (this.options.freezeObjects) deepFreeze(obj);
    if (old === undefined) {
      this.distribute({ type: "add", obj, initial });
    } else {
      // An unchanged resourceVersion (a relist that found the object as it was) is a resync, for
      // resyncing handlers only, as client-go's OnUpdate.
      const sync = old.metadata?.resourceVersion === obj.metadata?.resourceVersion;
      this.distribute({ type: "update", oldObj: old, obj }, sync);
    }
    return obj;
  }

  private reflectorStore(): ReflectorStore<T> {
    return {
      replace: (items) => {
        const initial = !this.synced;
        // Into an empty store (the initial list, or a relist after everything was deleted) nothing
        // can vanish: no record of what was listed is needed.
        const wasEmpty = this.store.size === 0;
        // The objects this list stored: any other one the store holds has vanished. (Objects, not
        // keys: no key string is made per object.)
        const listed = wasEmpty ? undefined : new Set<T>();
        // Frozen objects cannot be shared once handed out: they are shared as they are stored.
        const fresh = new ListedObjects<T>(this.sharer, this.sharer !== undefined && !this.options.freezeObjects);
        this.listAdds = [];
        this.listAddsInitial = initial;
        try {
          for (const raw of items) {
            // One object the store cannot take (no name, a failing transform) must not fail the
            // whole relist, or the informer would relist into it forever and never sync.
            try {
              const obj = this.upsert(raw, initial, fresh);
              listed?.add(obj);
            } catch (err) {
              this.report(err, "list");
            }
          }
          if (listed) {
            for (const last of this.store.list()) {
              if (listed.has(last)) continue;
              this.store.remove(last);
              this.distribute({ type: "delete", obj: new DeletedFinalStateUnknown(this.store.keyFunc(last), last) });
            }
          }
        } finally {
          this.flushListAdds();
          this.listAdds = undefined;
        }
        this.synced = true;
        if (fresh.later && fresh.later.length > 1) this.shareLater(fresh.later);
      },
      add: (obj) => void this.upsert(obj, false),
      update: (obj) => void this.upsert(obj, false),
      delete: (raw) => {
        const obj = this.transform(raw);
        if (this.options.freezeObjects) deepFreeze(obj);
        // A deletion of an object the cache never held is dropped, as DeltaFIFO drops it.
        if (this.store.remove(obj) === undefined) return;
        this.distribute({ type: "delete", obj });
      },
    };
  }

  // Shares each of `objs` (new objects of one list, in list order) with the one before it, in
  // slices between turns of the event loop, once the handlers have caught up: the list's adds
  // reach handlers without waiting for it (the walk costs about as much as the list's JSON.parse),
  // and the memory it saves is saved within a few turns after. idle() waits for it.
  private shareLater(objs: T[]): void {
    const sharer = this.sharer!;
    const before = this.sharing;
    // Set before the walk can end (it awaits first), so the last one to end clears the field.
    let done: Promise<void> | undefined = undefined;
    done = (async () => {
      await before;
      // The handlers first: the list's adds (and whatever came after them) are delivered before any
      // of this runs, rather than in turns shared with it.
      await Promise.all([...this.listeners].map((l) => l.idle()));
      try {
        for (let i = 1; i < objs.length && !this.stopped;) {
          await new Promise<void>((r) => setImmediate(r));
          const end = performance.now() + SHARE_SLICE_MS;
          // The clock is read every 64 objects (a walk takes a microsecond or two).
          for (; i < objs.length && ((i & 63) !== 0 || performance.now() < end); i++) {
            const obj = objs[i]!;
            // One replaced or deleted since is no longer cached: there is nothing left to save.
            if (this.store.get(obj) === obj) sharer.shareLike(obj, objs[i - 1]);
          }
        }
      } catch (err) {
        // Sharing only saves memory: a failure costs that, not the cache.
        this.report(err, "sharing listed objects");
      } finally {
        if (this.sharing === done) this.sharing = undefined;
      }
    })();
    this.sharing = done;
  }

  // One timer at the shortest resync period any handler has; on each tick the handlers that are
  // due get onUpdate(obj, obj) for every cached object.
  private scheduleResync(): void {
    this.cancelResync();
    if (this.stopped) return;
    const periods = [...this.listeners].map((l) => l.resyncPeriod).filter((p) => p > 0);
    if (periods.length === 0) return;
    const timer = this.clock.setTimer(Math.min(...periods), () => {
      this.resync();
      this.scheduleResync();
    });
    this.cancelResync = () => timer.stop();
  }

  private resync(): void {
    const now = this.clock.now();
    this.syncing = new Set();
    for (const l of this.listeners) {
      if (l.resyncPeriod > 0 && now >= l.nextResync) {
        this.syncing.add(l);
        l.nextResync = now + l.resyncPeriod;
      }
    }
    if (!this.synced || this.syncing.size === 0) return;
    for (const obj of this.store.list()) this.distribute({ type: "update", oldObj: obj, obj }, true);
  }
}
