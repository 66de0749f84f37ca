// Shared pieces of the runtime's tests: temporary directories, kubeconfig text, and a local
// HTTP(S) server whose handler each test scripts.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { ServerOptions } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { stringify } from "yaml";

/** A temporary directory removed by `cleanup`; `write` creates files (and folders) in it. */
export function tempDir(): { dir: string; write(rel: string, text: string | Buffer): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "kcg-rest-"));
  return {
    dir,
    write(rel, text) {
      const p = join(dir, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      return p;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** kubeconfig YAML from clusters, users and contexts given as name → body maps. */
export function kubeconfigYaml(c: {
  clusters?: Record<string, object>;
  users?: Record<string, object>;
  contexts?: Record<string, object>;
  current?: string;
}): string {
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: Object.entries(c.clusters ?? {}).map(([name, cluster]) => ({ name, cluster })),
    users: Object.entries(c.users ?? {}).map(([name, user]) => ({ name, user })),
    contexts: Object.entries(c.contexts ?? {}).map(([name, context]) => ({ name, context })),
    ...(c.current !== undefined ? { "current-context": c.current } : {}),
  });
}

/** A listening server with its base URL and the requests it has seen. */
export interface TestServer {
  url: string;
  server: Server;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** Starts an HTTP server, or HTTPS when `tls` is given, on 127.0.0.1. */
export async function startServer(
  handler: (req: IncomingMessage, res: ServerResponse, n: number) => void,
  tls?: ServerOptions,
): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  const wrapped = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push(req);
    req.resume();
    req.on("end", () => handler(req, res, requests.length));
  };
  const server = tls ? createHttpsServer(tls, wrapped) : createHttpServer(wrapped);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON body with a status code. */
export function sendJson(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
