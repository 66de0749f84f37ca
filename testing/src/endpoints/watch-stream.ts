// WATCH over HTTP: chunked newline-delimited JSON events, starting with synthetic ADDED events
// (resourceVersion unset or "0") or the history after a resourceVersion (ERROR 410 when it is compacted),
// then live events (one-row Tables when the Accept header asks for a Table); BOOKMARKs on request (periodically and shortly before the timeout); closed after timeoutSeconds or by injected faults.
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseSelectors, validateListOptions } from "./list-query.js";
import { groupVersion, type ResourceInfo } from "../registry/resource-info.js";
import type { Emulate, ServerState } from "../server-state.js";
import { badRequest, expired } from "../status-errors.js";
import { CompactedError, type KubeObject } from "../storage/store.js";
import { eventFor, matchesFilter, type WatchEvent, type WatchFilter } from "../storage/watch-hub.js";
import { resourceKey, toWire } from "../registry/write-common.js";
import { queryBool, queryInt } from "./query-params.js";
import { stringifyJson } from "../patch/json.js";
import { toTable, wantsTable } from "./table-output.js";
import { partialProtobufWatch, protobufWatch } from "./protobuf/watch-framing.js";
import { partialBookmark, partialMetadataTarget, partialMismatch, partialObject } from "./partial-metadata.js";
import { initialEventsEnd, streamingList, tooLargeStatus } from "./watch-list.js";

/** Serialised event lines per stored object, so N watchers of one change encode it once. */
const encoded = new WeakMap<object, Map<string, string>>();

function eventLine(info: ResourceInfo, ev: WatchEvent, asTable: boolean, emulate: Emulate): string {
  if (ev.type === "ERROR" || ev.type === "BOOKMARK") return `${stringifyJson({ type: ev.type, object: ev.object })}\n`;
  if (asTable) {
    // `kubectl get -w` watches as Table: each event's object is a one-row Table, columns included.
    const obj = toWire(info, ev.object as KubeObject);
    const table = toTable(info, [obj], { resourceVersion: obj.metadata["resourceVersion"] }, emulate);
    return `${JSON.stringify({ type: ev.type, object: table })}\n`;
  }
  const key = `${ev.type} ${groupVersion(info)}`;
  let byKey = encoded.get(ev.object);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const line = `${stringifyJson({ type: ev.type, object: toWire(info, ev.object as KubeObject) })}\n`;
  if (!byKey) encoded.set(ev.object, (byKey = new Map<string, string>()));
  byKey.set(key, line);
  return line;
}

function startRevision(query: URLSearchParams): number | undefined {
  const text = query.get("resourceVersion") ?? "";
  if (text === "" || text === "0") return undefined;
  if (!/^\d+$/.test(text)) throw badRequest(`invalid resource version: ${text}`);
  return Number(text);
}

/** The most changes that wait behind a watch's initial events before the watch is ended. */
const MAX_QUEUED = 10_000;

/** The most bytes of initial events a watch writes as one chunk. */
const BATCH_BYTES = 64 * 1024;

/** How long before a watch's deadline the watch cache sends its last BOOKMARK (cacher's pretimeout). */
const PRE_TIMEOUT_BOOKMARK_MS = 2000;

