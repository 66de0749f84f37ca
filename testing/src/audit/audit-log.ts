// The audit log, as kube-apiserver writes it with `--audit-log-format=json` and a policy of one rule,
// `level: Metadata` (no request or response bodies), `RequestReceived` omitted: one audit.k8s.io/v1
// Event per request at stage ResponseComplete, naming the user, the object and the answer's status,
// with the annotations the request gathered on its way: the authorization decision and what
// admission added (a ValidatingAdmissionPolicy's auditAnnotations, its Audit action's
// validation_failure). Recorded from kube-apiserver 1.37.2 in test/fixtures/apiserver-1.37/audit-events.json.
// Off unless the server is started with `auditLog`: then kept in memory (server.auditEvents()) and,
// with a path, appended to that file as JSON lines, as the real server's log file.
import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** An audit.k8s.io/v1 Event at level Metadata, its fields in the real server's order. */
export interface AuditEvent {
  kind: "Event";
  apiVersion: "audit.k8s.io/v1";
  level: "Metadata";
  auditID: string;
  stage: "ResponseComplete";
  requestURI: string;
  verb: string;
  user: { username: string; groups: string[] };
  sourceIPs: string[];
  userAgent?: string;
  objectRef?: { resource: string; namespace?: string; name?: string; apiGroup?: string; apiVersion: string; subresource?: string };
  responseStatus: Record<string, unknown>;
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

  constructor(private readonly path?: string) {}

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
