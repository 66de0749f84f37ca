// Accepts a @kubernetes/client-node (1.x) KubeConfig, so its auth providers (OIDC, Azure, GCP,
// its exec and file auth) keep working, without depending on that package: the shape is typed
// structurally. Its applyToHTTPSOptions is called for every request, because that is where its
// providers refresh tokens; the Authorization header, basic auth and TLS fields it sets are
// taken, and the https.Agent it makes each time is dropped in favour of the pooled one.
import type { AuthProvider, Credentials, RestConfig } from "./rest-config.js";

/** The part of @kubernetes/client-node's Cluster this reads. */
export interface ClientNodeCluster {
  name: string;
  server: string;
  skipTLSVerify?: boolean;
  tlsServerName?: string;
  proxyUrl?: string;
}

/** The part of @kubernetes/client-node's KubeConfig this uses. */
export interface ClientNodeKubeConfigLike {
  getCurrentCluster(): ClientNodeCluster | null;
  getCurrentContext(): string;
  getContextObject(name: string): { namespace?: string; user?: string } | null;
  applyToHTTPSOptions(opts: Record<string, unknown>): Promise<void>;
}

function toBuffer(v: unknown): Buffer | undefined {
  if (typeof v === "string") return Buffer.from(v, "utf8");
  if (Buffer.isBuffer(v)) return v;
  if (Array.isArray(v) && v.length > 0) return toBuffer(v[0]);
  return undefined;
}

/** A RestConfig whose credentials and TLS material come from `kc` on every request. */
export function fromClientNodeKubeConfig(kc: ClientNodeKubeConfigLike): RestConfig {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error("the KubeConfig has no current cluster");
  const contextName = kc.getCurrentContext();
  const context = kc.getContextObject(contextName);
  const auth: AuthProvider = {
    kind: "client-node",
    async credentials(): Promise<Credentials> {
      const opts: Record<string, unknown> = { headers: {} };
      await kc.applyToHTTPSOptions(opts);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries((opts["headers"] ?? {}) as Record<string, unknown>)) {
        if (typeof v === "string" || typeof v === "number") headers[k.toLowerCase()] = String(v);
      }
      if (typeof opts["auth"] === "string" && !headers["authorization"]) {
        headers["authorization"] = `Basic ${Buffer.from(opts["auth"], "utf8").toString("base64")}`;
      }
      const creds: Credentials = { headers, tls: {} };
      const tls = creds.tls!;
      const ca = toBuffer(opts["ca"]);
      if (ca) tls.ca = ca;
      const cert = toBuffer(opts["cert"]);
      const key = toBuffer(opts["key"]);
      if (cert && key) {
        creds.cert = cert;
        creds.key = key;
      }
      if (opts["rejectUnauthorized"] === false) tls.insecureSkipTlsVerify = true;
      if (typeof opts["servername"] === "string") tls.serverName = opts["servername"];
      return creds;
    },
  };
  const config: RestConfig = {
    server: cluster.server.replace(/\/+$/, ""),
    tls: { insecureSkipTlsVerify: cluster.skipTLSVerify === true },
    auth,
    namespace: context?.namespace || "default",
    clusterName: cluster.name,
  };
  if (contextName) config.contextName = contextName;
  if (context?.user) config.userName = context.user;
  if (cluster.tlsServerName) config.tls.serverName = cluster.tlsServerName;
  if (cluster.proxyUrl) config.proxyUrl = cluster.proxyUrl;
  return config;
}
