// The reflector: keeps a store equal to the server's collection by a list, then a watch from the
// list's resourceVersion, with client-go's recovery rules. A watch that ends or drops is resumed
// from the last resourceVersion seen (bookmarks move it); a 410 (answered or sent as an ERROR event)
// means relist, first at the last version and, if that is gone too, a consistent list at the latest
// one; failures back off with jitter. It stops only when its AbortSignal aborts. As client-go since
// v0.35 (the WatchListClient feature, on by default), the list is a streaming list when it can be:
// one watch with sendInitialEvents that sends the state, a bookmark annotated
// k8s.io/initial-events-end, then changes; a server that refuses it (before 1.27, or with the feature
// off: 422) gets a paged list and a watch instead, as client-go falls back, in each round.
import { asApiError, isGone, isTooManyRequests } from "../core/api-error.js";
import type { KubeObject, ObjectList } from "../client/object-types.js";
import type { ListOptions, WatchOptions } from "../client/options.js";
import { DEFAULT_PAGE_SIZE } from "../client/list-pager.js";
import { TransportError } from "../rest/transport.js";
import type { WatchEvent } from "../watch/watch-event.js";
import { Backoff } from "./backoff.js";
import type { BackoffOptions } from "./backoff.js";
import { realClock, sleep } from "../core/clock.js";
import type { Clock, Timer } from "../core/clock.js";
import { watchInBatches } from "./lister-watcher.js";
import type { ListerWatcher } from "./lister-watcher.js";

/** Where a reflector puts what it learns, in the order it learns it. */
export interface ReflectorStore<T> {
  /** A (re)list: the complete collection at `resourceVersion`. */
  replace(items: T[], resourceVersion: string): void;
  /** A watch ADDED event. */
  add(obj: T): void;
  /** A watch MODIFIED event. */
  update(obj: T): void;
  /** A watch DELETED event (the object's last state). */
  delete(obj: T): void;
}

/** Tuning of a reflector; every default is client-go's. */
export interface ReflectorOptions {
  /** Names the reflector in error reports. */
  name?: string;
  /** Page size of lists (client-go's WatchListPageSize); 0 or unset follows client-go's choice per list. */
  pageSize?: number;
  /** The server-side timeout of each watch is random in [min, 2·min] (default 5 min). */
  minWatchTimeoutMs?: number;
  /** A watch that delivers nothing for this long is abandoned and reopened (default its timeout + 30 s). */
  idleTimeoutMs?: number;
  backoff?: BackoffOptions;
  clock?: Clock;
  /** Source of jitter and watch timeouts, in [0, 1). */
  random?: () => number;
  /**
   * Sync by streaming list (watch with sendInitialEvents) when the server serves it (default true, as
   * client-go's WatchListClient feature); false always lists and then watches.
   */
  useWatchList?: boolean;
  /** Told of each failure the reflector recovers from (default: console.warn). */
  onError?: (err: unknown) => void;
}

const DEFAULT_MIN_WATCH_TIMEOUT_MS = 5 * 60_000;
const IDLE_MARGIN_MS = 30_000;
// A watch that closes this soon with no events at all means something is wrong: relist after a backoff.
const VERY_SHORT_WATCH_MS = 1000;

/** The annotation of the bookmark that ends a streaming list's initial events. */
const INITIAL_EVENTS_END = "k8s.io/initial-events-end";

/** Why a watch loop returned: the caller relists after a backoff. */
type WatchEnd = "stopped" | "relist";

/** Lists and watches `lw` into `store` until the signal given to run() aborts. */
export class Reflector<T extends KubeObject> {
  private lastSyncRV = "";
  // The last list or watch at lastSyncRV answered 410 (or "too large"): the next list is a consistent one at "".
  private lastSyncRVUnavailable = false;
  // An initial list at "0" came back paged: the server does not serve lists from a cache, so keep paging.
  private paginatedResult = false;
  private synced = false;
  // While a streaming list's initial events arrive: the objects so far. They reach the store in one
  // replace() at the bookmark, as client-go's temporary store does.
  private initial: InitialEvents<T> | undefined;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly backoff: Backoff;
  private readonly minWatchTimeoutMs: number;
  readonly name: string;

