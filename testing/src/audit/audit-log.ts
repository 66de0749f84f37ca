// The audit log, as kube-apiserver writes it with `--audit-log-format=json` and an audit policy
// (./audit-policy.ts; by default one rule, `level: Metadata`, RequestReceived omitted): one
// audit.k8s.io/v1 Event per request and stage the policy keeps (RequestReceived once the request is
// routed and its user known, ResponseStarted when a watch starts answering, ResponseComplete),
// naming the user, the object and the answer's status, with the annotations the request gathered
// on its way (the authorization decision and what admission added: a ValidatingAdmissionPolicy's
// auditAnnotations, its Audit action's validation_failure); at level Request the request's object
// (decoded and defaulted, or the patch), at RequestResponse also the answer's. Recorded from
// kube-apiserver 1.37.2 in test/fixtures/apiserver-1.37/audit-events.json and audit-policy.json.
// Off unless the server is started with `auditLog`: then kept in memory (server.auditEvents()) and,
// with a path, appended to that file as JSON lines, as the real server's log file.
import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { levelAtLeast, METADATA_POLICY, type AuditLevel, type AuditPolicy, type AuditStage } from "./audit-policy.js";

/** An audit.k8s.io/v1 Event, its fields in the real server's order. */
export interface AuditEvent {
  kind: "Event";
  apiVersion: "audit.k8s.io/v1";
  level: Exclude<AuditLevel, "None">;
  auditID: string;
  stage: AuditStage;
  requestURI: string;
  verb: string;
  user: { username: string; groups: string[] };
  sourceIPs: string[];
  userAgent?: string;
  objectRef?: { resource: string; namespace?: string; name?: string; apiGroup?: string; apiVersion: string; subresource?: string };
  responseStatus?: Record<string, unknown>;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}

/** What one request's event is built from, filled in as the request is served. */
export interface AuditContext {
  auditID: string;
  requestReceivedTimestamp: string;
  annotations: Map<string, string>;
  /** Filled in as the request is routed and authorized. */
  verb?: string;
  objectRef?: AuditEvent["objectRef"];
  user?: { username: string; groups: string[] };
  /** The Status of a refused request (without kind and apiVersion), as the event's responseStatus. */
  failure?: Record<string, unknown>;
  /** The level and the stages left out, once the policy has been asked (when the user and object are known). */
  level?: AuditLevel;
  omitStages?: ReadonlySet<AuditStage>;
  /** The policy leaves managedFields out of requestObject and responseObject. */
  omitManagedFields?: boolean;
  /** The request's object (level Request and up) and the answer's (RequestResponse). */
  requestObject?: unknown;
  responseObject?: unknown;
  /** A Status the request answered with on success (a delete's), as the event's responseStatus. */
  status?: Record<string, unknown>;
  /** Logs RequestReceived, once the request is routed and its user known. */
  received?: () => void;
}

/** The current request's audit context, for the handler to fill in; undefined when no audit log is kept. */
export function currentAudit(): AuditContext | undefined {
  return context.getStore();
}

const context = new AsyncLocalStorage<AuditContext>();

/** Runs `serve` with `ctx` as the current request's audit context (what annotate() adds to). */
export function withAuditContext<T>(ctx: AuditContext, serve: () => T): T {
  return context.run(ctx, serve);
}

/** Adds an annotation to the event of the request being served; nothing when the server keeps no audit log. */
export function annotate(key: string, value: string): void {
  context.getStore()?.annotations.set(key, value);
}

/** Keeps a copy of the request's object for its event, when the level logs it. */
export function noteRequestObject(o: unknown, asPatch = false): void {
  const ctx = context.getStore();
  // The first noted wins: a patch notes its document before the patched object is updated. A patch
  // document is logged as sent (the real server logs its bytes), managedFields and all.
  if (ctx?.level !== undefined && levelAtLeast(ctx.level, "Request") && ctx.requestObject === undefined)
    ctx.requestObject = asPatch ? structuredClone(o) : logged(ctx, o);
}

// A copy of `o` for the event; without managedFields, the object's and each list item's (a Table's
// rows' objects), when the policy says so, as the real server's removeManagedFields.
function logged(ctx: AuditContext, o: unknown): unknown {
  const copy = structuredClone(o);
  if (!ctx.omitManagedFields || copy === null || typeof copy !== "object" || Array.isArray(copy)) return copy;
  const drop = (x: unknown): void => {
    const meta = (x as { metadata?: unknown } | null)?.metadata;
    if (meta !== null && typeof meta === "object") delete (meta as Record<string, unknown>)["managedFields"];
  };
  const body = copy as Record<string, unknown>;
  drop(body);
  if (Array.isArray(body["items"])) body["items"].forEach(drop);
  if (body["kind"] === "Table" && Array.isArray(body["rows"]))
    for (const row of body["rows"] as unknown[]) drop((row as { object?: unknown } | null)?.object);
  return copy;
}

/** Keeps the answer's body for the request's event, when the level logs it, and a Status as its responseStatus. */
export function noteResponseBody(o: unknown): void {
  const ctx = context.getStore();
  if (ctx === undefined) return;
  if (ctx.level !== undefined && levelAtLeast(ctx.level, "RequestResponse")) ctx.responseObject = logged(ctx, o);
  if (o !== null && typeof o === "object" && (o as Record<string, unknown>)["kind"] === "Status") {
    const { kind: _kind, apiVersion: _apiVersion, ...status } = o as Record<string, unknown>;
    ctx.status = status;
  }
}

/** Now, as the audit log prints times: RFC 3339 in UTC with microseconds. */
export function microTime(): string {
  const ms = performance.timeOrigin + performance.now();
  const iso = new Date(Math.floor(ms)).toISOString();
  const micros = String(Math.floor((ms % 1) * 1000)).padStart(3, "0");
  return `${iso.slice(0, 23)}${micros}Z`;
}

/** Keeps the events of a server; at most MAX_EVENTS in memory, the oldest dropped first. */
export class AuditLog {
  private static readonly MAX_EVENTS = 100_000;
  private readonly kept: AuditEvent[] = [];

  constructor(
    private readonly path?: string,
    readonly policy: AuditPolicy = METADATA_POLICY,
  ) {}

  write(event: AuditEvent): void {
    this.kept.push(event);
    if (this.kept.length > AuditLog.MAX_EVENTS) this.kept.splice(0, this.kept.length - AuditLog.MAX_EVENTS);
    if (this.path !== undefined) {
      try {
        appendFileSync(this.path, `${JSON.stringify(event)}\n`);
      } catch {
        // As the real log backend, a failed write loses the event and serves the request anyway.
      }
    }
  }

  events(): readonly AuditEvent[] {
    return [...this.kept];
  }
}
