// TLS is on by default with a serving certificate the server's own CA issued, which clients verify
// against the kubeconfig's CA for both https://127.0.0.1 and https://localhost, as client-go does with
// certificate-authority-data; the same CA's client certificate authenticates (x509), as on a cluster.
import assert from "node:assert/strict";
import https from "node:https";
import tls from "node:tls";
import { X509Certificate } from "node:crypto";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { generateServerCertificate } from "../../runtime/src/tls/index.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";

let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  await server.stop();
});

function getVia(host: string): Promise<number> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const ca = Buffer.from(String(server.kubeconfig.clusters[0]?.cluster["certificate-authority-data"]), "base64").toString("utf8");
    const req = https.request({ hostname: host, port: u.port, path: "/version", ca, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

test("the server speaks HTTPS by default and its certificate verifies for 127.0.0.1 and localhost", async () => {
  assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(await getVia("127.0.0.1"), 200);
  assert.equal(await getVia("localhost"), 200);
});

test("the presented certificate names localhost and 127.0.0.1", async () => {
  const u = new URL(server.url);
  const san = await new Promise<string>((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: Number(u.port), ca: server.caPem, servername: "localhost" }, () => {
      const names = socket.getPeerCertificate().subjectaltname ?? "";
      socket.end();
      resolve(names);
    });
    socket.on("error", reject);
  });
  assert.match(san, /DNS:localhost/);
  assert.match(san, /IP Address:127\.0\.0\.1/);
});

/** GET `path` with an optional client certificate and headers; the status and the parsed body. */
function getWith(
  path: string,
  cert?: { certPem: string; keyPem: string },
  headers: Record<string, string> = {},
): Promise<[number, unknown]> {
  const u = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname: "127.0.0.1",
        port: u.port,
        path,
        ca: server.caPem,
        agent: false,
        headers,
        ...(cert ? { cert: cert.certPem, key: cert.keyPem } : {}),
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve([res.statusCode ?? 0, text.startsWith("{") ? JSON.parse(text) : text]));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("the serving certificate is issued by the server's CA, not self-signed", async () => {
  const u = new URL(server.url);
  const der = await new Promise<Buffer>((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port: Number(u.port), ca: server.caPem, servername: "localhost" }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      resolve(raw);
    });
    socket.on("error", reject);
  });
  const serving = new X509Certificate(der);
  const ca = new X509Certificate(server.caPem ?? "");
  assert.equal(ca.ca, true);
  assert.equal(serving.ca, false);
  assert.ok(serving.checkIssued(ca), "issued by the CA in the kubeconfig");
  assert.ok(serving.verify(ca.publicKey));
  assert.notEqual(serving.subject, serving.issuer);
});

test("a client certificate from the server's CA authenticates without a token; one from another CA is 401", async () => {
  const client = server.clientCertificate;
  assert.ok(client);
  const issued = new X509Certificate(client.certPem);
  assert.match(issued.subject, /O=system:masters/);
  assert.match(issued.subject, /CN=kube-codegen-admin/);
  assert.deepEqual((await getWith("/api/v1/namespaces/default", client))[0], 200);
  const anonymous = await getWith("/api/v1/namespaces/default");
  assert.equal(anonymous[0], 403, "no credential at all is anonymous");
  const stranger = generateServerCertificate("stranger");
  const refused = await getWith("/api/v1/namespaces/default", stranger);
  assert.equal(refused[0], 401);
  assert.equal((refused[1] as { reason?: string }).reason, "Unauthorized");
  // As the union authenticator: a bad certificate does not stop a valid token.
  assert.equal((await getWith("/api/v1/namespaces/default", stranger, { Authorization: `Bearer ${server.token}` }))[0], 200);
});

test("the certificate kubeconfig names the client certificate and no token", () => {
  const user = server.certKubeconfig?.users[0]?.user;
  assert.ok(user && "client-certificate-data" in user);
  assert.equal(Buffer.from(user["client-certificate-data"], "base64").toString(), server.clientCertificate?.certPem);
  assert.ok(!("token" in user));
  assert.ok(server.certKubeconfigPath && existsSync(server.certKubeconfigPath));
});