  constructor(
    private readonly lw: ListerWatcher<T>,
    private readonly store: ReflectorStore<T>,
    private readonly options: ReflectorOptions = {},
  ) {
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.backoff = new Backoff(options.backoff ?? {}, this.clock, this.random);
    this.minWatchTimeoutMs = options.minWatchTimeoutMs ?? DEFAULT_MIN_WATCH_TIMEOUT_MS;
    this.name = options.name ?? "reflector";
  }

  /** True once the first list has been stored. */
  hasSynced(): boolean {
    return this.synced;
  }

  /** The resourceVersion of the last list, event or bookmark stored ("" before the first list). */
  lastSyncResourceVersion(): string {
    return this.lastSyncRV;
  }

  /** Lists and watches until `signal` aborts; never rejects, never returns earlier. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.listAndWatch(signal);
      } catch (err) {
        if (!signal.aborted) this.report(err);
      }
      // As client-go's sliding Until: every round, failed or not, is followed by a backoff delay.
      await sleep(this.clock, this.backoff.next(), signal);
    }
  }

  private report(err: unknown): void {
    if (this.options.onError) this.options.onError(err);
    else console.warn(`${this.name}: ${err instanceof Error ? err.message : String(err)}`);
  }

  private async listAndWatch(signal: AbortSignal): Promise<void> {
    const watchList = this.options.useWatchList !== false && this.lw.isWatchListSemanticsUnsupported?.() !== true;
    if (!watchList || !(await this.watchList(signal))) await this.list(signal);
    if (signal.aborted) return;
    await this.watch(signal);
  }

  /**
   * A streaming list: true once the initial-events-end bookmark has replaced the store (the watch then
   * went on delivering changes until it ended, and watch() resumes it); false when the server refused
   * it or ended it first, so the caller lists instead, as client-go falls back ("making progress is
   * better than deadlocking"). A dropped connection or a 429 is thrown: the round backs off and the
   * next one tries the streaming list again.
   */
  private async watchList(signal: AbortSignal): Promise<boolean> {
    // client-go's rewatchResourceVersion: a consistent read ("") first, and whenever the last version is gone.
    const rv = this.lastSyncRVUnavailable ? "" : this.lastSyncRV;
    const min = this.minWatchTimeoutMs / 1000;
    const timeoutSeconds = Math.floor(min + this.random() * min);
    this.initial = new InitialEvents<T>();
    const outcome = await this.watchOnce(rv, timeoutSeconds, signal, () => this.initial === undefined, {
      sendInitialEvents: true,
      resourceVersionMatch: "NotOlderThan",
    });
    const streamed = this.initial === undefined;
    this.initial = undefined;
    if (streamed || signal.aborted) return true;
    const { err } = outcome;
    if (err instanceof Error && (isTooManyRequests(err) || err instanceof TransportError)) throw err;
    if (isGone(err) || isTooLargeResourceVersion(err)) this.lastSyncRVUnavailable = true;
    this.report(
      new Error(
        `the streaming list ended before its initial events did (${err instanceof Error ? err.message : "no error"}); falling back to a list and a watch`,
      ),
    );
    return false;
  }

  private relistResourceVersion(): string {
    if (this.lastSyncRVUnavailable) return "";
    return this.lastSyncRV === "" ? "0" : this.lastSyncRV;
  }

  private async list(signal: AbortSignal): Promise<void> {
    const rv = this.relistResourceVersion();
    let result: PagedList<T>;
    try {
      result = await this.pagedList(rv, this.pageSizeFor(rv), signal);
    } catch (err) {
      if (signal.aborted || !(isGone(err) || isTooLargeResourceVersion(err))) throw err;
      this.lastSyncRVUnavailable = true;
      // The retry is a consistent list (""), which is paged: the first version's page size would
      // have asked etcd for the whole collection at once.
      const retryRV = this.relistResourceVersion();
      result = await this.pagedList(retryRV, this.pageSizeFor(retryRV), signal);
    }
    if (signal.aborted) return;
    if (rv === "0" && result.paginated) this.paginatedResult = true;
    this.lastSyncRVUnavailable = false;
    this.store.replace(result.items, result.resourceVersion);
    this.lastSyncRV = result.resourceVersion;
    this.synced = true;
  }

