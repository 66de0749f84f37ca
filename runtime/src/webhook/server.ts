// The webhook server, as controller-runtime's webhook.Server: HTTPS on a port (9443 by default)
// with the serving certificate and key read from files in a directory (tls.crt and tls.key in
// /tmp/k8s-webhook-server/serving-certs by default, where cert-manager's secret is mounted) and
// read again when they change, so a renewed certificate is served without a restart. Paths are
// registered with their handlers; admission handlers get controller-runtime's HTTP checks (POST,
// application/json, a body of at most 7 MiB, an AdmissionReview v1 or v1beta1) and answer in the
// review's own version. It is a Runnable: the Manager runs it on every replica, leader or not.
import type { Server as HttpsServer } from "node:https";
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createReloadingHttpsServer } from "../tls/index.js";
import { completeResponse, errored, type AdmissionReview, type Response } from "./admission.js";
import type { AdmissionHandler } from "./custom.js";

/** Where and how the server listens (controller-runtime's webhook.Options). */
export interface WebhookServerOptions {
  /** Address to bind (default: all interfaces, as controller-runtime's ""). */
  readonly host?: string;
  /** Port (default 9443); 0 picks a free one (read it from address()). */
  readonly port?: number;
  /** Directory of the serving certificate and key (default /tmp/k8s-webhook-server/serving-certs). */
  readonly certDir?: string;
  readonly certName?: string;
  readonly keyName?: string;
  /** How often the certificate files are checked for a change (ms, default 10 000, as controller-runtime's certwatcher polls). */
  readonly certReloadIntervalMs?: number;
  /** Serve plain HTTP instead (only for tests behind something that terminates TLS; the API server calls webhooks over HTTPS). */
  readonly insecure?: boolean;
}

/** The largest body accepted (controller-runtime's maxRequestSize). */
export const MAX_REQUEST_BYTES = 7 * 1024 * 1024;

/** A raw handler: the request body parsed as JSON, its answer written as JSON (conversion reviews use it). */
export type JsonHandler = (body: unknown) => Promise<{ code: number; body: unknown }>;

class BadRequest extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_REQUEST_BYTES) throw new BadRequest(413, `request entity is too large; limit is ${String(MAX_REQUEST_BYTES)} bytes`);
    chunks.push(c);
  }
  return Buffer.concat(chunks);
}

function writeJson(res: ServerResponse, code: number, body: unknown): void {
  if (body === undefined) {
    res.writeHead(code).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(code, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

export class WebhookServer {
  private readonly handlers = new Map<string, JsonHandler>();
  private server: HttpsServer | HttpServer | undefined;
  private started = false;

  constructor(private readonly options: WebhookServerOptions = {}) {}

  /** Serves `handler` for AdmissionReviews POSTed to `path` (webhook.Server.Register with an admission.Webhook). */
  register(path: string, handler: AdmissionHandler): void {
    this.registerJson(path, async (body) => {
      const review = body as Partial<AdmissionReview> | null;
      const request = review?.request;
      const version = review?.apiVersion === "admission.k8s.io/v1beta1" ? "admission.k8s.io/v1beta1" : "admission.k8s.io/v1";
      const answer = (r: Response, uid: string) => ({
        code: 200,
        body: { kind: "AdmissionReview", apiVersion: version, response: completeResponse(r, uid) } satisfies AdmissionReview,
      });
      if (review?.kind !== "AdmissionReview" || !request || typeof request !== "object")
        return answer(errored(400, new Error("the body is not an AdmissionReview with a request")), "");
      let response: Response;
      try {
        response = await handler(request);
      } catch (err) {
        response = errored(500, err);
      }
      return answer(response, typeof request.uid === "string" ? request.uid : "");
    });
  }

  /** Serves a JSON handler at `path` (a ConversionReview endpoint, or anything else the API server posts). */
  registerJson(path: string, handler: JsonHandler): void {
    if (!path.startsWith("/")) throw new Error(`webhook path ${path} must start with "/"`);
    if (this.handlers.has(path)) throw new Error(`webhook path ${path} is already registered`);
    this.handlers.set(path, handler);
  }

  /** The paths registered, sorted. */
  paths(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Where the server listens, once run() has started it. */
  address(): AddressInfo | undefined {
    const a = this.server?.address();
    return a && typeof a === "object" ? a : undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const handler = this.handlers.get(path);
    if (!handler) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("404 page not found\n");
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { "Content-Type": "text/plain", Allow: "POST" }).end("method not allowed\n");
      return;
    }
    try {
      const body = await readBody(req);
      if (body.length === 0) throw new BadRequest(400, "request body is empty");
      const contentType = req.headers["content-type"] ?? "";
      if (contentType !== "application/json") throw new BadRequest(400, `contentType=${contentType}, expected application/json`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch (err) {
        throw new BadRequest(400, `couldn't get version/kind; json parse error: ${(err as Error).message}`);
      }
      const out = await handler(parsed);
      writeJson(res, out.code, out.body);
    } catch (err) {
      // As controller-runtime: a request it cannot read is answered with an AdmissionReview whose
      // response carries the error (the API server reads its status), with HTTP 200.
      const code = err instanceof BadRequest ? err.code : 500;
      const message = err instanceof Error ? err.message : String(err);
      writeJson(res, 200, {
        kind: "AdmissionReview",
        apiVersion: "admission.k8s.io/v1",
        response: completeResponse(errored(code, new Error(message)), ""),
      });
    }
  }

  /** Listens until `signal` aborts, then closes (open connections are ended). Runs once only. */
  async run(signal: AbortSignal): Promise<void> {
    if (this.started) throw new Error("the webhook server has already been started");
    this.started = true;
    const o = this.options;
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      void this.handle(req, res);
    };
    let stopWatching = (): void => undefined;
    if (o.insecure) this.server = createHttpServer(listener);
    else {
      const served = createReloadingHttpsServer(
        {
          certDir: o.certDir ?? "/tmp/k8s-webhook-server/serving-certs",
          ...(o.certName ? { certName: o.certName } : {}),
          ...(o.keyName ? { keyName: o.keyName } : {}),
          ...(o.certReloadIntervalMs ? { reloadIntervalMs: o.certReloadIntervalMs } : {}),
        },
        listener,
      );
      this.server = served.server;
      stopWatching = served.stop;
    }
    const server = this.server;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(o.port ?? 9443, o.host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    } finally {
      stopWatching();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}
