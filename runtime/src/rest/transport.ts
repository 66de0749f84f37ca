// The request function every client layer sends through: node:http(s) with pooled keep-alive
// agents, credentials fetched from the AuthProvider for each attempt (so rotated tokens and exec
// credentials take effect), a user agent, a per-attempt timeout, retries as retry-policy.ts says,
// one more attempt after a 401 when the provider has new credentials, Warning headers passed to a
// handler, and failures decoded into ApiError. Credentials never reach an error or a log line.
import { request as httpRequest } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { AgentPool } from "./agent-pool.js";
import { utf8Text } from "../core/utf8.js";
import { parseProxyUrl } from "./proxy-agent.js";
import type { Credentials, RestConfig, TlsConfig } from "./rest-config.js";
import { errorFromResponse, retryAfterSeconds } from "./response-error.js";
import { DEFAULT_RETRY_POLICY, isRetryableConnectionError, isRetryableStatus, retryDelayMs } from "./retry-policy.js";
import type { RetryPolicy } from "./retry-policy.js";
import { defaultUserAgent } from "./user-agent.js";
import { defaultWarningHandler, parseWarningHeaders } from "./warnings.js";
import type { WarningHandler } from "./warnings.js";

/** Query parameter values; arrays repeat the key, undefined is left out. */
export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** One API request. */
export interface RestRequest {
  method: string;
  /** Path under the server URL, starting with "/" (e.g. "/api/v1/namespaces/default/pods"). */
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON value (serialized here), or raw bytes with `contentType`. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
  /** Overrides the transport's timeout for this request; 0 disables it. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A successful (2xx) response with its body read. */
export interface RestResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Options for createTransport. */
export interface TransportOptions {
  userAgent?: string;
  /** Per-attempt timeout for buffered requests (default 60 000 ms; 0 disables). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  onWarning?: WarningHandler;
  /** Shared agent pool (default: one module-wide pool). */
  agents?: AgentPool;
  /** Injected for tests: how to wait, and the jitter source. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Sends requests to one RestConfig's server. */
export interface Transport {
  readonly config: RestConfig;
  /** Sends, retries as the policy allows, and resolves with a 2xx response or rejects (ApiError for HTTP failures). */
  request(req: RestRequest): Promise<RestResponse>;
  /** Like request, but resolves with the unread 2xx body stream (for watch); retries end once headers arrive. */
  stream(req: RestRequest): Promise<IncomingMessage>;
  /** A JSON request decoded as T. */
  json<T>(req: RestRequest): Promise<T>;
}

/** The error for a request the transport gave up on, with no credentials in its message. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TransportError";
  }
}

const sharedAgents = new AgentPool();

/**
 * Counts each attempt's outcome, as client-go's metrics.RequestResult: `code` is the HTTP status
 * ("200", "404") or "<error>" when no response came, `method` the HTTP method, `host` the server's
 * host[:port]. Registered process-wide, as client-go's metrics.Register: every transport reports.
 */
export interface RequestResultMetric {
  increment(code: string, method: string, host: string): void;
}

const requestResultMetrics = new Map<RequestResultMetric, number>();

/** Adds `metric` to those every transport's attempts report to; the function returned removes it (once per add). */
export function registerRequestResultMetric(metric: RequestResultMetric): () => void {
  requestResultMetrics.set(metric, (requestResultMetrics.get(metric) ?? 0) + 1);
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    const n = (requestResultMetrics.get(metric) ?? 1) - 1;
    if (n > 0) requestResultMetrics.set(metric, n);
    else requestResultMetrics.delete(metric);
  };
}

function reportResult(code: string, method: string, host: string): void {
  for (const m of requestResultMetrics.keys()) m.increment(code, method, host);
}

/** The reason an AbortSignal carries, as an Error (AbortSignal.abort() gives a DOMException, which is one). */
function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new Error(String(r));
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(t);
      reject(abortReason(signal));
    };
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function buildPath(base: URL, req: RestRequest): string {
  const prefix = base.pathname.replace(/\/+$/, "");
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v as readonly unknown[]) params.append(k, String(x));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return `${prefix}${req.path}${qs ? `?${qs}` : ""}`;
}

function encodeBody(req: RestRequest): { body?: Buffer; contentType?: string } {
  if (req.body === undefined) return {};
  if (Buffer.isBuffer(req.body)) return { body: req.body, contentType: req.contentType ?? "application/json" };
  if (typeof req.body === "string" && req.contentType) return { body: Buffer.from(req.body, "utf8"), contentType: req.contentType };
  return { body: Buffer.from(JSON.stringify(req.body), "utf8"), contentType: req.contentType ?? "application/json" };
}

function effectiveTls(base: TlsConfig, creds: Credentials): TlsConfig {
  const tls: TlsConfig = { ...base, ...(creds.tls ?? {}) };
  if (creds.cert && creds.key) {
    tls.cert = creds.cert;
    tls.key = creds.key;
  }
  return tls;
}