/** The longest delay a Node timer honours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Serves a watch request until timeout, client disconnect or an injected close. */
export function serveWatch(
  state: ServerState,
  info: ResourceInfo,
  namespace: string | undefined,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  validateListOptions(query, true, state.settings.emulate);
  const list = streamingList(state, query);
  const asTable = wantsTable(req.headers["accept"]);
  // A metadata-only watch (client-go's metadata informers): each object reduced to its metadata.
  const partial = asTable ? undefined : partialMetadataTarget(req.headers["accept"], info.custom);
  if (partial) {
    const mismatch = partialMismatch(info, partial, false);
    if (mismatch) throw mismatch;
  }
  const protobuf =
    asTable || (partial && !partial.protobuf) ? undefined : partial ? partialProtobufWatch() : protobufWatch(req, info.custom);
  const sel = parseSelectors(info, query);
  const from = startRevision(query);

  // Zero or absent means the server's default, as on a real server; a negative timeout ends the watch
  // at once (Go's timer fires immediately), after the initial events.
  const requested = queryInt(query, "timeoutSeconds") ?? 0;
  const timeoutSeconds = requested !== 0 ? requested : state.settings.defaultWatchTimeoutSeconds;
  const filter: WatchFilter = { resource: resourceKey(info), labels: sel.labels, fields: sel.fields };
  if (info.namespaced && namespace !== undefined) filter.namespace = namespace;

  res.writeHead(200, {
    "Content-Type": protobuf?.contentType ?? "application/json",
    "Cache-Control": "no-cache, private",
    "Transfer-Encoding": "chunked",
  });
  res.flushHeaders();

  let sent = 0;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let bookmarkTimer: NodeJS.Timeout | undefined;
  let removeSink = (): void => {};
  let untrack = (): void => {};
  // The initial events (history or a streaming list's state: thousands at once) go out in chunks of
  // up to BATCH_BYTES rather than one HTTP chunk each: the chunk framing, the write calls and the
  // client's reads per event cost more than the events themselves. Live events go out one by one.
  let batch: (string | Uint8Array)[] | undefined;
  let batchBytes = 0;
  const flushBatch = (): void => {
    if (!batch || batch.length === 0) return;
    res.write(
      batch.every((c) => typeof c === "string")
        ? batch.join("")
        : Buffer.concat(batch.map((c) => (typeof c === "string" ? Buffer.from(c) : c))),
    );
    batch = [];
    batchBytes = 0;
  };
  const emit = (chunk: string | Uint8Array): void => {
    if (!batch) return void res.write(chunk);
    batch.push(chunk);
    batchBytes += chunk.length;
    if (batchBytes >= BATCH_BYTES) flushBatch();
  };
  const close = (): void => {
    if (closed) return;
    closed = true;
    flushBatch();
    batch = undefined;
    removeSink();
    untrack();
    for (const t of timers) clearTimeout(t);
    if (bookmarkTimer) clearTimeout(bookmarkTimer);
    res.end();
  };
  const write = (ev: WatchEvent): void => {
    if (closed) return;
    if (partial) {
      const object =
        ev.type === "ERROR"
          ? ev.object
          : ev.type === "BOOKMARK"
            ? partialBookmark(ev.object)
            : partialObject(toWire(info, ev.object as KubeObject));
      emit(protobuf ? protobuf.frame(ev.type, object) : `${stringifyJson({ type: ev.type, object })}\n`);
    } else
      emit(
        protobuf
          ? protobuf.frame(ev.type, ev.type === "ERROR" || ev.type === "BOOKMARK" ? ev.object : toWire(info, ev.object as KubeObject))
          : eventLine(info, ev, asTable, state.settings.emulate),
      );
    sent++;
    if (ev.type !== "ERROR" && ev.type !== "BOOKMARK" && state.faults.shouldCloseWatch(sent)) close();
  };

  // History (or the synthetic initial state) and the live subscription are taken in one synchronous
  // step, so no change can fall between them; changes that come while the initial events are still
  // being written wait in `queued` and follow them.
  // A streaming list's initial events are the current state, whatever resourceVersion (its lower
  // bound, answered in the stream when the server has not reached it); sendInitialEvents=false starts
  // from resourceVersion as a plain watch does, but from now rather than the state when it is unset.
  batch = [];
  if (list?.sendInitialEvents && from !== undefined && from > state.store.revision) {
    write({ type: "ERROR", object: tooLargeStatus(state, from) });
    close();
    return;
  }
  let initial: WatchEvent[] = [];
  if (list ? list.sendInitialEvents : from === undefined) {
    for (const obj of state.store.list(filter.resource, filter.namespace ? `${filter.namespace}/` : undefined)) {
      if (matchesFilter(filter, obj)) initial.push({ type: "ADDED", object: obj });
    }
  } else if (from !== undefined) {
    try {
      initial = state.store.eventsSince(from).flatMap((e) => eventFor(filter, e) ?? []);
    } catch (e) {
      if (!(e instanceof CompactedError)) throw e;
      write({ type: "ERROR", object: expired(e.message).toStatus() });
      close();
      return;
    }
  }
  const endBookmark = list?.sendInitialEvents && list.bookmarks ? initialEventsEnd(info, state.store.revision) : undefined;
  let queued: WatchEvent[] | undefined = [];
  // A watch from a resourceVersion the server has not reached yet only sees changes after it, as the
  // real watch cache sends only events newer than the requested version.
  removeSink = state.hub.add({
    filter,
    deliver: (ev, rv) => {
      if (from !== undefined && rv <= from) return;
      if (!queued) return write(ev);
      queued.push(ev);
      // A client so far behind that this many changes wait is ended, as the watch cache ends a
      // watcher whose buffer stays full, rather than held in memory without bound.
      if (queued.length > MAX_QUEUED) close();
    },
  });
  // The initial events, 64 KB at a time. When more follow a chunk, the server lets the event loop
  // turn (Node sends one tick's writes together), so the chunk leaves at once and the client parses
  // it while the server encodes the next, as the real server streams them from its watch cache; it
  // waits while the client is a socket buffer behind. Then the changes that came meanwhile, and the
  // watch goes live. What fits in one chunk (a short history, no initial state) is written at once.
  const writeInitial = (i: number): void => {
    for (; i < initial.length && !closed; i++) {
      write(initial[i]!);
      if (batchBytes === 0 && i + 1 < initial.length)
        return void turn()
          .then(() => writeInitial(i + 1))
          .catch(abandon);
    }
    if (closed) return;
    if (endBookmark) write(endBookmark);
    flushBatch();
    batch = undefined;
    const waiting = queued ?? [];
    queued = undefined;
    for (const ev of waiting) write(ev);
    if (!closed) watchLive();
  };
  const turn = (): Promise<void> =>
    new Promise((resolve) => {
      if (!res.writableNeedDrain) return void setImmediate(resolve);
      const done = (): void => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.on("drain", done);
      res.on("close", done);
    });
  // An event that cannot be encoded after the response began (none of stored JSON should fail) ends
  // the watch, as a real server's encoder error does, rather than the server.
  const abandon = (err: unknown): void => {
    console.error(`watch of ${resourceKey(info)}: initial events: ${err instanceof Error ? err.message : String(err)}`);
    close();
  };
  // The watch's end, whatever comes first: the client going away, injected faults (which may land
  // while the initial events are still being written: close() sends what is batched first) and the
  // timeout, which runs from the request as the real server's.
  req.on("close", close);
  res.on("close", close);
  untrack = state.faults.trackWatch(close, () => {
    write({ type: "ERROR", object: expired("The resourceVersion for the provided watch is too old.").toStatus() });
    close();
  });
  // Node runs a timer longer than 2^31-1 ms (24.8 days) after 1 ms; the real server's 64-bit timer
  // would wait, so longer timeouts are held at that bound.
  timers.push(setTimeout(close, Math.min(Math.max(timeoutSeconds * 1000, 0), MAX_TIMER_MS)));
  try {
    writeInitial(0);
  } catch (err) {
    abandon(err);
  }

  // Bookmarks only once the initial events are out, as the watch cache sends them.
  function watchLive(): void {
    if (queryBool(query, "allowWatchBookmarks") === true) {
      const bookmark = (): void =>
        write({
          type: "BOOKMARK",
          object: {
            kind: info.kind,
            apiVersion: groupVersion(info),
            metadata: { resourceVersion: String(state.store.revision), creationTimestamp: null },
          },
        });
      const tick = (): void => {
        bookmark();
        if (!closed) bookmarkTimer = setTimeout(tick, state.settings.bookmarkIntervalMs);
      };
      bookmarkTimer = setTimeout(tick, state.settings.bookmarkIntervalMs);
      // The watch cache also sends one about two seconds before the watch's deadline, so a client can
      // resume from there; a watch of two seconds or less gets none.
      const beforeDeadlineMs = timeoutSeconds * 1000 - PRE_TIMEOUT_BOOKMARK_MS;
      if (beforeDeadlineMs > 0 && beforeDeadlineMs < state.settings.bookmarkIntervalMs && beforeDeadlineMs < MAX_TIMER_MS)
        timers.push(setTimeout(bookmark, beforeDeadlineMs));
    }
  }
}
