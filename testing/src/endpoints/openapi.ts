// /openapi/v2, /openapi/v3 and /openapi/v3/<group-version>: the published OpenAPI documents, answered as
// kube-openapi's handlers do (JSON as text/plain, ETag the document's hash, v3 documents immutable when
// asked for by their current hash and redirected to it when asked with a stale one, 304 on a matching
// If-None-Match, 404 with no body for an unknown group-version). The protobuf forms are not produced: a
// request accepting only them is 406, on which client-go falls back (kubectl's v2 reader to its built-in
// patch metadata; kubectl 1.32 reads v3 as JSON).
import type { IncomingMessage, ServerResponse } from "node:http";
import { documentsOf, v3Discovery, type Published } from "../openapi/documents.js";
import type { ResourceRegistry } from "../registry/resource-registry.js";
import { mediaType } from "./http-io.js";

/** Whether the request's Accept allows JSON (no Accept does). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === "") return true;
  return accept.split(",").some((range) => ["application/json", "*/*", "application/*"].includes(mediaType(range)));
}

function sendEmpty(res: ServerResponse, code: number, vary?: string[]): void {
  res.writeHead(code, { "Cache-Control": "no-cache, private", ...(vary ? { Vary: vary } : {}), "Content-Length": "0" });
  res.end();
}

function sendText(req: IncomingMessage, res: ServerResponse, text: string, headers: Record<string, string | string[]>): void {
  const body = Buffer.from(text, "utf8");
  res.writeHead(200, {
    "Accept-Ranges": "bytes",
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(body.length),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function sendDocument(req: IncomingMessage, res: ServerResponse, doc: Published, headers: Record<string, string | string[]>): void {
  const etag = `"${doc.hash}"`;
  const all = { ...headers, ETag: etag, "Last-Modified": doc.lastModified.toUTCString() };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, all);
    return void res.end();
  }
  sendText(req, res, doc.text, all);
}

/** A v3 group-version document: by its current hash immutable, without one no-cache, with a stale one a 301. */
function sendV3Document(req: IncomingMessage, res: ServerResponse, path: string, doc: Published, hash: string | null): void {
  if (hash === null || hash === "") return sendDocument(req, res, doc, { "Cache-Control": "no-cache, private", Vary: "Accept" });
  if (hash !== doc.hash) {
    const location = `${path}?hash=${doc.hash}`;
    const body = `<a href="${location}">Moved Permanently</a>.\n\n`;
    res.writeHead(301, {
      "Cache-Control": "no-cache, private",
      "Content-Type": "text/html; charset=utf-8",
      ETag: `"${doc.hash}"`,
      Location: location,
      Vary: "Accept",
      "Content-Length": String(Buffer.byteLength(body)),
    });
    return void res.end(body);
  }
  // Go's time format for the Expires header names the zone UTC, not GMT.
  const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString().replace("GMT", "UTC");
  sendDocument(req, res, doc, { "Cache-Control": "public, immutable", Expires: expires, Vary: "Accept" });
}

/** Answers a request under /openapi/ and returns true, or returns false for a path that is no OpenAPI document. */
export async function serveOpenApi(registry: ResourceRegistry, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname.replace(/\/$/, "");
  const accept = req.headers["accept"];
  if (path === "/openapi/v2") {
    const vary = ["Accept-Encoding", "Accept"];
    if (!acceptsJson(accept)) sendEmpty(res, 406, vary);
    else sendDocument(req, res, (await documentsOf(registry)).v2(), { "Cache-Control": "no-cache, private", Vary: vary });
    return true;
  }
  if (path === "/openapi/v3") {
    const discovery = JSON.stringify(v3Discovery(await documentsOf(registry)));
    sendText(req, res, discovery, { "Cache-Control": "no-cache, private", "Last-Modified": new Date().toUTCString() });
    return true;
  }
  if (!path.startsWith("/openapi/v3/")) return false;
  const doc = (await documentsOf(registry)).v3.get(path.slice("/openapi/v3/".length));
  if (!doc) sendEmpty(res, 404);
  else if (!acceptsJson(accept)) sendEmpty(res, 406, ["Accept"]);
  else sendV3Document(req, res, path, doc, url.searchParams.get("hash"));
  return true;
}
