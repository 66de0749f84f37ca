// loadKubeConfig: where the configuration comes from and which context, cluster and user it
// selects, resolved into a RestConfig. The search order is kubectl's with client-go's in-cluster
// fallback: explicit paths, else KUBECONFIG (several files joined by the path delimiter, merged),
// else ~/.kube/config, else the pod's service account. File and data forms of the CA, client
// certificate and key are read here; `*-data` wins over the file, as clientcmd does.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { execAuth } from "./exec-auth.js";
import type { ExecAuthOptions, ExecClusterInfo } from "./exec-auth.js";
import { inClusterConfig, isInCluster } from "./in-cluster.js";
import type { InClusterOptions } from "./in-cluster.js";
import { readKubeconfigFiles } from "./kubeconfig-file.js";
import type { KubeconfigCluster, KubeconfigUser, MergedKubeconfig } from "./kubeconfig-file.js";
import { anonymousAuth } from "./rest-config.js";
import type { AuthProvider, RestConfig, TlsConfig } from "./rest-config.js";
import { basicAuth, bearerTokenAuth } from "./static-auth.js";
import { tokenFileAuth } from "./token-file-auth.js";

/** What to load and which entries to pick; every field overrides what the files say. */
export interface LoadKubeConfigOptions {
  /** Explicit kubeconfig path(s) (kubectl --kubeconfig); each must exist. Overrides KUBECONFIG. */
  kubeconfig?: string | string[];
  /** Use the pod's service account even if a kubeconfig exists. */
  inCluster?: boolean;
  context?: string;
  cluster?: string;
  user?: string;
  namespace?: string;
  /** Environment (default process.env): KUBECONFIG, KUBERNETES_SERVICE_*, and the exec plugin's. */
  env?: NodeJS.ProcessEnv;
  /** Home directory for ~/.kube/config (default os.homedir()). */
  homeDir?: string;
  /** Service-account directory for in-cluster loading (tests use a temporary one). */
  serviceAccountDir?: string;
  /** How often token files are re-read (default 60 000 ms). */
  tokenRefreshMs?: number;
  /** Clock for token and exec-credential expiry, for tests. */
  now?: () => number;
}

/** Loads, selects and resolves the configuration; throws with the reason when it cannot. */
export function loadKubeConfig(options: LoadKubeConfigOptions = {}): RestConfig {
  const env = options.env ?? process.env;
  const inCluster: InClusterOptions = { env };
  if (options.serviceAccountDir !== undefined) inCluster.serviceAccountDir = options.serviceAccountDir;
  if (options.tokenRefreshMs !== undefined) inCluster.tokenRefreshMs = options.tokenRefreshMs;
  if (options.now) inCluster.now = options.now;
  if (options.inCluster) return withNamespace(inClusterConfig(inCluster), options.namespace);

  let merged: MergedKubeconfig;
  if (options.kubeconfig !== undefined) {
    const paths = typeof options.kubeconfig === "string" ? [options.kubeconfig] : options.kubeconfig;
    merged = readKubeconfigFiles(paths, true);
  } else if (env["KUBECONFIG"]) {
    merged = readKubeconfigFiles(env["KUBECONFIG"].split(delimiter));
  } else {
    merged = readKubeconfigFiles([join(options.homeDir ?? homedir(), ".kube", "config")]);
  }
  if (merged.files.length === 0) {
    if (isInCluster(inCluster)) return withNamespace(inClusterConfig(inCluster), options.namespace);
    throw new Error("no configuration: no kubeconfig file was found and this is not a pod (KUBERNETES_SERVICE_HOST unset)");
  }
  return fromMergedKubeconfig(merged, options);
}

/** Resolves a merged kubeconfig into a RestConfig, selecting as `options` say. */
export function fromMergedKubeconfig(merged: MergedKubeconfig, options: LoadKubeConfigOptions = {}): RestConfig {
  const contextName = options.context ?? merged.currentContext;
  const context = contextName !== undefined ? merged.contexts.get(contextName) : undefined;
  if (contextName !== undefined && !context && options.context !== undefined) {
    throw new Error(`context "${contextName}" does not exist in the kubeconfig`);
  }
  const clusterName = options.cluster ?? context?.cluster;
  const userName = options.user ?? context?.user;
  if (clusterName === undefined) {
    throw new Error(
      contextName === undefined
        ? "no current context is set in the kubeconfig and no context was given"
        : `context "${contextName}" does not exist in the kubeconfig`,
    );
  }
  const cluster = merged.clusters.get(clusterName);
  if (!cluster) throw new Error(`cluster "${clusterName}" does not exist in the kubeconfig`);
  if (!cluster.server) throw new Error(`cluster "${clusterName}" has no server`);
  let user: KubeconfigUser = {};
  if (userName !== undefined && userName !== "") {
    const u = merged.users.get(userName);
    if (!u) throw new Error(`user "${userName}" does not exist in the kubeconfig`);
    user = u;
  }
  const tls = tlsFor(cluster, user, clusterName, userName ?? "");
  const config: RestConfig = {
    server: cluster.server.replace(/\/+$/, ""),
    tls,
    auth: authFor(user, userName ?? "", execClusterInfo(cluster), options),
    namespace: options.namespace ?? (context?.namespace || "default"),
    clusterName,
  };
  if (contextName !== undefined && context) config.contextName = contextName;
  if (userName !== undefined) config.userName = userName;
  if (cluster["proxy-url"]) config.proxyUrl = cluster["proxy-url"];
  if (cluster["disable-compression"]) config.disableCompression = true;
  return config;
}

