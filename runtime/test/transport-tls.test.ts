// TLS against a local HTTPS server with a fresh self-signed certificate: verification is on by
// default, the kubeconfig's CA (data or file) is trusted, insecure-skip-tls-verify is honoured
// only when set, and a client certificate reaches the server.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import type { TLSSocket } from "node:tls";
import { AgentPool, createTransport, loadKubeConfig } from "../src/index.js";
import type { RestConfig } from "../src/index.js";
import { generateServerCertificate } from "../src/tls/index.js";
import { kubeconfigYaml, sendJson, startServer, tempDir } from "./helpers.js";

const serverCert = generateServerCertificate("rest-tls-test");
const clientCert = generateServerCertificate("client-user");
const agents = new AgentPool();
after(() => agents.destroy());

async function withServer(fn: (url: string) => Promise<void>): Promise<void> {
  const s = await startServer(
    (req, res) => {
      const socket = req.socket as TLSSocket;
      const peer = socket.getPeerCertificate();
      sendJson(res, 200, {
        authorized: socket.authorized,
        cn: peer && "subject" in peer && peer.subject ? peer.subject.CN : null,
        auth: req.headers["authorization"] ?? null,
        userAgent: req.headers["user-agent"],
        port: req.socket.remotePort,
      });
    },
    { cert: serverCert.certPem, key: serverCert.keyPem, ca: [clientCert.certPem], requestCert: true, rejectUnauthorized: false },
  );
  try {
    await fn(s.url);
  } finally {
    await s.close();
  }
}

function configFor(url: string, cluster: object, user: object = {}): RestConfig {
  const t = tempDir();
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: { c: { server: url, ...cluster } },
        users: { u: user },
        contexts: { c: { cluster: "c", user: "u" } },
        current: "c",
      }),
    );
    t.write("ca.pem", serverCert.certPem);
    return loadKubeConfig({ kubeconfig: p });
  } finally {
    t.cleanup();
  }
}

type Seen = { authorized: boolean; cn: string | null; auth: string | null; userAgent: string; port: number };
const get = (config: RestConfig): Promise<Seen> =>
  createTransport(config, { agents, retry: { maxRetries: 0 } }).json<Seen>({ method: "GET", path: "/version" });

test("an unknown CA fails verification; no CA in the kubeconfig means the system roots", async () => {
  await withServer(async (url) => {
    const wrongCa = generateServerCertificate("someone-else").certPem;
    await assert.rejects(
      get(configFor(url, { "certificate-authority-data": Buffer.from(wrongCa).toString("base64") })),
      /self.signed|certificate/i,
    );
    await assert.rejects(get(configFor(url, {})), /self.signed|certificate/i);
  });
});

test("the CA from certificate-authority-data verifies the server, with the token sent", async () => {
  await withServer(async (url) => {
    const seen = await get(
      configFor(url, { "certificate-authority-data": Buffer.from(serverCert.certPem).toString("base64") }, { token: "tls-token" }),
    );
    assert.equal(seen.auth, "Bearer tls-token");
    assert.match(seen.userAgent, /^kube-codegen-runtime\/\d+\.\d+\.\d+ \(node v\d+/);
    assert.equal(seen.cn, null, "no client certificate was offered");
  });
});

test("insecure-skip-tls-verify connects without a CA, only when set", async () => {
  await withServer(async (url) => {
    const seen = await get(configFor(url, { "insecure-skip-tls-verify": true }));
    assert.equal(seen.auth, null);
    await assert.rejects(get(configFor(url, { "insecure-skip-tls-verify": false })), /self.signed|certificate/i);
  });
});

test("a client certificate from the kubeconfig is presented and verified by the server", async () => {
  await withServer(async (url) => {
    const seen = await get(
      configFor(
        url,
        { "certificate-authority": "ca.pem" },
        {
          "client-certificate-data": Buffer.from(clientCert.certPem).toString("base64"),
          "client-key-data": Buffer.from(clientCert.keyPem).toString("base64"),
        },
      ),
    );
    assert.equal(seen.authorized, true);
    assert.equal(seen.cn, "client-user");
  });
});

test("connections are kept alive and reused through one agent per cluster and credentials", async () => {
  await withServer(async (url) => {
    const pool = new AgentPool();
    try {
      const config = configFor(url, { "certificate-authority-data": Buffer.from(serverCert.certPem).toString("base64") });
      const transport = createTransport(config, { agents: pool });
      const ports = new Set<number>();
      for (let i = 0; i < 3; i++) {
        ports.add((await transport.json<Seen>({ method: "GET", path: "/version" })).port);
      }
      const other = createTransport(configFor(url, { "insecure-skip-tls-verify": true }), { agents: pool });
      await other.request({ method: "GET", path: "/version" });
      assert.equal(ports.size, 1, "three requests over one kept-alive connection");
      assert.equal(pool.size, 2, "a different TLS setting gets its own agent");
    } finally {
      pool.destroy();
    }
  });
});
