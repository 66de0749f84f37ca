// /openapi/v2, /openapi/v3 and /openapi/v3/<group-version>: the published OpenAPI documents, answered as
// kube-openapi's handlers do (JSON as text/plain, ETag the document's hash, v3 documents immutable when
// asked for by their current hash and redirected to it when asked with a stale one, 304 on a matching
// If-None-Match). The protobuf forms are not produced: a request accepting only them is 406, which
// client-go answers by falling back (kubectl's v2 reader then uses its built-in patch metadata).
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

function sendDocument(req: IncomingMessage, res: ServerResponse, doc: Published, headers: Record<string, string | string[]>): void {
  const etag = `"${doc.hash}"`;
  const common = { ...headers, ETag: etag, "Last-Modified": doc.lastModified.toUTCString() };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, common);
    return void res.end();
  }
  const body = Buffer.from(doc.text, "utf8");
  res.writeHead(200, {
    "Accept-Ranges": "bytes",
    ...common,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(body.length),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Answers a request under /openapi/ (true), or returns false for a path that is not an OpenAPI document. */
export function serveOpenApi(registry: ResourceRegistry, req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const path = url.pathname.replace(/\/$/, "");
  const accept = req.headers["accept"];
  if (path === "/openapi/v2") {
    const vary = ["Accept-Encoding", "Accept"];
    if (!acceptsJson(accept)) return (sendEmpty(res, 406, vary), true);
    return (sendDocument(req, res, documentsOf(registry).v2, { "Cache-Control": "no-cache, private", Vary: vary }), true);
  }
  if (path === "/openapi/v3") {
    const body = Buffer.from(JSON.stringify(v3Discovery(documentsOf(registry))), "utf8");
    res.writeHead(200, {
      "Accept-Ranges": "bytes",
      "Cache-Control": "no-cache, private",
      "Content-Type": "text/plain; charset=utf-8",
      "Last-Modified": new Date().toUTCString(),
      "Content-Length": String(body.length),
    });
    return (res.end(req.method === "HEAD" ? undefined : body), true);
  }
  if (!path.startsWith("/openapi/v3/")) return false;
  const doc = documentsOf(registry).v3.get(path.slice("/openapi/v3/".length));
  if (!doc) return (sendEmpty(res, 404), true);
  if (!acceptsJson(accept)) return (sendEmpty(res, 406, ["Accept"]), true);
  const hash = url.searchParams.get("hash");
  if (hash === null || hash === "") return (sendDocument(req, res, doc, { "Cache-Control": "no-cache, private", Vary: "Accept" }), true);
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
    return (res.end(body), true);
  }
  const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString().replace("GMT", "UTC");
  return (sendDocument(req, res, doc, { "Cache-Control": "public, immutable", Expires: expires, Vary: "Accept" }), true);
}
