// loadKubeConfig: merged KUBECONFIG files, relative paths, selection, data and file forms,
// in-cluster loading with a rotating token, and that no secret reaches an error message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { delimiter, join } from "node:path";
import { loadKubeConfig } from "../src/index.js";
import type { RestConfig } from "../src/index.js";
import { kubeconfigYaml, tempDir } from "./helpers.js";

const b64 = (s: string): string => Buffer.from(s).toString("base64");

async function authHeader(config: RestConfig): Promise<string | undefined> {
  return (await config.auth.credentials()).headers["authorization"];
}

test("KUBECONFIG files merge as kubectl merges: the first file to set a name or current-context wins", async () => {
  const t = tempDir();
  try {
    const a = t.write(
      "a/config",
      kubeconfigYaml({
        clusters: { shared: { server: "https://a.example:6443" } },
        users: { alice: { token: "token-a" } },
        contexts: { ctx: { cluster: "shared", user: "alice", namespace: "from-a" } },
      }),
    );
    const b = t.write(
      "b/config",
      kubeconfigYaml({
        clusters: { shared: { server: "https://b.example:6443" }, only_b: { server: "https://only-b.example" } },
        users: { alice: { token: "token-b" }, bob: { token: "token-bob" } },
        contexts: { ctx: { cluster: "only_b", user: "bob" }, other: { cluster: "only_b", user: "bob", namespace: "ns-b" } },
        current: "ctx",
      }),
    );
    const c = t.write("c/config", kubeconfigYaml({ current: "other" }));
    const env = { KUBECONFIG: [a, join(t.dir, "missing"), "", b, c].join(delimiter) };
    const config = loadKubeConfig({ env });
    // current-context from b (a sets none, c comes later); context "ctx" from a; cluster "shared" from a.
    assert.equal(config.contextName, "ctx");
    assert.equal(config.server, "https://a.example:6443");
    assert.equal(config.namespace, "from-a");
    assert.equal(await authHeader(config), "Bearer token-a");

    const other = loadKubeConfig({ env, context: "other" });
    assert.equal(other.server, "https://only-b.example");
    assert.equal(other.namespace, "ns-b");
    assert.equal(await authHeader(other), "Bearer token-bob");
  } finally {
    t.cleanup();
  }
});

test("options override the context's cluster, user and namespace; unknown names fail", async () => {
  const t = tempDir();
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: { one: { server: "https://one.example/" }, two: { server: "https://two.example" } },
        users: { u1: { token: "t1" }, u2: { username: "admin", password: "pw" } },
        contexts: { c: { cluster: "one", user: "u1" } },
        current: "c",
      }),
    );
    const config = loadKubeConfig({ kubeconfig: p, cluster: "two", user: "u2", namespace: "kube-system" });
    assert.equal(config.server, "https://two.example");
    assert.equal(config.namespace, "kube-system");
    assert.equal(await authHeader(config), `Basic ${b64("admin:pw")}`);
    assert.equal(loadKubeConfig({ kubeconfig: p }).server, "https://one.example", "trailing slash dropped");
    assert.equal(loadKubeConfig({ kubeconfig: p }).namespace, "default");
    assert.throws(() => loadKubeConfig({ kubeconfig: p, context: "nope" }), /context "nope" does not exist/);
    assert.throws(() => loadKubeConfig({ kubeconfig: p, user: "nope" }), /user "nope" does not exist/);
    assert.throws(() => loadKubeConfig({ kubeconfig: join(t.dir, "absent") }), /cannot read kubeconfig/);
  } finally {
    t.cleanup();
  }
});

test("~/.kube/config is read when KUBECONFIG is unset, and KUBECONFIG replaces it when set", () => {
  const t = tempDir();
  try {
    t.write(
      ".kube/config",
      kubeconfigYaml({ clusters: { h: { server: "https://home" } }, contexts: { h: { cluster: "h", user: "" } }, current: "h" }),
    );
    const other = t.write(
      "other",
      kubeconfigYaml({ clusters: { o: { server: "https://other" } }, contexts: { o: { cluster: "o", user: "" } }, current: "o" }),
    );
    assert.equal(loadKubeConfig({ env: {}, homeDir: t.dir }).server, "https://home");
    assert.equal(loadKubeConfig({ env: { KUBECONFIG: other }, homeDir: t.dir }).server, "https://other");
    assert.throws(() => loadKubeConfig({ env: {}, homeDir: join(t.dir, "nobody") }), /no configuration/);
  } finally {
    t.cleanup();
  }
});

test("relative paths resolve against the directory of the file that defines the entry", async () => {
  const t = tempDir();
  try {
    t.write("one/certs/ca.pem", "CA-PEM");
    t.write("two/creds/token", "file-token\n");
    t.write("two/creds/client.crt", "CERT");
    t.write("two/creds/client.key", "KEY");
    const one = t.write(
      "one/config",
      kubeconfigYaml({ clusters: { c: { server: "https://x", "certificate-authority": "certs/ca.pem" } } }),
    );
    const two = t.write(
      "two/config",
      kubeconfigYaml({
        users: { u: { tokenFile: "creds/token", "client-certificate": "./creds/client.crt", "client-key": "creds/client.key" } },
        contexts: { c: { cluster: "c", user: "u" } },
        current: "c",
      }),
    );
    const config = loadKubeConfig({ env: { KUBECONFIG: [one, two].join(delimiter) } });
    assert.equal(config.tls.ca?.toString(), "CA-PEM");
    assert.equal(config.tls.cert?.toString(), "CERT");
    assert.equal(config.tls.key?.toString(), "KEY");
    assert.equal(await authHeader(config), "Bearer file-token");
  } finally {
    t.cleanup();
  }
});

