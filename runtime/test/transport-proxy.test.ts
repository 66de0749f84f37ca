// proxy-url: every connection is a CONNECT tunnel through a local proxy, TLS to the API server runs
// inside it (verified with the kubeconfig's CA), keep-alive reuses one tunnel, Basic credentials in
// the URL reach the proxy and no message, and a refused tunnel or unsupported scheme is an error,
// never a silent direct connection.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { AgentPool, createTransport, anonymousAuth, TransportError } from "../src/index.js";
import type { RestConfig } from "../src/index.js";
import { generateServerCertificate } from "../src/tls/index.js";
import { sendJson, startServer } from "./helpers.js";

const serverCert = generateServerCertificate("proxy-test-server");

interface Proxy {
  url: string;
  tunnels: { target: string; auth: string | undefined }[];
  close(): Promise<void>;
}

/** A CONNECT-only proxy; `refuse` answers every tunnel with that status instead. */
async function startProxy(refuse?: number): Promise<Proxy> {
  const tunnels: Proxy["tunnels"] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => {
    res.writeHead(405).end(); // only CONNECT is served: a direct request would mean no tunnel
  });
  server.on("connect", (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    tunnels.push({ target: req.url ?? "", auth: req.headers["proxy-authorization"] });
    if (refuse) {
      client.end(`HTTP/1.1 ${refuse} Refused\r\n\r\n`);
      return;
    }
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function withApiServer(fn: (url: string) => Promise<void>): Promise<void> {
  const s = await startServer(
    (req, res) => {
      sendJson(res, 200, { encrypted: (req.socket as Partial<TLSSocket>).encrypted === true, port: req.socket.remotePort });
    },
    { cert: serverCert.certPem, key: serverCert.keyPem },
  );
  try {
    await fn(s.url);
  } finally {
    await s.close();
  }
}

const config = (server: string, proxyUrl: string, ca: string = serverCert.certPem): RestConfig => ({
  server,
  tls: { insecureSkipTlsVerify: false, ca: Buffer.from(ca) },
  auth: anonymousAuth,
  namespace: "default",
  proxyUrl,
});

test("requests tunnel through proxy-url with TLS inside the tunnel, kept alive, with Basic proxy credentials", async () => {
  const proxy = await startProxy();
  const pool = new AgentPool();
  try {
    await withApiServer(async (url) => {
      const withCreds = proxy.url.replace("http://", "http://alice:p%40ss@");
      const transport = createTransport(config(url, withCreds), { agents: pool, retry: { maxRetries: 0 } });
      const ports = new Set<number>();
      for (let i = 0; i < 3; i++) {
        const seen = await transport.json<{ encrypted: boolean; port: number }>({ method: "GET", path: "/version" });
        assert.equal(seen.encrypted, true);
        ports.add(seen.port);
      }
      assert.equal(proxy.tunnels.length, 1, "three requests over one tunnel");
      assert.equal(ports.size, 1);
      assert.equal(proxy.tunnels[0]!.target, new URL(url).host);
      assert.equal(proxy.tunnels[0]!.auth, `Basic ${Buffer.from("alice:p@ss").toString("base64")}`);
    });
  } finally {
    pool.destroy();
    await proxy.close();
  }
});

test("the API server's certificate is verified inside the tunnel", async () => {
  const proxy = await startProxy();
  const pool = new AgentPool();
  try {
    await withApiServer(async (url) => {
      const wrongCa = generateServerCertificate("someone-else").certPem;
      const transport = createTransport(config(url, proxy.url, wrongCa), { agents: pool, retry: { maxRetries: 0 } });
      await assert.rejects(transport.request({ method: "GET", path: "/version" }), /self.signed|certificate/i);
      assert.equal(proxy.tunnels.length, 1, "the failure happened through the proxy");
    });
  } finally {
    pool.destroy();
    await proxy.close();
  }
});

test("a refused tunnel is a TransportError that names the proxy without its credentials", async () => {
  const proxy = await startProxy(407);
  const pool = new AgentPool();
  try {
    await withApiServer(async (url) => {
      const transport = createTransport(config(url, proxy.url.replace("http://", "http://bob:hunter2@")), {
        agents: pool,
        retry: { maxRetries: 0 },
      });
      const err = await transport.request({ method: "GET", path: "/version" }).then(
        () => assert.fail("the request went through"),
        (e: unknown) => e,
      );
      assert.ok(err instanceof TransportError);
      assert.equal(err.code, "EPROXY");
      assert.match(err.message, /407/);
      assert.ok(err.message.includes(new URL(proxy.url).host));
      assert.doesNotMatch(err.message + String((err.cause as Error | undefined)?.message), /hunter2|bob/);
    });
  } finally {
    pool.destroy();
    await proxy.close();
  }
});

test("plain-http servers tunnel too; unsupported proxy schemes fail before any request", async () => {
  const proxy = await startProxy();
  const pool = new AgentPool();
  const direct = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
  try {
    const transport = createTransport({ ...config(direct.url, proxy.url), tls: { insecureSkipTlsVerify: false } }, { agents: pool });
    assert.deepEqual(await transport.json({ method: "GET", path: "/healthz" }), { ok: true });
    assert.equal(proxy.tunnels.length, 1);
    assert.throws(() => createTransport(config(direct.url, "socks5://127.0.0.1:1080")), /socks5: is not supported/);
    assert.throws(() => createTransport(config(direct.url, "not a url")), /proxy-url is not a valid URL/);
    assert.equal(direct.requests.length, 1, "no direct connection was made");
  } finally {
    pool.destroy();
    await direct.close();
    await proxy.close();
  }
});
