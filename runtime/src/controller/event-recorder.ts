// An event recorder as client-go's tools/record: a controller reports what it did to an object as
// core/v1 Events (type Normal or Warning, a CamelCase reason, a message), attributed to its component.
// Writes are asynchronous and never fail the caller (a lost event must not fail a reconcile); a repeat
// of the same event for the same object within the cache is counted on the existing Event (count and
// lastTimestamp, by a merge patch) instead of creating another, as client-go's EventCorrelator does.
import { hostname } from "node:os";
import type { KubeObject } from "../client/object-types.js";
import type { Transport } from "../rest/transport.js";
import type { RestConfig } from "../rest/rest-config.js";
import { asTransport } from "../client/resource-client.js";
import { CoreV1Client } from "../builtin/core-v1.js";
import { isNotFound } from "../core/api-error.js";
import { formatTime } from "../core/clock.js";

/** An Event's type: Normal for what went as intended, Warning for what needs attention. */
export type EventType = "Normal" | "Warning";

/** client-go's record.EventRecorder. */
export interface EventRecorder {
  /** Records an event about `object` (it needs apiVersion, kind, name; namespace and uid when it has them). */
  event(object: KubeObject, type: EventType, reason: string, message: string): void;
  /** Resolves once every event recorded so far has been written (or has failed and been reported). */
  flush(): Promise<void>;
}

/** Options of newEventRecorder. */
export interface EventRecorderOptions {
  /** The source component (`source.component`, `reportingComponent`), e.g. "sample-controller". */
  component: string;
  /** The source host (`source.host`, `reportingInstance`); the machine's hostname by default. */
  host?: string;
  /** Told when an event could not be written (default: a line on stderr). */
  onError?: (err: unknown, event: CoreEvent) => void;
  /** The wall clock of the timestamps (ms since the epoch); Date.now by default. */
  now?: () => number;
  /** How many distinct events are remembered for counting repeats (default 4096, as client-go's cache). */
  cacheSize?: number;
}

/** The fields of a core/v1 Event the recorder writes. */
export interface CoreEvent {
  apiVersion: "v1";
  kind: "Event";
  metadata: { name: string; namespace: string };
  involvedObject: { apiVersion?: string; kind?: string; name?: string; namespace?: string; uid?: string; resourceVersion?: string };
  reason: string;
  message: string;
  type: EventType;
  source: { component: string; host: string };
  reportingComponent: string;
  reportingInstance: string;
  firstTimestamp: string;
  lastTimestamp: string;
  count: number;
}

interface Seen {
  name: string;
  namespace: string;
  count: number;
}

/** An EventRecorder writing core/v1 Events through a Transport, or a new one made from a RestConfig. */
export function newEventRecorder(config: Transport | RestConfig, options: EventRecorderOptions): EventRecorder {
  const core = new CoreV1Client(asTransport(config));
  const host = options.host ?? hostname();
  const now = options.now ?? Date.now;
  const cacheSize = options.cacheSize ?? 4096;
  const onError =
    options.onError ??
    ((err: unknown, e: CoreEvent) => {
      process.stderr.write(
        `event ${e.reason} on ${e.involvedObject.kind ?? ""} ${e.metadata.namespace}/${e.involvedObject.name ?? ""} not written: ${String(err)}\n`,
      );
    });
  const seen = new Map<string, Seen>();
  const pending = new Set<Promise<void>>();
  // Event names are <object>.<hex nanoseconds>, as client-go's; a sequence keeps two in one millisecond apart.
  let sequence = 0n;
  const eventName = (object: string, ms: number): string =>
    `${object}.${(BigInt(ms) * 1_000_000n + (sequence++ % 1_000_000n)).toString(16)}`;

  async function write(e: CoreEvent, key: string): Promise<void> {
    const previous = seen.get(key);
    const events = core.events(e.metadata.namespace);
    if (previous) {
      previous.count++;
      try {
        await events.patch(previous.name, "merge", { count: previous.count, lastTimestamp: e.lastTimestamp });
        return;
      } catch (err) {
        // The Event expired or was deleted: record a new one below.
        if (!isNotFound(err)) throw err;
        seen.delete(key);
      }
    }
    const created = await events.create(e);
    seen.set(key, { name: created.metadata?.name ?? e.metadata.name, namespace: e.metadata.namespace, count: 1 });
    // Oldest first out: a Map iterates in insertion order.
    while (seen.size > cacheSize) {
      const oldest = seen.keys().next();
      if (oldest.done === true) break;
      seen.delete(oldest.value);
    }
  }

  // Writes of one event key are serialised, so a repeat never races its first creation.
  const chains = new Map<string, Promise<void>>();
  return {
    event(object, type, reason, message) {
      const meta = object.metadata ?? {};
      const namespace = meta.namespace ?? "default";
      const stamp = formatTime(new Date(now()));
      const reference = {
        apiVersion: object.apiVersion,
        kind: object.kind,
        name: meta.name,
        namespace: meta.namespace,
        uid: meta.uid,
        resourceVersion: meta.resourceVersion,
      };
      const involvedObject = Object.fromEntries(
        Object.entries(reference).filter(([, v]) => v !== undefined),
      ) as CoreEvent["involvedObject"];
      const e: CoreEvent = {
        apiVersion: "v1",
        kind: "Event",
        metadata: { name: eventName(meta.name ?? "unknown", now()), namespace },
        involvedObject,
        reason,
        message,
        type,
        source: { component: options.component, host },
        reportingComponent: options.component,
        reportingInstance: host,
        firstTimestamp: stamp,
        lastTimestamp: stamp,
        count: 1,
      };
      const key = [namespace, meta.uid ?? meta.name, object.kind, type, reason, message].join("\u0000");
      const before = chains.get(key) ?? Promise.resolve();
      const done = before
        .then(() => write(e, key))
        .catch((err: unknown) => {
          onError(err, e);
        });
      chains.set(key, done);
      pending.add(done);
      void done.finally(() => {
        pending.delete(done);
        if (chains.get(key) === done) chains.delete(key);
      });
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
