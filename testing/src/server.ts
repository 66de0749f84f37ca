// startTestApiServer: wires storage, resources, controllers and the HTTP(S) listener together, loads the
// given CRDs and objects, and returns the handle (URL, kubeconfig, token, fault switches, stop).
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { AuditLog, type AuditEvent } from "./audit/audit-log.js";
import { checkAuditPolicy, type AuditPolicy } from "./audit/audit-policy.js";
import { builtinResources } from "./builtin/resources.js";
import { CRD_KEY, decorateCrdResource, startCrdController } from "./apiextensions/crd-controller.js";
import { prepareForSeeds } from "./apiextensions/crd-engines.js";
import { Faults } from "./faults.js";
import { deepCopy } from "./patch/index.js";
import { startDeploymentStatusController } from "./controllers/deployment-status.js";
import { startGarbageCollector } from "./controllers/garbage-collector.js";
import { buildKubeconfig, writeKubeconfig, type Kubeconfig } from "./kubeconfig.js";
import { startNamespaceController } from "./controllers/namespace-controller.js";
import { ResourceRegistry } from "./registry/resource-registry.js";
import { answerClientError, handleRequest } from "./endpoints/request-handler.js";
import { mintToken, serviceAccountGroups } from "./endpoints/auth.js";
import type { ServerState } from "./server-state.js";
import { ApiError } from "./status-errors.js";
import { Store, type KubeObject } from "./storage/store.js";
import { generateCertificateAuthority, issueCertificate } from "@kube-codegen/runtime/tls";
import type { ServerCertificate } from "@kube-codegen/runtime/tls";
import { WatchHub } from "./storage/watch-hub.js";
import { createObject } from "./registry/write-create.js";
import { storageKey } from "./registry/resource-info.js";

/** Options of startTestApiServer. */
export interface StartOptions {
  /**
   * Keep an audit log, as kube-apiserver with --audit-policy-file (testing/src/audit): the events
   * `policy` asks for (an audit.k8s.io/v1 Policy; by default every request at level Metadata, once it
   * completes), with the authorization decision and the annotations admission adds (a
   * ValidatingAdmissionPolicy's auditAnnotations and Audit failures), read by auditEvents() and,
   * given a path, appended to that file as JSON lines. Off by default. A policy that is not one
   * (an unknown level or stage) stops the server from starting.
   */
  auditLog?: boolean | { path?: string; policy?: AuditPolicy | Record<string, unknown> };
  /** CustomResourceDefinitions (apiextensions.k8s.io/v1, as parsed JSON/YAML) to serve from the start. */
  crds: readonly Record<string, unknown>[];
  /** Objects to create at start, in order (namespaces first if others live in them). default, kube-system,
   *  kube-public and kube-node-lease always exist. */
  objects?: readonly Record<string, unknown>[];
  /** Serve HTTPS with a generated certificate (default true); false serves plain HTTP. */
  tls?: boolean;
  /** The bearer token clients must send (default: random). */
  token?: string;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Change events kept for watch resumption and consistent pagination (default 10000); older ones answer 410. */
  historySize?: number;
  /**
   * Which kube-apiserver's answers to give where the two differ on what the server models (default
   * "1.37"). So far this covers streaming lists (watch with sendInitialEvents, which 1.24 refuses with
   * 422) and aggregated discovery (which 1.24 does not serve).
   */
  emulate?: "1.37" | "1.24";
  /** Interval of BOOKMARK events on watches that allow them (default 60000 ms, as a real server). */
  bookmarkIntervalMs?: number;
  /** Watch duration when a request has no timeoutSeconds (default 1800 s). */
  defaultWatchTimeoutSeconds?: number;
  /**
   * Treat requests without a token as system:anonymous, answering 403 Forbidden on resources as a real
   * server does by default (true, as in the transcripts); false answers 401 like --anonymous-auth=false.
   */
  anonymousAuth?: boolean;
  /**
   * Play the Deployment controller's part on status (default false, as envtest runs no controllers):
   * each Deployment's status follows its spec.replicas and generation as if every pod became ready at
   * once. No ReplicaSets or Pods are created.
   */
  simulateDeploymentStatus?: boolean;
  /**
   * How long an emptied Terminating namespace stays before it is removed (default 500 ms): a real
   * namespace controller takes seconds, and creates in the namespace meanwhile are 403, not 404.
   */
  namespaceDeletionDelayMs?: number;
  /**
   * How requests are authorized (default "AlwaysAllow": every authenticated request is allowed, as
   * before). "RBAC" serves rbac.authorization.k8s.io/v1 (Roles, ClusterRoles, their bindings, ClusterRole
   * aggregation), bootstraps the default policy that matters here (cluster-admin for system:masters,
   * discovery, the self reviews, the public info paths, and admin, edit and view) and enforces it as kube-apiserver's
   * --authorization-mode=RBAC does: a denied request is the real 403, and the access reviews answer from
   * the rules. The server's own token and client certificate stay in system:masters, allowed everything;
   * other identities come from tokenFor / serviceAccountKubeconfig, TokenRequests and impersonation.
   */
  authorization?: "AlwaysAllow" | "RBAC";
}