  // client-go's choice: an explicit page size wins; a server seen paging keeps paging; a list at a
  // specific version is unpaged so the server's watch cache can answer it; "0" and "" are paged.
  private pageSizeFor(rv: string): number {
    if (this.options.pageSize) return this.options.pageSize;
    return !this.paginatedResult && rv !== "" && rv !== "0" ? 0 : DEFAULT_PAGE_SIZE;
  }

  // One list, page by page; a continue token that expires mid-way falls back to one unpaged list at
  // the version first asked for, as client-go's pager does.
  private async pagedList(rv: string, pageSize: number, signal: AbortSignal): Promise<PagedList<T>> {
    const items: T[] = [];
    let options: ListOptions = { resourceVersion: rv, signal };
    if (pageSize > 0) options.limit = pageSize;
    let listRV: string | undefined;
    let paginated = false;
    for (;;) {
      let page: ObjectList<T>;
      try {
        page = await this.lw.list(options);
      } catch (err) {
        if (options.continue === undefined || asApiError(err)?.reason !== "Expired") throw err;
        const full = await this.lw.list({ resourceVersion: rv, signal });
        return { items: full.items, resourceVersion: full.metadata?.resourceVersion ?? "", paginated };
      }
      listRV ??= page.metadata?.resourceVersion ?? "";
      const next = page.metadata?.continue;
      // One page (an unpaged list, or a watch cache's answer at "0"): its items as they came, not a copy.
      if (!next && !paginated) return { items: page.items, resourceVersion: listRV, paginated };
      for (const item of page.items) items.push(item);
      if (!next) return { items, resourceVersion: listRV, paginated };
      options = { continue: next, signal };
      if (pageSize > 0) options.limit = pageSize;
      paginated = true;
    }
  }

  // Watches from lastSyncRV, reopening after each clean end or dropped connection, until a 410, an
  // error that calls for a relist, or the signal.
  private async watch(signal: AbortSignal): Promise<WatchEnd> {
    for (;;) {
      if (signal.aborted) return "stopped";
      const min = this.minWatchTimeoutMs / 1000;
      const timeoutSeconds = Math.floor(min + this.random() * min);
      const rv = this.lastSyncRV;
      // Synthetic ADDED events of a watch from "" or "0" are not in version order: take no version from them.
      let propagateRV = rv !== "" && rv !== "0";
      const outcome = await this.watchOnce(rv, timeoutSeconds, signal, (ev) => {
        if (ev.type !== "ADDED") propagateRV = true;
        return propagateRV;
      });
      if (signal.aborted) return "stopped";
      const { err, events, idled, durationMs } = outcome;
      if (idled) {
        this.report(new Error(`watch delivered nothing for ${this.idleTimeoutMs(timeoutSeconds)} ms; reopening it`));
        continue;
      }
      if (err === undefined) {
        if (events === 0 && durationMs < VERY_SHORT_WATCH_MS) {
          this.report(new Error("very short watch: the watch closed at once without any event"));
          return "relist";
        }
        continue;
      }
      if (isGone(err)) return "relist";
      if (isTooManyRequests(err) || err instanceof TransportError) {
        // A dropped connection resumes at once if the watch was delivering; a refused one waits.
        if (events === 0 || isTooManyRequests(err)) await sleep(this.clock, this.backoff.next(), signal);
        continue;
      }
      this.report(err);
      return "relist";
    }
  }

  private idleTimeoutMs(timeoutSeconds: number): number {
    return this.options.idleTimeoutMs ?? timeoutSeconds * 1000 + IDLE_MARGIN_MS;
  }

