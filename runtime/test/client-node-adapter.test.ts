// fromClientNodeKubeConfig with an object shaped as @kubernetes/client-node 1.x's KubeConfig:
// its applyToHTTPSOptions runs for every request (so its providers' refreshed tokens are sent),
// and the CA, client certificate and skip-verify it sets are honoured.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Agent } from "node:https";
import type { TLSSocket } from "node:tls";
import { AgentPool, createTransport, fromClientNodeKubeConfig } from "../src/index.js";
import type { ClientNodeKubeConfigLike } from "../src/index.js";
import { generateServerCertificate } from "../src/tls/index.js";
import { sendJson, startServer } from "./helpers.js";

const serverCert = generateServerCertificate("adapter-tls");
const clientCert = generateServerCertificate("adapter-user");

// What client-node's applyToHTTPSOptions does: headers, ca/cert/key, and a fresh agent each call.
function fakeKubeConfig(server: string, skipTLSVerify = false): ClientNodeKubeConfigLike & { calls: number } {
  const kc = {
    calls: 0,
    getCurrentCluster: () => ({ name: "c", server, skipTLSVerify }),
    getCurrentContext: () => "ctx",
    getContextObject: (name: string) => (name === "ctx" ? { namespace: "from-client-node", user: "u" } : null),
    applyToHTTPSOptions(opts: Record<string, unknown>) {
      kc.calls++;
      (opts["headers"] as Record<string, string>)["Authorization"] = `Bearer provider-token-${kc.calls}`;
      if (!skipTLSVerify) opts["ca"] = Buffer.from(serverCert.certPem);
      else opts["rejectUnauthorized"] = false;
      opts["cert"] = Buffer.from(clientCert.certPem);
      opts["key"] = Buffer.from(clientCert.keyPem);
      opts["agent"] = new Agent();
      return Promise.resolve();
    },
  };
  return kc;
}

test("the adapter asks client-node for credentials on every request and uses its TLS material", async () => {
  const s = await startServer(
    (req, res) => {
      const sock = req.socket as TLSSocket;
      sendJson(res, 200, { auth: req.headers["authorization"], cn: sock.getPeerCertificate().subject?.CN ?? null });
    },
    { cert: serverCert.certPem, key: serverCert.keyPem, ca: [clientCert.certPem], requestCert: true, rejectUnauthorized: false },
  );
  const agents = new AgentPool();
  try {
    const kc = fakeKubeConfig(s.url + "/");
    const config = fromClientNodeKubeConfig(kc);
    assert.equal(config.namespace, "from-client-node");
    assert.equal(config.server, s.url);
    const transport = createTransport(config, { agents });
    assert.deepEqual(await transport.json({ method: "GET", path: "/" }), { auth: "Bearer provider-token-1", cn: "adapter-user" });
    assert.deepEqual(await transport.json({ method: "GET", path: "/" }), { auth: "Bearer provider-token-2", cn: "adapter-user" });
    assert.equal(agents.size, 1, "client-node's per-call agents are not used");

    const insecure = createTransport(fromClientNodeKubeConfig(fakeKubeConfig(s.url, true)), { agents });
    assert.equal((await insecure.json<{ auth: string }>({ method: "GET", path: "/" })).auth, "Bearer provider-token-1");
  } finally {
    agents.destroy();
    await s.close();
  }
});

test("without a current cluster the adapter refuses", () => {
  const kc = { ...fakeKubeConfig("https://x"), getCurrentCluster: () => null };
  assert.throws(() => fromClientNodeKubeConfig(kc), /no current cluster/);
});
