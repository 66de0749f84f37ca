// A tiny JSON client for the behaviour tests: authenticated requests and watches against a TestApiServer.
import type { TestApiServer } from "../../testing/src/index.js";
import { openWatch, releaseAgent, send, type Answer, type OpenWatch } from "./transcript-http.js";

/** Requests against one server with its token. */
export class ApiClient {
  constructor(private readonly server: TestApiServer) {}

  private get target(): { url: string; caPem: string | undefined } {
    return { url: this.server.url, caPem: this.server.caPem };
  }

  /** Sends a request; `body` objects are JSON-encoded. */
  request(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.server.token}` };
    if (body !== undefined) headers["Content-Type"] = contentType;
    return send(
      this.target,
      method,
      path,
      headers,
      body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    );
  }

  /** GET, returning the parsed body (and asserting nothing). */
  async get(path: string): Promise<Answer> {
    return this.request("GET", path);
  }

  /** Opens a watch. */
  watch(path: string, headers: Record<string, string> = {}): Promise<OpenWatch> {
    return openWatch(this.target, path, { ...headers, Authorization: `Bearer ${this.server.token}` });
  }

  /** Closes pooled connections. */
  close(): void {
    releaseAgent(this.target);
  }
}

/** A Namespace object. */
export function namespace(name: string): Record<string, unknown> {
  return { apiVersion: "v1", kind: "Namespace", metadata: { name } };
}

/** A ConfigMap object. */
export function configMap(
  name: string,
  extra: Record<string, unknown> = {},
  data: Record<string, string> = { k: "v" },
): Record<string, unknown> {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, ...extra }, data };
}

/** metadata of a decoded object. */
export function meta(body: unknown): Record<string, unknown> {
  return ((body as Record<string, unknown>)["metadata"] ?? {}) as Record<string, unknown>;
}

/** An owner reference to the ConfigMap `o` (as the server returned it), blocking its deletion when `block`. */
export function configMapOwnerRef(o: Record<string, unknown>, block = false): Record<string, unknown> {
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    name: meta(o)["name"],
    uid: meta(o)["uid"],
    ...(block ? { blockOwnerDeletion: true } : {}),
  };
}

/** A raw answer: status, Content-Type and the body's bytes (protobuf or JSON, undecoded). */
export interface RawAnswer {
  status: number;
  type: string;
  body: Buffer;
}

/** Sends bytes with the server's token and chosen Content-Type and Accept: the protobuf tests' request. */
export async function rawCall(
  server: TestApiServer,
  method: string,
  path: string,
  opts: { body?: Buffer; contentType?: string; accept?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${server.token}` };
  if (opts.contentType) headers["Content-Type"] = opts.contentType;
  if (opts.accept) headers["Accept"] = opts.accept;
  const res = await fetch(`${server.url}${path}`, { method, headers, ...(opts.body ? { body: opts.body } : {}) });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: Buffer.from(await res.arrayBuffer()) };
}
