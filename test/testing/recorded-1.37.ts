// Replaying a recording of the real kube-apiserver 1.37.2 (test/fixtures/apiserver-1.37/*.json, as
// scripts/recording.ts writes them) against the test server: what the replay tests share.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { after, before } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

/** One recorded request and the real server's answer. */
export interface RecordedExchange {
  step: string;
  request: { method: string; path: string; contentType?: string; body?: unknown };
  response: { status: number; warning?: string; body?: Record<string, unknown> };
}

/** The exchanges of `test/fixtures/apiserver-1.37/<file>`. */
export function recording(file: string): RecordedExchange[] {
  const url = new URL(`../fixtures/apiserver-1.37/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { exchanges: RecordedExchange[] }).exchanges;
}

/** A request to `server` as its admin, with a JSON (or `contentType`) body when one is given. */
export function call(
  server: TestApiServer,
  method: string,
  path: string,
  body?: unknown,
  contentType = "application/json",
): Promise<Answer> {
  return send(
    { url: server.url, caPem: server.caPem },
    method,
    path,
    { Authorization: `Bearer ${server.token}`, "Content-Type": contentType },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/**
 * What a replay compares of an answer: the status, the Warning header, and a Status's message and
 * causes, or a list's item names, or else the kind.
 */
export function essence(status: number, warning: string | undefined, body: Record<string, unknown> | undefined): unknown {
  if (body?.["kind"] === "Status")
    return { status, warning, message: body["message"], causes: (body["details"] as { causes?: unknown } | undefined)?.causes };
  const items = body?.["items"] as { metadata: { name: string } }[] | undefined;
  return { status, warning, kind: body?.["kind"], ...(items ? { names: items.map((i) => i.metadata.name) } : {}) };
}

/**
 * Sends each exchange to `server` in turn; the steps whose answers differ from the recorded ones, with
 * both. `warnings: false` leaves the Warning header out of the comparison.
 */
export async function replay(server: TestApiServer, exchanges: readonly RecordedExchange[], warnings = true): Promise<string[]> {
  const differ: string[] = [];
  for (const x of exchanges) {
    const got = await call(server, x.request.method, x.request.path, x.request.body, x.request.contentType);
    const w = got.headers["warning"];
    const g = essence(got.status, warnings ? (Array.isArray(w) ? w.join(", ") : w) : undefined, got.body as Record<string, unknown>);
    const want = essence(x.response.status, warnings ? x.response.warning : undefined, x.response.body);
    if (!isDeepStrictEqual(g, want)) differ.push(`${x.step}\n  want ${JSON.stringify(want)}\n  got  ${JSON.stringify(g)}`);
  }
  return differ;
}

/** The two servers a replay test asks: as 1.37 (the default) and as 1.24 (`emulate: "1.24"`). */
export interface Servers {
  server: TestApiServer;
  legacy: TestApiServer;
}

/**
 * Starts both servers before the file's tests (then runs `prepare` on each) and stops them after; the
 * fields are set once the `before` hook has run, so read them inside the tests.
 */
export function bothServers(prepare?: (s: TestApiServer) => Promise<void>): Servers {
  const servers = {} as Servers;
  before(async () => {
    servers.server = await startTestApiServer({ crds: [] });
    servers.legacy = await startTestApiServer({ crds: [], emulate: "1.24" });
    for (const s of [servers.server, servers.legacy]) await prepare?.(s);
  });
  after(async () => {
    for (const s of [servers.server, servers.legacy]) {
      releaseAgent({ url: s.url, caPem: s.caPem });
      await s.stop();
    }
  });
  return servers;
}
