// A bare HTTP(S) client for replaying transcripts: sends exactly the recorded headers (no User-Agent),
// reads JSON or text answers, and reads watch streams event by event.
import http from "node:http";
import https from "node:https";

/** What the replay needs to reach a server. */
export interface Target {
  url: string;
  caPem: string | undefined;
}

/** A decoded answer. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const agents = new Map<string, http.Agent>();

/** One keep-alive agent per server, so a replay does not pay a TLS handshake per request. */
function agentFor(target: Target): http.Agent {
  let a = agents.get(target.url);
  if (!a) {
    a = target.url.startsWith("https:")
      ? new https.Agent({ keepAlive: true, noDelay: true, ...(target.caPem ? { ca: target.caPem } : {}) })
      : new http.Agent({ keepAlive: true, noDelay: true });
    agents.set(target.url, a);
  }
  return a;
}

/** Closes the pooled connections to a server. */
export function releaseAgent(target: Target): void {
  agents.get(target.url)?.destroy();
  agents.delete(target.url);
}

function request(target: Target, method: string, path: string, headers: Record<string, string>, pooled = true): http.ClientRequest {
  const u = new URL(path, target.url);
  const opts: https.RequestOptions = { method, hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers };
  opts.agent = pooled ? agentFor(target) : false;
  if (target.caPem) opts.ca = target.caPem;
  return u.protocol === "https:" ? https.request(opts) : http.request(opts);
}

/** Sends one request and reads the whole answer. */
export function send(target: Target, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      method,
      path,
      body !== undefined ? { ...headers, "Content-Length": String(Buffer.byteLength(body)) } : headers,
    );
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        if ((res.headers["content-type"] ?? "").includes("json")) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.end(body);
  });
}

/** A request as the bearer of `token`, with a JSON body when one is given: the whole answer. */
export function sendAs(target: Target, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers = { Authorization: `Bearer ${token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) };
  return send(target, method, path, headers, body === undefined ? undefined : JSON.stringify(body));
}

/** A request as the bearer of `token`, with a JSON body when one is given; the answer's status and decoded body. */
export async function callAs(
  target: Target,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const got = await sendAs(target, token, method, path, body);
  return { status: got.status, body: got.body as Record<string, unknown> };
}

/** An open watch: events arrive in `events`; `next(n)` waits for n of them; `ended` resolves when the server closes. */
export interface OpenWatch {
  status: number;
  events: { type: string; object: Record<string, unknown> }[];
  waitFor(n: number, timeoutMs: number): Promise<void>;
  ended: Promise<void>;
  close(): void;
  /** Stops reading the stream (the server's writes back up), until resume(). */
  pause(): void;
  resume(): void;
}

/** Opens a watch request and resolves once the response headers have arrived. */
export function openWatch(target: Target, path: string, headers: Record<string, string>): Promise<OpenWatch> {
  return new Promise((resolve, reject) => {
    const req = request(target, "GET", path, headers, false);
    req.on("error", reject);
    req.on("response", (res) => {
      const events: OpenWatch["events"] = [];
      let buf = "";
      const waiters: (() => void)[] = [];
      let endResolve = (): void => {};
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buf += chunk;
        let nl: number;
        while ((nl = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) events.push(JSON.parse(line) as OpenWatch["events"][number]);
        }
        for (const w of waiters.splice(0)) w();
      });
      const finish = (): void => {
        endResolve();
        for (const w of waiters.splice(0)) w();
      };
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);
      let done = false;
      res.once("end", () => (done = true));
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        close: () => req.destroy(),
        pause: () => res.pause(),
        resume: () => res.resume(),
        waitFor: async (n, timeoutMs) => {
          const deadline = Date.now() + timeoutMs;
          while (events.length < n && !done && Date.now() < deadline) {
            await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise((r) => setTimeout(r, 50))]);
          }
        },
      });
    });
    req.end();
  });
}
