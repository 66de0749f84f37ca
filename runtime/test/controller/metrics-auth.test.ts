// A Manager's metrics served as kubebuilder's projects serve them: HTTPS (SecureServing) behind
// controller-runtime's WithAuthenticationAndAuthorization filter, against the test server with RBAC
// on. No token is 401, a user without `get` on the non-resource URL /metrics is 403, a user bound to
// a metrics-reader ClusterRole reads them; with certificate files in certDir those are served, without
// them a self-signed certificate for localhost; other paths are 404 before any review.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { X509Certificate } from "node:crypto";
import type { TLSSocket } from "node:tls";
import { Registry } from "prom-client";
import { startTestApiServer, type TestApiServer } from "../../../testing/src/index.js";
import { Manager, createTransport, loadKubeConfig, withAuthenticationAndAuthorization, type Transport } from "../../src/index.js";
import { generateServerCertificate } from "../../src/tls/index.js";
import { tempDir } from "../../../test/helpers/fs.js";

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({
    crds: [],
    authorization: "RBAC",
    objects: [
      {
        apiVersion: "rbac.authorization.k8s.io/v1",
        kind: "ClusterRole",
        metadata: { name: "metrics-reader" },
        rules: [{ nonResourceURLs: ["/metrics"], verbs: ["get"] }],
      },
      {
        apiVersion: "rbac.authorization.k8s.io/v1",
        kind: "ClusterRoleBinding",
        metadata: { name: "metrics-reader" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "metrics-reader" },
        subjects: [{ kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "prometheus" }],
      },
    ],
  });
});
after(async () => {
  await server.stop();
});

interface Answer {
  status: number;
  type: string | undefined;
  text: string;
  certificate: X509Certificate;
}

function get(port: number, path: string, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        rejectUnauthorized: false,
        agent: false,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers["content-type"],
            text,
            certificate: (res.socket as TLSSocket).getPeerX509Certificate()!,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The reviews the filter sent, by path. */
const reviews: string[] = [];

async function withManager(options: { certDir?: string }, f: (port: number) => Promise<void>): Promise<void> {
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const t = createTransport(config);
  const counting: Transport = {
    config: t.config,
    request: (r) => t.request(r),
    stream: (r) => t.stream(r),
    json: <T>(r: Parameters<Transport["json"]>[0]) => {
      reviews.push(r.path);
      return t.json<T>(r);
    },
  };
  const mgr = new Manager({
    config,
    metrics: {
      bindAddress: "127.0.0.1:0",
      registry: new Registry(),
      secureServing: true,
      ...(options.certDir ? { certDir: options.certDir } : {}),
      filter: withAuthenticationAndAuthorization(counting),
    },
  });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    for (let i = 0; i < 200 && mgr.metricsAddress() === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    await f(mgr.metricsAddress()!.port);
  } finally {
    stop.abort();
    await running;
  }
}

test("metrics over HTTPS are read only with a token whose user may get /metrics", async () => {
  await withManager({}, async (port) => {
    const anonymous = await get(port, "/metrics");
    assert.deepEqual([anonymous.status, anonymous.type, anonymous.text], [401, "text/plain; charset=utf-8", "Unauthorized\n"]);
    // A token the TokenReview refuses is the bearer-token authenticator's error: a 500, as controller-runtime answers it.
    const bad = await get(port, "/metrics", "not-a-token");
    assert.deepEqual([bad.status, bad.text], [500, "Authentication failed\n"]);
    const other = await get(port, "/metrics", server.userToken("someone"));
    assert.deepEqual([other.status, other.text], [403, "Authorization denied for user someone\n"]);
    const token = server.userToken("prometheus");
    const reader = await get(port, "/metrics", token);
    assert.equal(reader.status, 200);
    assert.match(reader.text, /^# HELP rest_client_requests_total /m);
    // A second read is answered from the caches: no review is sent again. What follows the token
    // after a space is ignored, as the API server's bearer-token authenticator ignores it.
    const sent = reviews.length;
    assert.equal((await get(port, "/metrics", `${token} trailing`)).status, 200);
    assert.equal(reviews.length, sent);
    // Another path is 404 before any review.
    assert.equal((await get(port, "/other", server.userToken("other-path"))).status, 404);
    assert.equal(reviews.length, sent);
    // Without certificate files: a self-signed certificate for localhost.
    assert.equal(reader.certificate.subject, "CN=localhost");
    assert.ok(reader.certificate.checkHost("localhost") !== undefined);
  });
});

test("with certificate files in certDir, the metrics server serves those", async () => {
  const dir = join(tempDir(), "certs");
  mkdirSync(dir);
  const pair = generateServerCertificate("metrics.example.svc");
  writeFileSync(join(dir, "tls.crt"), pair.certPem);
  writeFileSync(join(dir, "tls.key"), pair.keyPem);
  await withManager({ certDir: dir }, async (port) => {
    const answer = await get(port, "/metrics", server.userToken("prometheus"));
    assert.equal(answer.status, 200);
    assert.equal(answer.certificate.fingerprint256, new X509Certificate(pair.certPem).fingerprint256);
  });
});
