// Tunnelling through a kubeconfig's `proxy-url`, as client-go does for http and https proxies: each
// new connection is an HTTP CONNECT to the proxy for the API server's host:port, and TLS to the API
// server (with its CA, client certificate and server name) runs inside the tunnel, so the proxy sees
// only ciphertext. Credentials in the proxy URL become a Proxy-Authorization header and never reach
// a message: errors name the proxy by scheme, host and port only. socks5 proxies are refused with a
// clear error rather than bypassed.
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import type { AgentOptions as HttpAgentOptions, ClientRequest, IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AgentOptions as HttpsAgentOptions } from "node:https";
import { isIP } from "node:net";
import type { Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { ConnectionOptions } from "node:tls";
import type { Duplex } from "node:stream";

/** A proxy URL as it may appear in messages: no user, no password, no path. */
function redactProxyUrl(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/** The parsed proxy-url, or an error saying why it cannot be used. */
export function parseProxyUrl(raw: string): URL {
  let proxy: URL;
  try {
    proxy = new URL(raw);
  } catch {
    throw Object.assign(new Error("proxy-url is not a valid URL"), { code: "EPROXYURL" });
  }
  if (proxy.protocol !== "http:" && proxy.protocol !== "https:") {
    throw Object.assign(new Error(`proxy-url scheme ${proxy.protocol} is not supported (http and https proxies are)`), {
      code: "EPROXYURL",
    });
  }
  return proxy;
}

type ConnectCallback = (err: Error | null, socket?: Duplex) => void;

/** Opens a CONNECT tunnel to `host:port` through `proxy`, calling back with the raw tunnel socket. */
function openTunnel(proxy: URL, host: string, port: number, cb: (err: Error | null, socket?: Socket) => void): void {
  const headers: Record<string, string> = { host: `${host}:${port}` };
  if (proxy.username || proxy.password) {
    const user = decodeURIComponent(proxy.username);
    const pass = decodeURIComponent(proxy.password);
    headers["proxy-authorization"] = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
  }
  const send = proxy.protocol === "https:" ? httpsRequest : httpRequest;
  let done = false;
  const finish = (err: Error | null, socket?: Socket): void => {
    if (done) return;
    done = true;
    cb(err, socket);
  };
  const req: ClientRequest = send({
    hostname: proxy.hostname.replace(/^\[|\]$/g, ""),
    port: proxy.port || (proxy.protocol === "https:" ? 443 : 80),
    method: "CONNECT",
    path: `${host.includes(":") ? `[${host}]` : host}:${port}`,
    headers,
    agent: false,
  });
  req.once("connect", (res: IncomingMessage, socket: Socket, head: Buffer) => {
    if (res.statusCode !== 200) {
      socket.destroy();
      finish(
        Object.assign(
          new Error(
            `proxy ${redactProxyUrl(proxy)} refused the tunnel to ${host}:${port}: ${res.statusCode} ${res.statusMessage ?? ""}`.trim(),
          ),
          { code: "EPROXY" },
        ),
      );
      return;
    }
    // Bytes the proxy sent after its answer belong to the tunnel.
    if (head.length > 0) socket.unshift(head);
    finish(null, socket);
  });
  req.once("error", (err: NodeJS.ErrnoException) => {
    finish(Object.assign(new Error(`proxy ${redactProxyUrl(proxy)}: ${err.message}`), { code: err.code ?? "EPROXY" }));
  });
  req.end();
}

interface TargetOptions {
  host?: string | null;
  hostname?: string | null;
  port?: number | string | null;
}

function targetOf(options: TargetOptions): { host: string; port: number } {
  const host = (options.hostname ?? options.host ?? "localhost").replace(/^\[|\]$/g, "");
  return { host, port: Number(options.port) };
}

/** A keep-alive agent for an http API server reached through a CONNECT tunnel. */
class TunnelHttpAgent extends HttpAgent {
  constructor(
    private readonly proxy: URL,
    options: HttpAgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: TargetOptions, cb: ConnectCallback): Duplex {
    const { host, port } = targetOf(options);
    openTunnel(this.proxy, host, port, cb);
    // Node's agent accepts a connection delivered through the callback; nothing to return now.
    return undefined as unknown as Duplex;
  }
}

/** A keep-alive agent for an https API server reached through a CONNECT tunnel, TLS end to end. */
class TunnelHttpsAgent extends HttpsAgent {
  constructor(
    private readonly proxy: URL,
    private readonly tls: HttpsAgentOptions,
  ) {
    super(tls);
  }

  override createConnection(options: TargetOptions & { servername?: string }, cb: ConnectCallback): Duplex {
    const { host, port } = targetOf(options);
    openTunnel(this.proxy, host, port, (err, raw) => {
      if (err || !raw) return cb(err ?? new Error("no tunnel"));
      // `host` is what the certificate is checked against; SNI is sent only for names, never for IPs.
      const o: ConnectionOptions = { socket: raw, host, rejectUnauthorized: this.tls.rejectUnauthorized ?? true };
      const servername = this.tls.servername ?? options.servername ?? (isIP(host) ? undefined : host);
      if (servername) o.servername = servername;
      if (this.tls.ca) o.ca = this.tls.ca;
      if (this.tls.cert) o.cert = this.tls.cert;
      if (this.tls.key) o.key = this.tls.key;
      const secure = tlsConnect(o);
      let settled = false;
      secure.once("secureConnect", () => {
        settled = true;
        cb(null, secure);
      });
      secure.once("error", (e: Error) => {
        if (settled) return;
        settled = true;
        raw.destroy();
        cb(e);
      });
    });
    return undefined as unknown as Duplex;
  }
}

/** The agent that reaches `server` through `proxy`: https servers get TLS inside the tunnel. */
export function tunnelAgent(proxy: URL, server: URL, options: HttpsAgentOptions): HttpAgent {
  return server.protocol === "http:" ? new TunnelHttpAgent(proxy, options) : new TunnelHttpsAgent(proxy, options);
}
