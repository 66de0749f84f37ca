// In-cluster configuration, as client-go's rest.InClusterConfig: the API server from
// KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT, trust from the service account's ca.crt,
// and its projected token re-read as the kubelet rotates it.
import { existsSync, readFileSync } from "node:fs";
import { isIPv6 } from "node:net";
import { join } from "node:path";
import type { RestConfig } from "./rest-config.js";
import { tokenFileAuth } from "./token-file-auth.js";

/** Where the kubelet mounts the service account. */
export const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/** Options for inClusterConfig. */
export interface InClusterOptions {
  env?: NodeJS.ProcessEnv;
  /** The service-account directory (tests point it at a temporary one). */
  serviceAccountDir?: string;
  /** Token re-read period (default 60 000 ms). */
  tokenRefreshMs?: number;
  now?: () => number;
}

/** Whether the environment looks like a pod: the service host and port are set and the token exists. */
export function isInCluster(options: InClusterOptions = {}): boolean {
  const env = options.env ?? process.env;
  const dir = options.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  return !!env["KUBERNETES_SERVICE_HOST"] && !!env["KUBERNETES_SERVICE_PORT"] && existsSync(join(dir, "token"));
}

/** The pod's own configuration; throws when not running in a cluster. */
export function inClusterConfig(options: InClusterOptions = {}): RestConfig {
  const env = options.env ?? process.env;
  const dir = options.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env["KUBERNETES_SERVICE_HOST"];
  const port = env["KUBERNETES_SERVICE_PORT"];
  if (!host || !port) {
    throw new Error("unable to load in-cluster configuration: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined");
  }
  const tokenPath = join(dir, "token");
  if (!existsSync(tokenPath)) throw new Error(`unable to load in-cluster configuration: no token at ${tokenPath}`);
  const caPath = join(dir, "ca.crt");
  const tls: RestConfig["tls"] = { insecureSkipTlsVerify: false };
  // A missing CA leaves the system roots, as client-go logs and continues.
  if (existsSync(caPath)) tls.ca = readFileSync(caPath);
  let namespace = "default";
  try {
    namespace = readFileSync(join(dir, "namespace"), "utf8").trim() || "default";
  } catch {
    // No namespace file: "default", as client-go's clientcmd in-cluster loader.
  }
  const authOptions: Parameters<typeof tokenFileAuth>[1] = {};
  if (options.tokenRefreshMs !== undefined) authOptions.refreshMs = options.tokenRefreshMs;
  if (options.now) authOptions.now = options.now;
  return {
    server: `https://${isIPv6(host) ? `[${host}]` : host}:${port}`,
    tls,
    auth: tokenFileAuth(tokenPath, authOptions),
    namespace,
  };
}
