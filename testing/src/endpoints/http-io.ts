// Reading request bodies and writing JSON answers, Status errors and Warning headers on node:http.
import type { IncomingMessage, ServerResponse } from "node:http";
import { noteResponseBody } from "../audit/audit-log.js";
import { stringifyJson } from "../patch/json.js";
import { ApiError } from "../status-errors.js";

/** A Content-Type's or Accept entry's media type, without parameters, lowercased ("application/merge-patch+json"). */
export function mediaType(value: string | undefined): string {
  return ((value ?? "").split(";")[0] ?? "").trim().toLowerCase();
}

/** Largest request body accepted (a real server caps at 3 MiB for most writes). */
const MAX_BODY = 3 * 1024 * 1024;

/** Reads the whole request body as text; a body over the limit is a 413. */
export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString("utf8");
}

/** Reads the whole request body as bytes; a body over the limit is a 413. */
export async function readBodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_BODY) throw new ApiError(413, "RequestEntityTooLarge", "Request entity too large: limit is 3145728");
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/**
 * Formats a Warning header value as the server does (code 299, agent "-"), or undefined for a text the
 * server drops: apimachinery's NewWarningHeader refuses text that holds a control character
 * (unicode.IsControl: C0, DEL, C1), and the recorder then sends no warning. Lone surrogates are U+FFFD,
 * as Go's JSON decoder would have made them before the text was built. The rest is sent
 * as its UTF-8 bytes (Node writes header strings as Latin-1, so they are spelled as Latin-1 characters
 * here), quoted with only `"` and `\` escaped, as Go's makeQuotedString does.
 */
export function warningHeader(text: string): string | undefined {
  if (text === "" || /[\u0000-\u001f\u007f-\u009f]/.test(text)) return undefined;
  const wellFormed = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  const quoted = `"${wellFormed.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `299 - ${Buffer.from(quoted, "utf8").toString("latin1")}`;
}

// The apiserver's warning recorder: at most 4 Ki runes of warning text in all; past that, every
// warning is cut to 256 runes and, once those fill the budget again, later ones are dropped.
const WARNINGS_TOTAL_RUNES = 4 * 1024;
const WARNING_ITEM_RUNES = 256;

/**
 * The Warning header values of a response, as the apiserver's recorder writes them: each text once
 * (the first time it was added), in order, within the recorder's size limits.
 */
export function warningHeaders(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  let headers: string[] = [];
  let written = 0;
  let truncating = false;
  const cut = (text: string): [string, number] => {
    const runes = [...text];
    return runes.length > WARNING_ITEM_RUNES ? [runes.slice(0, WARNING_ITEM_RUNES).join(""), WARNING_ITEM_RUNES] : [text, runes.length];
  };
  for (const text of texts) {
    if (text === "" || (truncating && written >= WARNINGS_TOTAL_RUNES) || seen.has(text)) continue;
    seen.add(text);
    ordered.push(text);
    const [shown, runes] = truncating ? cut(text) : [text, [...text].length];
    const header = warningHeader(shown);
    if (header === undefined) continue;
    if (truncating || written + runes <= WARNINGS_TOTAL_RUNES) {
      written += runes;
      headers.push(header);
      continue;
    }
    // Over the limit: start again with every warning so far cut short.
    truncating = true;
    written = 0;
    headers = [];
    for (const t of ordered) {
      const [s, n] = cut(t);
      const h = warningHeader(s);
      if (h === undefined) continue;
      written += n;
      headers.push(h);
    }
  }
  return headers;
}

/** Writes a JSON body with status `code` and any warnings. */
export function sendJson(res: ServerResponse, code: number, body: unknown, warnings: readonly string[] = []): void {
  noteResponseBody(body);
  const text = stringifyJson(body);
  const headers: Record<string, string | string[]> = {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-cache, private",
  };
  const values = warningHeaders(warnings);
  if (values.length > 0) headers["Warning"] = values;
  res.writeHead(code, headers);
  // A Buffer body, not a string: Node writes a string body in one piece with the header, in the body's
  // encoding (UTF-8), which would re-encode the Latin-1 spelled Warning bytes.
  res.end(Buffer.from(text, "utf8"));
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

/** Reads and discards a request's body; settles when it ended or the client went away. */
export function drainBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    req
      .on("end", resolve)
      .on("close", resolve)
      .on("error", () => resolve());
    req.resume();
  });
}
