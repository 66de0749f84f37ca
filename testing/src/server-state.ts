// The state every request handler shares: storage, the resource table, the watch hub, fault switches and
// options. Kept in one object so handlers stay plain functions.
import type { Faults } from "./faults.js";
import type { ResourceRegistry } from "./registry/resource-registry.js";
import type { Store } from "./storage/store.js";
import type { WatchHub } from "./storage/watch-hub.js";

/** Server-wide settings resolved from StartOptions. */
export interface ServerSettings {
  /** How often watches with allowWatchBookmarks=true get a BOOKMARK event. */
  bookmarkIntervalMs: number;
  /** Default watch duration when the request has no timeoutSeconds. */
  defaultWatchTimeoutSeconds: number;
  /** Requests without credentials are system:anonymous (403 on resources) rather than 401. */
  anonymousAuth: boolean;
  /** How long an emptied Terminating namespace stays before the namespace controller removes it. */
  namespaceDeletionDelayMs: number;
  /** Which kube-apiserver's answers to give where they differ: "1.37" (default) or "1.24". */
  emulate: "1.37" | "1.24";
}

/** Shared state of one running test server. */
export interface ServerState {
  store: Store;
  registry: ResourceRegistry;
  hub: WatchHub;
  faults: Faults;
  settings: ServerSettings;
  /** host:port as clients reach it, for /api's serverAddressByClientCIDRs. */
  address: string;
  /** Runs follow-up work (garbage collection, CRD establishment, namespace cleanup) after a response. */
  defer(task: () => void): void;
  /** Runs follow-up work after a delay (server.settle() waits for it too). */
  later(ms: number, task: () => void): void;
}

/** RFC 3339 timestamp at second precision, as metav1.Time serialises. */
export function nowTimestamp(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, "Z");
}
