// /openapi/v2, /openapi/v3 and /openapi/v3/<group-version>: the published OpenAPI documents, answered as
// kube-openapi's handlers do (the documents as application/json in 1.37, as text/plain in 1.24; the v3
// discovery as text/plain in both; ETag the document's hash, v3 documents immutable when
// asked for by their current hash and redirected to it when asked with a stale one, 304 on a matching
// If-None-Match, 404 with no body for an unknown group-version). The protobuf forms are not produced: a
// request accepting only them is 406, on which client-go falls back (kubectl's v2 reader to its built-in
// patch metadata; kubectl 1.32 reads v3 as JSON).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OpenApiRelease } from "../openapi/builtin-documents.js";
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

const TEXT = "text/plain; charset=utf-8";

function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  text: string,
  headers: Record<string, string | string[]>,
  contentType = TEXT,
): void {
  const body = Buffer.from(text, "utf8");
  res.writeHead(200, {
    "Accept-Ranges": "bytes",
    ...headers,
    "Content-Type": contentType,
    "Content-Length": String(body.length),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The content type a release's server gives its documents. */
function documentType(release: OpenApiRelease): string {
  return release === "1.24" ? TEXT : "application/json";
}

function sendDocument(
  req: IncomingMessage,
  res: ServerResponse,
  release: OpenApiRelease,
  doc: Published,
  headers: Record<string, string | string[]>,
): void {
  const etag = `"${doc.hash}"`;
  const all = { ...headers, ETag: etag, "Last-Modified": doc.lastModified.toUTCString() };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, all);
    return void res.end();
  }
  sendText(req, res, doc.text, all, documentType(release));
}

/** A v3 group-version document: by its current hash immutable, without one no-cache, with a stale one a 301. */
function sendV3Document(
  req: IncomingMessage,
  res: ServerResponse,
  release: OpenApiRelease,
  path: string,
  doc: Published,
  hash: string | null,
): void {
  if (hash === null || hash === "") return sendDocument(req, res, release, doc, { "Cache-Control": "no-cache, private", Vary: "Accept" });
  if (hash !== doc.hash) {
    const location = `${path}?hash=${doc.hash}`;
    // 1.24's handler left the body to http.Redirect (an HTML link); 1.37's has set its JSON type first, so none.
    const body = release === "1.24" ? `<a href="${location}">Moved Permanently</a>.\n\n` : "";
    res.writeHead(301, {
      "Cache-Control": "no-cache, private",
      "Content-Type": release === "1.24" ? "text/html; charset=utf-8" : "application/json",
      ETag: `"${doc.hash}"`,
      Location: location,
      Vary: "Accept",
      "Content-Length": String(Buffer.byteLength(body)),
    });
    return void res.end(body);
  }
  // Go's time format for the Expires header names the zone UTC, not GMT.
  const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString().replace("GMT", "UTC");
  sendDocument(req, res, release, doc, { "Cache-Control": "public, immutable", Expires: expires, Vary: "Accept" });
}

/** Answers a request under /openapi/ and returns true, or returns false for a path that is no OpenAPI document. */
export async function serveOpenApi(
  registry: ResourceRegistry,
  release: OpenApiRelease,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname.replace(/\/$/, "");
  const accept = req.headers["accept"];
  if (path === "/openapi/v2") {
    const vary = ["Accept-Encoding", "Accept"];
    if (!acceptsJson(accept)) sendEmpty(res, 406, vary);
    else sendDocument(req, res, release, (await documentsOf(registry, release)).v2(), { "Cache-Control": "no-cache, private", Vary: vary });
    return true;
  }
  if (path === "/openapi/v3") {
    const discovery = JSON.stringify(v3Discovery(await documentsOf(registry, release)));
    sendText(req, res, discovery, { "Cache-Control": "no-cache, private", "Last-Modified": new Date().toUTCString() });
    return true;
  }
  if (!path.startsWith("/openapi/v3/")) return false;
  const doc = (await documentsOf(registry, release)).v3.get(path.slice("/openapi/v3/".length));
  if (!doc) sendEmpty(res, 404);
  else if (!acceptsJson(accept)) sendEmpty(res, 406, ["Accept"]);
  else sendV3Document(req, res, release, path, doc, url.searchParams.get("hash"));
  return true;
}
