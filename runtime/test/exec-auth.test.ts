// exec credential plugins with a small node script as the plugin: the ExecCredential request it
// receives, caching until expirationTimestamp, a re-run after a 401, v1 and v1beta1, client
// certificates from its status, and failures that keep its output out of the message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { AgentPool, createTransport, execAuth, loadKubeConfig, readKubeconfigFiles } from "../src/index.js";
import type { ExecConfig } from "../src/index.js";
import { generateServerCertificate } from "../src/tls/index.js";
import { kubeconfigYaml, sendJson, startServer, tempDir } from "./helpers.js";

// The plugin logs each run's ExecCredential request to LOG_FILE and answers with token-<run>.
const PLUGIN = `
import { appendFileSync, readFileSync, existsSync } from "node:fs";
const info = JSON.parse(process.env.KUBERNETES_EXEC_INFO);
appendFileSync(process.env.LOG_FILE, JSON.stringify({ info, args: process.argv.slice(2) }) + "\\n");
const run = readFileSync(process.env.LOG_FILE, "utf8").trim().split("\\n").length;
if (process.env.FAIL) { process.stdout.write("SECRET-PARTIAL-OUTPUT"); process.exit(3); }
const status = {};
if (process.env.CERT_FILE) {
  status.clientCertificateData = readFileSync(process.env.CERT_FILE, "utf8");
  status.clientKeyData = readFileSync(process.env.KEY_FILE, "utf8");
} else status.token = "exec-token-" + run;
if (process.env.EXPIRES) status.expirationTimestamp = process.env.EXPIRES;
const apiVersion = process.env.REPLY_VERSION || info.apiVersion;
process.stdout.write(JSON.stringify({ apiVersion, kind: "ExecCredential", status }));
`;

function setup(env: Record<string, string> = {}, apiVersion = "client.authentication.k8s.io/v1") {
  const t = tempDir();
  const script = t.write("plugin.mjs", PLUGIN);
  const log = join(t.dir, "runs.log");
  const config: ExecConfig = {
    command: process.execPath,
    args: [script, "--flag"],
    env: [{ name: "LOG_FILE", value: log }, ...Object.entries(env).map(([name, value]) => ({ name, value }))],
    apiVersion,
    interactiveMode: "Never",
  };
  const runs = (): {
    info: { apiVersion: string; kind: string; spec: { interactive: boolean; cluster?: { server: string } } };
    args: string[];
  }[] => {
    try {
      return readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
    } catch {
      return [];
    }
  };
  return { t, config, runs };
}

test("v1: the plugin gets KUBERNETES_EXEC_INFO, args and env, runs once, and is cached until expiry", async () => {
  const { t, config, runs } = setup({ EXPIRES: "2030-01-01T00:10:00Z" });
  try {
    let clock = Date.parse("2030-01-01T00:00:00Z");
    const auth = execAuth(config, { now: () => clock });
    const [a, b] = await Promise.all([auth.credentials(), auth.credentials()]);
    assert.equal(a.headers["authorization"], "Bearer exec-token-1");
    assert.equal(b, a, "concurrent callers share one run");
    assert.equal((await auth.credentials()).headers["authorization"], "Bearer exec-token-1");
    assert.equal(runs().length, 1);
    assert.deepEqual(runs()[0]?.info, {
      kind: "ExecCredential",
      apiVersion: "client.authentication.k8s.io/v1",
      spec: { interactive: false },
    });
    assert.deepEqual(runs()[0]?.args, ["--flag"]);
    clock = Date.parse("2030-01-01T00:10:01Z");
    assert.equal((await auth.credentials()).headers["authorization"], "Bearer exec-token-2", "re-run once expired");
    assert.equal(runs().length, 2);
  } finally {
    t.cleanup();
  }
});

test("v1beta1 through a kubeconfig, with provideClusterInfo sending the cluster", async () => {
  const { t, config, runs } = setup({}, "client.authentication.k8s.io/v1beta1");
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: { c: { server: "https://cluster.example:6443", "tls-server-name": "api" } },
        users: { u: { exec: { ...config, provideClusterInfo: true } } },
        contexts: { c: { cluster: "c", user: "u" } },
        current: "c",
      }),
    );
    const rc = loadKubeConfig({ kubeconfig: p });
    assert.equal((await rc.auth.credentials()).headers["authorization"], "Bearer exec-token-1");
    assert.equal((await rc.auth.credentials()).headers["authorization"], "Bearer exec-token-1", "no expiry: cached");
    assert.equal(runs().length, 1);
    assert.equal(runs()[0]?.info.apiVersion, "client.authentication.k8s.io/v1beta1");
    assert.equal(runs()[0]?.info.spec.cluster?.server, "https://cluster.example:6443");
  } finally {
    t.cleanup();
  }
});

