// TLS is on by default with a certificate clients can verify against the kubeconfig's CA for both
// https://127.0.0.1 and https://localhost, as client-go does with certificate-authority-data.
import assert from "node:assert/strict";
import https from "node:https";
import tls from "node:tls";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../src/testing/index.js";

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
