// One keep-alive agent per (server, TLS material) so connections are reused across requests and
// clients, and a rotated client certificate (an exec plugin's) gets a fresh agent instead of
// riding an old TLS session. The key is a digest: the pool never holds key material in its keys.
// Agents of rotated-away credentials are kept until destroy(); their idle sockets are closed by
// the server's keep-alive timeout. Evicting them belongs with the clientset's lifecycle (later).
import { createHash } from "node:crypto";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { tunnelAgent } from "./proxy-agent.js";
import type { TlsConfig } from "./rest-config.js";

/** Keep-alive agents keyed by what the connection is. */
export class AgentPool {
  private readonly agents = new Map<string, HttpAgent>();

  constructor(private readonly agentOptions: { maxSockets?: number; keepAliveMsecs?: number } = {}) {}

  /** The agent for `server` with `tls` (through `proxy` when given), made on first use. */
  agentFor(server: URL, tls: TlsConfig, proxy?: URL): HttpAgent {
    const h = createHash("sha256");
    const parts = [
      server.protocol,
      server.host,
      tls.ca,
      tls.cert,
      tls.key,
      String(tls.insecureSkipTlsVerify),
      tls.serverName ?? "",
      proxy?.href ?? "",
    ];
    for (const part of parts) {
      h.update(part ?? "-");
      h.update("\0");
    }
    const key = h.digest("hex");
    let agent = this.agents.get(key);
    if (!agent) {
      const common = {
        keepAlive: true,
        maxSockets: this.agentOptions.maxSockets ?? 64,
        keepAliveMsecs: this.agentOptions.keepAliveMsecs ?? 30_000,
      };
      const o: import("node:https").AgentOptions = { ...common, rejectUnauthorized: !tls.insecureSkipTlsVerify };
      if (tls.ca) o.ca = tls.ca;
      if (tls.cert) o.cert = tls.cert;
      if (tls.key) o.key = tls.key;
      if (tls.serverName) o.servername = tls.serverName;
      if (proxy) agent = tunnelAgent(proxy, server, o);
      else if (server.protocol === "http:") agent = new HttpAgent(common);
      else agent = new HttpsAgent(o);
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** Number of agents made so far. */
  get size(): number {
    return this.agents.size;
  }

  /** Closes every socket and forgets the agents. */
  destroy(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
  }
}