/** Creates the transport for `config`. */
export function createTransport(config: RestConfig, options: TransportOptions = {}): Transport {
  const server = new URL(config.server);
  if (server.protocol !== "https:" && server.protocol !== "http:") {
    throw new Error(`server URL must be http or https, not ${server.protocol}`);
  }
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...(options.retry ?? {}) };
  const agents = options.agents ?? sharedAgents;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const onWarning = options.onWarning ?? defaultWarningHandler();
  const userAgent = options.userAgent ?? defaultUserAgent();
  const send = server.protocol === "https:" ? httpsRequest : httpRequest;
  // A bad proxy-url fails here, before any request, rather than being bypassed.
  const proxy = config.proxyUrl ? parseProxyUrl(config.proxyUrl) : undefined;

  // One attempt: resolves with the response (body unread) or rejects with a Node error.
  function attempt(
    req: RestRequest,
    path: string,
    body: { body?: Buffer; contentType?: string },
    creds: Credentials,
    timeoutMs: number,
  ): Promise<IncomingMessage> {
    const headers: OutgoingHttpHeaders = {
      accept: req.accept ?? "application/json",
      "user-agent": userAgent,
      ...(req.headers ?? {}),
      ...creds.headers,
    };
    if (body.body) {
      headers["content-type"] = body.contentType;
      headers["content-length"] = body.body.length;
    }
    const tls = effectiveTls(config.tls, creds);
    return new Promise((resolve, reject) => {
      const r = send({
        protocol: server.protocol,
        hostname: server.hostname.replace(/^\[|\]$/g, ""),
        port: server.port || (server.protocol === "https:" ? 443 : 80),
        method: req.method,
        path,
        headers,
        agent: agents.agentFor(server, tls, proxy),
        ...(req.signal ? { signal: req.signal } : {}),
      });
      let timer: NodeJS.Timeout | undefined;
      if (timeoutMs > 0) {
        timer = setTimeout(
          () => r.destroy(Object.assign(new Error(`request timed out after ${timeoutMs} ms`), { code: "ETIMEDOUT" })),
          timeoutMs,
        );
      }
      r.on("response", (res) => {
        res.once("close", () => clearTimeout(timer));
        resolve(res);
      });
      r.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      r.end(body.body);
    });
  }

  function readBody(res: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(Buffer.concat(chunks)));
      res.on("error", reject);
      res.on("aborted", () => reject(Object.assign(new Error("response aborted"), { code: "ECONNRESET" })));
    });
  }

  function warnings(res: IncomingMessage, summary: { method: string; path: string }): void {
    const raw = res.headers["warning"];
    if (raw === undefined) return;
    for (const w of parseWarningHeaders(Array.isArray(raw) ? raw : [raw])) onWarning(w, summary);
  }

  async function run(req: RestRequest, streaming: boolean): Promise<{ res: IncomingMessage; body?: Buffer }> {
    const method = req.method.toUpperCase();
    const path = buildPath(server, req);
    const summary = { method, path: path.split("?")[0]! };
    const body = encodeBody(req);
    const timeoutMs = req.timeoutMs ?? (streaming ? 0 : (options.timeoutMs ?? 60_000));
    let retried401 = false;
    for (let retry = 0; ; retry++) {
      const creds = await config.auth.credentials();
      let res: IncomingMessage;
      let resBody: Buffer | undefined;
      try {
        res = await attempt({ ...req, method }, path, body, creds, timeoutMs).then(
          (r) => {
            reportResult(String(r.statusCode ?? 0), method, server.host);
            return r;
          },
          (err: unknown) => {
            reportResult("<error>", method, server.host);
            throw err;
          },
        );
        if (!streaming || res.statusCode! < 200 || res.statusCode! >= 300) resBody = await readBody(res);
      } catch (err) {
        if (req.signal?.aborted) throw err;
        if (retry < policy.maxRetries && isRetryableConnectionError(err, method)) {
          await sleep(retryDelayMs(policy, retry, undefined, random), req.signal);
          continue;
        }
        const code = (err as NodeJS.ErrnoException).code;
        throw new TransportError(`${method} ${summary.path}: ${(err as Error).message}`, code, { cause: err });
      }
      warnings(res, summary);
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return resBody ? { res, body: resBody } : { res };
      if (status === 401 && !retried401 && config.auth.onUnauthorized && (await config.auth.onUnauthorized(creds))) {
        retried401 = true;
        retry--;
        continue;
      }
      const after = retryAfterSeconds(res.headers["retry-after"]);
      if (retry < policy.maxRetries && isRetryableStatus(status, method)) {
        await sleep(retryDelayMs(policy, retry, after, random), req.signal);
        continue;
      }
      throw errorFromResponse(status, res.headers, resBody ?? Buffer.alloc(0), summary);
    }
  }

  return {
    config,
    async request(req) {
      const { res, body } = await run(req, false);
      return { statusCode: res.statusCode ?? 0, headers: res.headers, body: body ?? Buffer.alloc(0) };
    },
    async stream(req) {
      return (await run(req, true)).res;
    },
    async json<T>(req: RestRequest): Promise<T> {
      const { body } = await this.request(req);
      return (body.length > 0 ? JSON.parse(utf8Text(body)) : undefined) as T;
    },
  };
}