function withNamespace(config: RestConfig, namespace: string | undefined): RestConfig {
  return namespace === undefined ? config : { ...config, namespace };
}

// Data (base64) wins over a file; the message names the file or field, never the content.
function material(data: string | undefined, file: string | undefined, what: string): Buffer | undefined {
  if (data) return Buffer.from(data, "base64");
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch (err) {
    throw new Error(`cannot read ${what} ${file}: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
}

function tlsFor(cluster: KubeconfigCluster, user: KubeconfigUser, clusterName: string, userName: string): TlsConfig {
  const tls: TlsConfig = { insecureSkipTlsVerify: cluster["insecure-skip-tls-verify"] === true };
  const ca = material(
    cluster["certificate-authority-data"],
    cluster["certificate-authority"],
    `certificate-authority of cluster "${clusterName}"`,
  );
  if (ca) tls.ca = ca;
  const cert = material(user["client-certificate-data"], user["client-certificate"], `client-certificate of user "${userName}"`);
  const key = material(user["client-key-data"], user["client-key"], `client-key of user "${userName}"`);
  if (!cert !== !key) throw new Error(`user "${userName}" has a client certificate without a key, or a key without a certificate`);
  if (cert && key) {
    tls.cert = cert;
    tls.key = key;
  }
  if (cluster["tls-server-name"]) tls.serverName = cluster["tls-server-name"];
  return tls;
}

function execClusterInfo(cluster: KubeconfigCluster): ExecClusterInfo {
  const info: ExecClusterInfo = { server: cluster.server ?? "" };
  if (cluster["tls-server-name"]) info["tls-server-name"] = cluster["tls-server-name"];
  if (cluster["insecure-skip-tls-verify"]) info["insecure-skip-tls-verify"] = true;
  if (cluster["certificate-authority-data"]) info["certificate-authority-data"] = cluster["certificate-authority-data"];
  else if (cluster["certificate-authority"]) {
    try {
      info["certificate-authority-data"] = readFileSync(cluster["certificate-authority"]).toString("base64");
    } catch {
      // tlsFor already reported an unreadable CA file.
    }
  }
  if (cluster["proxy-url"]) info["proxy-url"] = cluster["proxy-url"];
  if (cluster["disable-compression"]) info["disable-compression"] = true;
  const ext = cluster.extensions?.find((e) => e.name === "client.authentication.k8s.io/exec");
  if (ext) info.config = ext.extension;
  return info;
}

// client-go's order: an exec plugin or tokenFile (which wins over token) or token, then basic.
function authFor(user: KubeconfigUser, userName: string, cluster: ExecClusterInfo, options: LoadKubeConfigOptions): AuthProvider {
  if (user["auth-provider"]) {
    throw new Error(
      `user "${userName}": auth-provider "${user["auth-provider"].name}" is not supported; use an exec plugin, or wrap a @kubernetes/client-node KubeConfig with fromClientNodeKubeConfig`,
    );
  }
  if (user.exec) {
    const execOptions: ExecAuthOptions = { cluster };
    if (options.env) execOptions.env = options.env;
    if (options.now) execOptions.now = options.now;
    return execAuth(user.exec, execOptions);
  }
  if (user.tokenFile) {
    const o: Parameters<typeof tokenFileAuth>[1] = {};
    if (user.token) o.fallbackToken = user.token;
    if (options.tokenRefreshMs !== undefined) o.refreshMs = options.tokenRefreshMs;
    if (options.now) o.now = options.now;
    return tokenFileAuth(user.tokenFile, o);
  }
  if (user.token) return bearerTokenAuth(user.token);
  if (user.username !== undefined && user.password !== undefined) return basicAuth(user.username, user.password);
  return anonymousAuth;
}
