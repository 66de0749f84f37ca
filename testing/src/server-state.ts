// The state every request handler shares: storage, the resource table, the watch hub, fault switches and
// options. Kept in one object so handlers stay plain functions.
import type { Faults } from "./faults.js";
import type { ResourceRegistry } from "./registry/resource-registry.js";
import type { Store } from "./storage/store.js";
import type { WatchHub } from "./storage/watch-hub.js";

/** The kube-apiserver versions the test server answers as. */
export type Emulate = "1.37" | "1.24";

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
  emulate: Emulate;
}

/** An authenticated identity, as user.Info: the name and the groups authorization reads. */
export interface UserInfo {
  name: string;
  groups: string[];
  /** A service account's uid, for a token minted by a TokenRequest (reviews report it). */
  uid?: string;
  /** Extra attributes: a TokenRequest's token carries its credential id, "JTI=<uuid>". */
  extra?: Record<string, string[]>;
}

/** What one request asks to do, as authorizer.Attributes (a resource request, or a non-resource path). */
export interface RequestAttributes {
  verb: string;
  resource?: { group: string; resource: string; subresource: string; namespace: string; name: string };
  path?: string;
}

/** The answer of an authorizer, with the reason a SubjectAccessReview reports. */
export interface Decision {
  allowed: boolean;
  reason: string;
}

/**
 * Authorization when the server enforces it (StartOptions.authorization "RBAC", endpoints/rbac-authorizer.ts,
 * loaded only then); absent, every authenticated request is allowed, as before.
 */
export interface Authorizer {
  authorize(state: ServerState, user: UserInfo, attrs: RequestAttributes): Decision;
  /** A SelfSubjectRulesReview's status: the rules that apply to `user` in `namespace`. */
  rules(state: ServerState, user: UserInfo, namespace: string): Record<string, unknown>;
}

/** Shared state of one running test server. */
import type { AuditLog } from "./audit/audit-log.js";

export interface ServerState {
  store: Store;
  registry: ResourceRegistry;
  hub: WatchHub;
  faults: Faults;
  settings: ServerSettings;
  /** Tokens the server minted (service accounts' TokenRequests, server.tokenFor) and whom they authenticate. */
  tokens: Map<string, UserInfo>;
  /** The server's own token (the admin's), which a TokenReview may ask about. */
  adminToken: string;
  /** The authorizer, when the server enforces authorization. */
  authorizer?: Authorizer;
  /** The audit log, when the server keeps one (StartOptions.auditLog). */
  audit?: AuditLog;
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