test("a 401 re-runs the plugin and the request is sent again with the new token", async () => {
  const { t, config, runs } = setup();
  const s = await startServer((req, res) =>
    req.headers["authorization"] === "Bearer exec-token-1"
      ? sendJson(res, 401, { kind: "Status", apiVersion: "v1", code: 401, reason: "Unauthorized" })
      : sendJson(res, 200, {}),
  );
  const agents = new AgentPool();
  try {
    const transport = createTransport(
      { server: s.url, tls: { insecureSkipTlsVerify: false }, auth: execAuth(config), namespace: "default" },
      { agents },
    );
    await transport.request({ method: "POST", path: "/x", body: {} });
    await transport.request({ method: "GET", path: "/x" });
    assert.deepEqual(
      s.requests.map((r) => r.headers["authorization"]),
      ["Bearer exec-token-1", "Bearer exec-token-2", "Bearer exec-token-2"],
    );
    assert.equal(runs().length, 2);
  } finally {
    agents.destroy();
    await s.close();
    t.cleanup();
  }
});

test("a client certificate from the plugin's status is presented over TLS", async () => {
  const serverCert = generateServerCertificate("exec-tls");
  const clientCert = generateServerCertificate("exec-user");
  const { t, config } = setup();
  const certFile = t.write("c.pem", clientCert.certPem);
  const keyFile = t.write("k.pem", clientCert.keyPem);
  config.env = [...(config.env ?? []), { name: "CERT_FILE", value: certFile }, { name: "KEY_FILE", value: keyFile }];
  const s = await startServer(
    (req, res) => {
      const sock = req.socket as TLSSocket;
      sendJson(res, 200, {
        authorized: sock.authorized,
        cn: sock.getPeerCertificate().subject?.CN ?? null,
        auth: req.headers["authorization"] ?? null,
      });
    },
    { cert: serverCert.certPem, key: serverCert.keyPem, ca: [clientCert.certPem], requestCert: true, rejectUnauthorized: false },
  );
  const agents = new AgentPool();
  try {
    const transport = createTransport(
      {
        server: s.url,
        tls: { insecureSkipTlsVerify: false, ca: Buffer.from(serverCert.certPem) },
        auth: execAuth(config),
        namespace: "default",
      },
      { agents },
    );
    assert.deepEqual(await transport.json({ method: "GET", path: "/" }), { authorized: true, cn: "exec-user", auth: null });
  } finally {
    agents.destroy();
    await s.close();
    t.cleanup();
  }
});

test("plugin failures: exit code, wrong apiVersion, missing command; no output in the message", async () => {
  const failing = setup({ FAIL: "1" });
  const wrong = setup({ REPLY_VERSION: "client.authentication.k8s.io/v1beta1" });
  try {
    await assert.rejects(
      execAuth(failing.config).credentials(),
      (e: Error) => /failed \(exit code 3\)/.test(e.message) && !e.message.includes("SECRET"),
    );
    await assert.rejects(
      execAuth(wrong.config).credentials(),
      /configured to use API version client.authentication.k8s.io\/v1, plugin returned/,
    );
    await assert.rejects(
      execAuth({ command: "kcg-no-such-plugin", apiVersion: "client.authentication.k8s.io/v1", installHint: "install it" }).credentials(),
      /not found\ninstall it/,
    );
    assert.throws(() => execAuth({ command: "x", apiVersion: "client.authentication.k8s.io/v1alpha1" }), /invalid apiVersion/);
    assert.throws(
      () => execAuth({ command: "x", apiVersion: "client.authentication.k8s.io/v1", interactiveMode: "Always" }),
      /interactiveMode Always/,
    );
  } finally {
    failing.t.cleanup();
    wrong.t.cleanup();
  }
});

test("an exec command with a path separator resolves against the kubeconfig's directory; a bare name does not", () => {
  const t = tempDir();
  try {
    const p = t.write(
      "nested/config",
      kubeconfigYaml({
        users: {
          rel: { exec: { command: "bin/plugin", apiVersion: "client.authentication.k8s.io/v1" } },
          bare: { exec: { command: "kubelogin", apiVersion: "client.authentication.k8s.io/v1" } },
        },
      }),
    );
    const merged = readKubeconfigFiles([p]);
    assert.equal(merged.users.get("rel")?.exec?.command, join(t.dir, "nested", "bin", "plugin"));
    assert.equal(merged.users.get("bare")?.exec?.command, "kubelogin");
  } finally {
    t.cleanup();
  }
});
