// Fans committed changes out to open watches. Each watch filters by resource, namespace and selectors;
// an object that stops matching arrives as DELETED (carrying its previous content at the new
// resourceVersion) and one that starts matching as ADDED, as the real watch cache does.
import type { FieldSelector } from "../selectors/field-selector.js";
import { matchesFields } from "../selectors/field-selector.js";
import type { LabelSelector } from "../selectors/label-selector.js";
import { matchesLabels } from "../selectors/label-selector.js";
import type { ChangeEvent, KubeObject, Store } from "./store.js";

/** A watch event as written on the wire. */
export interface WatchEvent {
  type: "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";
  object: Record<string, unknown>;
}

/** What a watch follows. */
export interface WatchFilter {
  /** Storage key of the resource. */
  resource: string;
  namespace?: string;
  labels: LabelSelector;
  fields: FieldSelector;
}

/** Whether an object passes a watch's namespace and selectors. */
export function matchesFilter(f: WatchFilter, obj: KubeObject): boolean {
  if (f.namespace !== undefined && obj.metadata["namespace"] !== f.namespace) return false;
  if (f.labels.length > 0 && !matchesLabels(f.labels, obj.metadata["labels"] as Record<string, string> | undefined)) return false;
  if (f.fields.length > 0 && !matchesFields(f.fields, obj)) return false;
  return true;
}

/** The event (if any) a watch with filter `f` sees for a committed change. */
export function eventFor(f: WatchFilter, e: ChangeEvent): WatchEvent | undefined {
  if (e.resource !== f.resource) return undefined;
  if (e.type === "ADDED") return matchesFilter(f, e.object) ? { type: "ADDED", object: e.object } : undefined;
  if (e.type === "DELETED") return matchesFilter(f, e.object) ? { type: "DELETED", object: e.object } : undefined;
  const now = matchesFilter(f, e.object);
  const before = e.prev ? matchesFilter(f, e.prev) : false;
  if (now && before) return { type: "MODIFIED", object: e.object };
  if (now) return { type: "ADDED", object: e.object };
  if (before && e.prev) {
    // Leaving the selection: the previous content, stamped with this change's resourceVersion.
    const prev = e.prev;
    return { type: "DELETED", object: { ...prev, metadata: { ...prev.metadata, resourceVersion: String(e.rv) } } };
  }
  return undefined;
}

/** A registered watch: its filter and where its events go. */
export interface WatchSink {
  filter: WatchFilter;
  deliver(event: WatchEvent, rv: number): void;
}

/** Registry of open watches, fed synchronously by the store in revision order. */
export class WatchHub {
  private readonly sinks = new Set<WatchSink>();
  private readonly unsubscribe: () => void;

  constructor(store: Store) {
    this.unsubscribe = store.subscribe((e) => {
      for (const s of [...this.sinks]) {
        const ev = eventFor(s.filter, e);
        if (ev) s.deliver(ev, e.rv);
      }
    });
  }

  /** Adds a watch; returns the function that removes it. */
  add(sink: WatchSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Number of open watches (for tests and fault injection). */
  get size(): number {
    return this.sinks.size;
  }

  /** Detaches from the store. */
  close(): void {
    this.unsubscribe();
    this.sinks.clear();
  }
}