/** A running test API server. */
export interface TestApiServer {
  /** Base URL, e.g. https://127.0.0.1:43123 */
  url: string;
  /** Path of a kubeconfig file for this server (removed by stop()). */
  kubeconfigPath: string;
  /** The same kubeconfig as data. */
  kubeconfig: Kubeconfig;
  /** Bearer token accepted by the server. */
  token: string;
  /** PEM certificate of the CA that issued the serving certificate, for clients to trust (undefined with tls: false). */
  caPem: string | undefined;
  /**
   * A client certificate and key the server's CA issued for user kube-codegen-admin in group
   * system:masters (undefined with tls: false): x509 authentication, as a real cluster's admin.
   */
  clientCertificate: ServerCertificate | undefined;
  /** Path of a kubeconfig whose user is that client certificate, no token (removed by stop()). */
  certKubeconfigPath: string | undefined;
  /** The same kubeconfig as data. */
  certKubeconfig: Kubeconfig | undefined;
  /** Fault switches for reliability tests. */
  faults: Faults;
  /**
   * A bearer token authenticating as service account `namespace`/`name` (user
   * system:serviceaccount:NS:NAME in groups system:serviceaccounts, system:serviceaccounts:NS and
   * system:authenticated), as a TokenRequest's; the service account need not exist. Valid until stop().
   */
  tokenFor(namespace: string, name: string): string;
  /** A bearer token authenticating as `user` in `groups` (plus system:authenticated), as a token file's user. */
  userToken(user: string, groups?: readonly string[]): string;
  /** A kubeconfig (written to a file, removed by stop()) whose user is tokenFor(namespace, name). */
  serviceAccountKubeconfig(namespace: string, name: string): { path: string; kubeconfig: Kubeconfig };
  /** The latest resourceVersion the server has handed out. */
  currentResourceVersion(): string;
  /** Number of open watch streams (lets a test wait until an informer is watching). */
  openWatches(): number;
  /** Waits until follow-up work (garbage collection, CRD establishment, namespace cleanup) is done. */
  settle(): Promise<void>;
  /** Closes all connections and watches, and removes the kubeconfig file. */
  /** The audit log's events so far, oldest first (empty unless started with auditLog). */
  auditEvents(): readonly AuditEvent[];
  stop(): Promise<void>;
}

/** The user the server's client certificate names. */
const CERT_USER = "kube-codegen-admin";

const SYSTEM_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

/**
 * Runs deferred controller work after the current request, in order, or after a delay (`later`);
 * `idle` resolves when the queue is empty and no delayed task is pending; `stop` drops delayed tasks.
 */
function deferQueue(): {
  defer: (t: () => void) => void;
  later: (ms: number, t: () => void) => void;
  idle: () => Promise<void>;
  stop: () => void;
} {
  const queue: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let scheduled = false;
  let waiters: (() => void)[] = [];
  const run = (): void => {
    scheduled = false;
    while (queue.length > 0) {
      const t = queue.shift();
      try {
        t?.();
      } catch {
        // Controller work is best effort, as in a real cluster; a failed step is retried by later events.
      }
    }
    if (timers.size > 0) return;
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  const defer = (t: () => void): void => {
    queue.push(t);
    if (!scheduled) {
      scheduled = true;
      setImmediate(run);
    }
  };
  return {
    defer,
    later: (ms, t) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        defer(t);
      }, ms);
      timers.add(timer);
    },
    idle: () => (queue.length === 0 && !scheduled && timers.size === 0 ? Promise.resolve() : new Promise((r) => waiters.push(r))),
    stop: () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const w = waiters;
      waiters = [];
      for (const f of w) f();
    },
  };
}