test("*-data wins over files; insecure-skip-tls-verify only when the kubeconfig says so", () => {
  const t = tempDir();
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: {
          data: {
            server: "https://d",
            "certificate-authority-data": b64("CA-DATA"),
            "certificate-authority": "missing.pem",
            "tls-server-name": "api.internal",
          },
          insecure: { server: "https://i", "insecure-skip-tls-verify": true },
        },
        users: {
          u: { "client-certificate-data": b64("CERT-DATA"), "client-key-data": b64("KEY-DATA") },
          half: { "client-certificate-data": b64("C") },
        },
        contexts: { d: { cluster: "data", user: "u" }, i: { cluster: "insecure", user: "u" } },
        current: "d",
      }),
    );
    const d = loadKubeConfig({ kubeconfig: p });
    assert.equal(d.tls.ca?.toString(), "CA-DATA");
    assert.equal(d.tls.cert?.toString(), "CERT-DATA");
    assert.equal(d.tls.key?.toString(), "KEY-DATA");
    assert.equal(d.tls.serverName, "api.internal");
    assert.equal(d.tls.insecureSkipTlsVerify, false);
    assert.equal(loadKubeConfig({ kubeconfig: p, context: "i" }).tls.insecureSkipTlsVerify, true);
    assert.throws(() => loadKubeConfig({ kubeconfig: p, user: "half" }), /without a key/);
  } finally {
    t.cleanup();
  }
});

test("proxy-url is recorded; auth-provider is refused with a pointer to the adapter", () => {
  const t = tempDir();
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: { c: { server: "https://c", "proxy-url": "http://proxy.local:3128" } },
        users: { oidc: { "auth-provider": { name: "oidc", config: { "id-token": "SECRET-ID-TOKEN" } } } },
        contexts: { c: { cluster: "c", user: "" }, o: { cluster: "c", user: "oidc" } },
        current: "c",
      }),
    );
    assert.equal(loadKubeConfig({ kubeconfig: p }).proxyUrl, "http://proxy.local:3128");
    assert.throws(
      () => loadKubeConfig({ kubeconfig: p, context: "o" }),
      (e: Error) => /fromClientNodeKubeConfig/.test(e.message) && !e.message.includes("SECRET-ID-TOKEN"),
    );
  } finally {
    t.cleanup();
  }
});

test("errors name files and fields, never the secrets", async () => {
  const t = tempDir();
  try {
    const p = t.write(
      "config",
      kubeconfigYaml({
        clusters: { c: { server: "https://c" } },
        users: { u: { "client-key-data": b64("SECRET-KEY"), "client-certificate": "nope.crt" }, f: { tokenFile: "absent-token" } },
        contexts: { c: { cluster: "c", user: "u" } },
        current: "c",
      }),
    );
    assert.throws(
      () => loadKubeConfig({ kubeconfig: p }),
      (e: Error) =>
        /client-certificate of user "u"/.test(e.message) && !e.message.includes("SECRET-KEY") && !e.message.includes(b64("SECRET-KEY")),
    );
    const f = loadKubeConfig({ kubeconfig: p, user: "f" });
    await assert.rejects(f.auth.credentials(), /cannot read the token file .*absent-token/);
    const bad = t.write("bad", "clusters: [\n  token: SECRET-IN-BAD-YAML");
    assert.throws(
      () => loadKubeConfig({ kubeconfig: bad }),
      (e: Error) => /not valid YAML/.test(e.message) && !e.message.includes("SECRET"),
    );
  } finally {
    t.cleanup();
  }
});

test("in-cluster: service host and port, ca.crt, namespace file, and the token re-read as it rotates", async () => {
  const t = tempDir();
  try {
    const sa = join(t.dir, "sa");
    t.write("sa/token", "token-1");
    t.write("sa/ca.crt", "IN-CLUSTER-CA");
    t.write("sa/namespace", "team-a\n");
    let clock = 1_000_000;
    const env = { KUBERNETES_SERVICE_HOST: "10.96.0.1", KUBERNETES_SERVICE_PORT: "443" };
    const options = { env, homeDir: join(t.dir, "no-home"), serviceAccountDir: sa, now: () => clock };
    // No kubeconfig anywhere: in-cluster is the fallback.
    const config = loadKubeConfig(options);
    assert.equal(config.server, "https://10.96.0.1:443");
    assert.equal(config.tls.ca?.toString(), "IN-CLUSTER-CA");
    assert.equal(config.namespace, "team-a");
    assert.equal(await authHeader(config), "Bearer token-1");
    t.write("sa/token", "token-2");
    clock += 30_000;
    assert.equal(await authHeader(config), "Bearer token-1", "cached for a minute");
    clock += 31_000;
    assert.equal(await authHeader(config), "Bearer token-2", "re-read after the period");
    t.write("sa/token", "token-3");
    const used = await config.auth.credentials();
    assert.equal(await config.auth.onUnauthorized?.(used), true, "a 401 re-reads at once");
    assert.equal(await authHeader(config), "Bearer token-3");

    const v6 = loadKubeConfig({
      ...options,
      inCluster: true,
      namespace: "override",
      env: { KUBERNETES_SERVICE_HOST: "fd00::1", KUBERNETES_SERVICE_PORT: "6443" },
    });
    assert.equal(v6.server, "https://[fd00::1]:6443");
    assert.equal(v6.namespace, "override");
    assert.throws(() => loadKubeConfig({ ...options, inCluster: true, env: {} }), /KUBERNETES_SERVICE_HOST/);
  } finally {
    t.cleanup();
  }
});