  private async watchOnce(
    rv: string,
    timeoutSeconds: number,
    signal: AbortSignal,
    takesVersion: (ev: WatchEvent<T>) => boolean,
    extra: Pick<WatchOptions, "sendInitialEvents" | "resourceVersionMatch"> = {},
  ): Promise<{ err?: unknown; events: number; idled: boolean; durationMs: number }> {
    const start = this.clock.now();
    const ac = new AbortController();
    const stop = (): void => ac.abort();
    signal.addEventListener("abort", stop, { once: true });
    const idleMs = this.idleTimeoutMs(timeoutSeconds);
    let idled = false;
    // One timer per watch rather than one per event (this is the hot path): each event only notes
    // its time, and the timer, when it fires, waits out what is left of the idle period since then.
    let lastEventAt = start;
    let timer: Timer | undefined;
    const cancelIdle = (): void => timer?.stop();
    const arm = (delayMs: number): void => {
      timer = this.clock.setTimer(delayMs, () => {
        const left = lastEventAt + idleMs - this.clock.now();
        if (left > 0) return arm(left);
        idled = true;
        ac.abort();
      });
    };
    let events = 0;
    let err: unknown;
    try {
      arm(idleMs);
      const stream = watchInBatches(this.lw, {
        ...extra,
        resourceVersion: rv,
        timeoutSeconds,
        allowWatchBookmarks: true,
        signal: ac.signal,
      });
      // A batch is what one chunk of the stream completed: its events are applied in one go.
      for await (const batch of stream) {
        lastEventAt = this.clock.now();
        for (const ev of batch) {
          events++;
          try {
            this.apply(ev);
          } catch (e) {
            // One object the store cannot take (no name, a failing transform) must not stop the watch.
            this.report(e);
          }
          const evRV = ev.object.metadata?.resourceVersion;
          if (evRV && takesVersion(ev)) this.lastSyncRV = evRV;
        }
      }
    } catch (e) {
      err = e;
    } finally {
      cancelIdle();
      signal.removeEventListener("abort", stop);
    }
    return { err, events, idled, durationMs: this.clock.now() - start };
  }

  private apply(ev: WatchEvent<T>): void {
    if (this.initial) return this.applyInitial(this.initial, ev);
    switch (ev.type) {
      case "ADDED":
        return this.store.add(ev.object);
      case "MODIFIED":
        return this.store.update(ev.object);
      case "DELETED":
        return this.store.delete(ev.object);
      case "BOOKMARK":
        return;
    }
  }

  // A streaming list's initial events collect apart from the store; the annotated bookmark makes them
  // the store's contents at its resourceVersion, as a list would.
  private applyInitial(initial: InitialEvents<T>, ev: WatchEvent<T>): void {
    const meta = ev.object.metadata;
    if (ev.type !== "BOOKMARK") return initial.apply(ev);
    if (meta?.annotations?.[INITIAL_EVENTS_END] !== "true") return;
    const rv = meta.resourceVersion ?? "";
    this.initial = undefined;
    this.lastSyncRVUnavailable = false;
    this.store.replace(initial.objects(), rv);
    this.lastSyncRV = rv;
    this.synced = true;
  }
}

/**
 * A streaming list's state so far. The server sends each object once, as ADDED, so they are kept in
 * arrival order with no key made per object (a key string and a map entry cost more than the rest
 * of storing one); a DELETED or MODIFIED event before the bookmark, which no server sends, turns
 * them into a map by namespace/name that applies it, as client-go's temporary store would.
 */
class InitialEvents<T extends KubeObject> {
  private added: T[] | undefined = [];
  private byKey: Map<string, T> | undefined;

  apply(ev: WatchEvent<T>): void {
    if (ev.type === "ADDED" && this.added) return void this.added.push(ev.object);
    const byKey = this.keyed();
    if (ev.type === "DELETED") byKey.delete(initialKey(ev.object));
    else byKey.set(initialKey(ev.object), ev.object);
  }

  objects(): T[] {
    return this.added ?? [...this.byKey!.values()];
  }

  private keyed(): Map<string, T> {
    if (!this.byKey) {
      this.byKey = new Map();
      for (const obj of this.added ?? []) this.byKey.set(initialKey(obj), obj);
      this.added = undefined;
    }
    return this.byKey;
  }
}

function initialKey(obj: KubeObject): string {
  return `${obj.metadata?.namespace ?? ""}/${obj.metadata?.name ?? ""}`;
}

interface PagedList<T> {
  items: T[];
  resourceVersion: string;
  paginated: boolean;
}

// The watch cache's answer to a version it has not reached yet (504 with cause ResourceVersionTooLarge).
function isTooLargeResourceVersion(err: unknown): boolean {
  return asApiError(err)?.causes.some((c) => c.reason === "ResourceVersionTooLarge") ?? false;
}
