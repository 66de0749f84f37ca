// Liveness and readiness endpoints, as controller-runtime's pkg/healthz (itself the API server's
// format): `/healthz` (or `/readyz`) runs every check and answers 200 "ok", or 500 with one line
// per check and the reason withheld (the endpoint is public); `?verbose` lists the checks on
// success too; `?exclude=name` skips a check; `/healthz/<name>` runs one check and, on failure,
// gives its error. No checks at all behaves as the single check `ping`.
import type { IncomingMessage, ServerResponse } from "node:http";

/** A health check: resolves when healthy, throws (or rejects) with the reason when not. */
export type HealthCheck = (req: IncomingMessage) => void | Promise<void>;

/** Always healthy: controller-runtime's healthz.Ping. */
export const ping: HealthCheck = () => undefined;

interface CheckStatus {
  name: string;
  healthy: boolean;
  excluded: boolean;
}

/** Serves `checks` under `prefix` ("/healthz", "/readyz"); false when the path is not under it. */
export async function serveHealth(
  prefix: string,
  checks: ReadonlyMap<string, HealthCheck>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://probe");
  const path = cleanPath(url.pathname);
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
  const sub = path.slice(prefix.length);
  if (sub === "" || sub === "/") {
    await serveAggregated(checks, url.searchParams, req, res);
    return true;
  }
  const name = sub.slice(1);
  const check = checks.size === 0 && name === "ping" ? ping : checks.get(name);
  if (!check) {
    text(res, 404, "404 page not found\n");
    return true;
  }
  const err = await failure(check, req);
  if (err === undefined) text(res, 200, "ok");
  else text(res, 500, `internal server error: ${err}\n`);
  return true;
}

async function serveAggregated(
  checks: ReadonlyMap<string, HealthCheck>,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const excluded = new Set(query.getAll("exclude"));
  const parts: CheckStatus[] = [];
  let failed = false;
  for (const [name, check] of checks) {
    if (excluded.delete(name)) {
      parts.push({ name, healthy: true, excluded: true });
      continue;
    }
    const healthy = (await failure(check, req)) === undefined;
    if (!healthy) failed = true;
    parts.push({ name, healthy, excluded: false });
  }
  if (checks.size === 0) parts.push({ name: "ping", healthy: true, excluded: false });
  parts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!failed && !query.has("verbose")) return text(res, 200, "ok");
  // Always verbose on failure.
  let out = "";
  for (const p of parts) {
    if (p.excluded) out += `[+]${p.name} excluded: ok\n`;
    else if (p.healthy) out += `[+]${p.name} ok\n`;
    else out += `[-]${p.name} failed: reason withheld\n`;
  }
  if (excluded.size > 0) {
    const names = [...excluded].sort().map((n) => JSON.stringify(n));
    out += `warn: some health checks cannot be excluded: no matches for ${names.join(",")}\n`;
  }
  out += failed ? "healthz check failed\n" : "healthz check passed\n";
  text(res, failed ? 500 : 200, out);
}

// The check's error as text, or undefined when it passed.
async function failure(check: HealthCheck, req: IncomingMessage): Promise<string | undefined> {
  try {
    await check(req);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" });
  res.end(body);
}

// As Go's path.Clean for the shapes a probe sends: "//x/" → "/x", "" → "/".
function cleanPath(p: string): string {
  const segments: string[] = [];
  for (const s of p.split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") segments.pop();
    else segments.push(s);
  }
  return `/${segments.join("/")}`;
}
