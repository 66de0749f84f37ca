// Reading request bodies and writing JSON answers, Status errors and Warning headers on node:http.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "../status-errors.js";

/** Largest request body accepted (a real server caps at 3 MiB for most writes). */
const MAX_BODY = 3 * 1024 * 1024;

/** Reads the whole request body as text; a body over the limit is a 413. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_BODY) throw new ApiError(413, "RequestEntityTooLarge", "Request entity too large: limit is 3145728");
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Formats a Warning header value as the server does (code 299, agent "-"). */
export function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}

/** Writes a JSON body with status `code` and any warnings. */
export function sendJson(res: ServerResponse, code: number, body: unknown, warnings: readonly string[] = []): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | string[]> = {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-cache, private",
  };
  if (warnings.length > 0) headers["Warning"] = warnings.map(warningHeader);
  res.writeHead(code, headers);
  res.end(text);
}

/** Writes an ApiError as its Status body (with Retry-After for 429s). */
export function sendError(res: ServerResponse, err: ApiError, warnings: readonly string[] = []): void {
  if (err.details?.retryAfterSeconds) res.setHeader("Retry-After", String(err.details.retryAfterSeconds));
  sendJson(res, err.code, err.toStatus(), warnings);
}

/** The plain-text 404 go-restful writes for paths no route matches. */
export function sendPageNotFound(res: ServerResponse): void {
  const text = "404 page not found\n";
  res.writeHead(404, {
    "Content-Type": "text/plain; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(text.length),
  });
  res.end(text);
}