async function seed(state: ServerState, obj: Record<string, unknown>): Promise<void> {
  const apiVersion = String(obj["apiVersion"] ?? "");
  const kind = String(obj["kind"] ?? "");
  const info = state.registry.byKind(apiVersion, kind);
  if (!info) throw new Error(`startTestApiServer: no served resource for ${apiVersion} ${kind}`);
  const copy = deepCopy(obj) as KubeObject;
  if (!copy.metadata || typeof copy.metadata !== "object") copy.metadata = {};
  const ns = info.namespaced ? String(copy.metadata["namespace"] ?? "default") : undefined;
  try {
    await createObject(state, info, ns, copy, { dryRun: false, fieldValidation: "Ignore", manager: "kube-codegen-testing", warnings: [] });
  } catch (e) {
    if (e instanceof ApiError) throw new Error(`startTestApiServer: cannot create ${kind} ${String(copy.metadata["name"])}: ${e.message}`);
    throw e;
  }
}

/** Starts an in-process API server with the given CRDs and objects. */
export async function startTestApiServer(options: StartOptions): Promise<TestApiServer> {
  const store = new Store({ historySize: options.historySize ?? 10_000 });
  const builtins = builtinResources(options.emulate ?? "1.37");
  // RBAC's modules are imported only when it is enforced, so a server without it loads none of them.
  const rbac =
    options.authorization === "RBAC"
      ? await Promise.all([
          import("./builtin/rbac.js"),
          import("./endpoints/rbac-authorizer.js"),
          import("./controllers/clusterrole-aggregation.js"),
        ])
      : undefined;
  if (rbac) builtins.push(...rbac[0].rbacResources());
  const crdInfo = builtins.find((r) => storageKey(r) === CRD_KEY);
  if (!crdInfo) throw new Error("built-in CustomResourceDefinition resource missing");
  decorateCrdResource(crdInfo, options.emulate ?? "1.37");
  const registry = new ResourceRegistry(builtins);
  const queue = deferQueue();
  const token = options.token ?? randomBytes(24).toString("base64url");
  const state: ServerState = {
    store,
    registry,
    hub: new WatchHub(store),
    faults: new Faults(store),
    settings: {
      bookmarkIntervalMs: options.bookmarkIntervalMs ?? 60_000,
      defaultWatchTimeoutSeconds: options.defaultWatchTimeoutSeconds ?? 1800,
      anonymousAuth: options.anonymousAuth ?? true,
      namespaceDeletionDelayMs: options.namespaceDeletionDelayMs ?? 500,
      emulate: options.emulate ?? "1.37",
    },
    address: "",
    tokens: new Map(),
    adminToken: token,
    ...(rbac ? { authorizer: rbac[1].rbacAuthorizer } : {}),
    ...(options.auditLog ? { audit: auditLogOf(options.auditLog) } : {}),
    defer: queue.defer,
    later: queue.later,
  };
  const stops = [startCrdController(state, crdInfo), startNamespaceController(state), startGarbageCollector(state)];
  if (options.simulateDeploymentStatus) stops.push(startDeploymentStatusController(state));
  if (rbac) stops.push(rbac[2].startClusterRoleAggregationController(state));

  await prepareForSeeds([...options.crds, ...(options.objects ?? [])]);
  // The namespaces a fresh kube-apiserver creates for itself (envtest has them too).
  for (const name of SYSTEM_NAMESPACES) await seed(state, { apiVersion: "v1", kind: "Namespace", metadata: { name } });
  for (const obj of rbac?.[1].bootstrapPolicy() ?? []) await seed(state, obj);
  for (const crd of options.crds) await seed(state, { apiVersion: "apiextensions.k8s.io/v1", kind: "CustomResourceDefinition", ...crd });
  await queue.idle();
  for (const obj of options.objects ?? []) {
    const meta = (obj["metadata"] ?? {}) as Record<string, unknown>;
    if (obj["kind"] === "Namespace" && SYSTEM_NAMESPACES.includes(String(meta["name"]))) continue;
    await seed(state, obj);
  }
  await queue.idle();

  const useTls = options.tls !== false;
  // A CA made at start issues the serving certificate and one client certificate (user
  // kube-codegen-admin in group system:masters, as the x509 authenticator reads CN and O).
  const ca = useTls ? generateCertificateAuthority() : undefined;
  const cert = ca ? issueCertificate(ca, { commonName: "kube-apiserver", usage: "server" }) : undefined;
  const clientCert = ca ? issueCertificate(ca, { commonName: CERT_USER, organizations: ["system:masters"], usage: "client" }) : undefined;
  const sockets = new Set<import("node:net").Socket>();
  // handleRequest answers every failure itself; the catch is the last line of defence, so that no request
  // can leave an unhandled rejection that ends the process (and strands the kubeconfig with its token).
  const listener = (req: http.IncomingMessage, res: http.ServerResponse): void =>
    void handleRequest(state, token, req, res).catch(() => res.destroy());
  // requestCert asks every client for a certificate and rejectUnauthorized: false lets the handshake
  // finish without one (or with one from another CA): authenticate() decides, as the real server does.
  const server =
    ca && cert
      ? https.createServer({ cert: cert.certPem, key: cert.keyPem, ca: ca.certPem, requestCert: true, rejectUnauthorized: false }, listener)
      : http.createServer(listener);
  server.on("clientError", (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: import("node:stream").Duplex) => {
    try {
      answerClientError(state, err, socket);
    } catch {
      socket.destroy();
    }
  });
  server.on("connection", (s: import("node:net").Socket) => {
    // Small JSON answers must not wait for delayed ACKs (Nagle), or every request costs ~40 ms.
    s.setNoDelay(true);
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.address = `127.0.0.1:${port}`;
  const url = `${useTls ? "https" : "http"}://127.0.0.1:${port}`;
  const kubeconfig = buildKubeconfig(url, token, ca?.certPem);
  const file = writeKubeconfig(kubeconfig);
  const certKubeconfig = clientCert ? buildKubeconfig(url, clientCert, ca?.certPem) : undefined;
  const certFile = certKubeconfig ? writeKubeconfig(certKubeconfig) : undefined;
  const extraFiles: { remove: () => void }[] = [];
  const tokenFor = (namespace: string, name: string): string =>
    mintToken(state, { name: `system:serviceaccount:${namespace}:${name}`, groups: serviceAccountGroups(namespace) });
  let stopped = false;
  return {
    url,
    kubeconfigPath: file.path,
    kubeconfig,
    token,
    caPem: ca?.certPem,
    clientCertificate: clientCert,
    certKubeconfigPath: certFile?.path,
    certKubeconfig,
    faults: state.faults,
    tokenFor,
    userToken: (user, groups = []) =>
      mintToken(state, { name: user, groups: [...groups.filter((g) => g !== "system:authenticated"), "system:authenticated"] }),
    serviceAccountKubeconfig: (namespace, name) => {
      const config = buildKubeconfig(url, tokenFor(namespace, name), ca?.certPem);
      const written = writeKubeconfig(config);
      extraFiles.push(written);
      return { path: written.path, kubeconfig: config };
    },
    currentResourceVersion: () => String(store.revision),
    openWatches: () => state.hub.size,
    settle: () => queue.idle(),
    auditEvents: () => state.audit?.events() ?? [],
    stop: async () => {
      if (stopped) return;
      stopped = true;
      state.faults.closeAllWatches();
      for (const s of stops) s();
      queue.stop();
      state.hub.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      for (const s of sockets) s.destroy();
      await closed;
      file.remove();
      certFile?.remove();
      for (const f of extraFiles) f.remove();
      state.tokens.clear();
    },
  };
}

/** The audit log StartOptions.auditLog asks for. */
function auditLogOf(o: NonNullable<StartOptions["auditLog"]>): AuditLog {
  if (o === true || o === false) return new AuditLog();
  return new AuditLog(o.path, o.policy === undefined ? undefined : checkAuditPolicy(o.policy));
}
