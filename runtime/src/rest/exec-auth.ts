// The kubeconfig `exec` credential plugin (client.authentication.k8s.io v1 and v1beta1), as
// client-go's plugin/pkg/client/auth/exec runs it: the command with the kubeconfig's args and env
// added to ours, KUBERNETES_EXEC_INFO holding an ExecCredential request, and an ExecCredential read
// from stdout. The result is cached until status.expirationTimestamp (forever without one) and the
// plugin is run again after a 401 with the credentials it gave. Plugins are never interactive here:
// a library has no terminal to lend them. Stdout carries secrets, so it never reaches a message.
import { execFile } from "node:child_process";
import type { AuthProvider, Credentials } from "./rest-config.js";

/** The kubeconfig `user.exec` stanza. */
export interface ExecConfig {
  command: string;
  args?: string[];
  env?: { name: string; value: string }[] | null;
  apiVersion: string;
  installHint?: string;
  provideClusterInfo?: boolean;
  interactiveMode?: "Never" | "IfAvailable" | "Always";
}

/** The cluster as ExecCredential.spec.cluster describes it (sent only with provideClusterInfo). */
export interface ExecClusterInfo {
  server: string;
  "tls-server-name"?: string;
  "insecure-skip-tls-verify"?: boolean;
  "certificate-authority-data"?: string;
  "proxy-url"?: string;
  "disable-compression"?: boolean;
  config?: unknown;
}

/** Options for execAuth. */
export interface ExecAuthOptions {
  cluster?: ExecClusterInfo;
  /** Environment the plugin inherits (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Clock, for tests. */
  now?: () => number;
  /** Kill the plugin after this long (default 60 000 ms). */
  timeoutMs?: number;
}

const API_VERSIONS = new Set(["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"]);

interface ExecStatus {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  expirationTimestamp?: string;
}

/** An AuthProvider running `config.command`; throws at once on an unsupported apiVersion. */
export function execAuth(config: ExecConfig, options: ExecAuthOptions = {}): AuthProvider {
  if (!API_VERSIONS.has(config.apiVersion)) {
    throw new Error(`exec plugin: invalid apiVersion "${config.apiVersion}"`);
  }
  if (config.interactiveMode === "Always") {
    throw new Error(`exec plugin "${config.command}": interactiveMode Always needs a terminal, which this client cannot provide`);
  }
  const now = options.now ?? Date.now;
  let cached: Credentials | undefined;
  let expiresAt = Infinity;
  let running: Promise<Credentials> | undefined;

  function refresh(): Promise<Credentials> {
    running ??= run(config, options).then(
      ({ creds, expiry }) => {
        cached = creds;
        expiresAt = expiry;
        running = undefined;
        return creds;
      },
      (err: unknown) => {
        running = undefined;
        throw err;
      },
    );
    return running;
  }

  return {
    kind: "exec",
    async credentials(): Promise<Credentials> {
      if (cached && now() < expiresAt) return cached;
      return refresh();
    },
    async onUnauthorized(used: Credentials): Promise<boolean> {
      // Only the credentials that failed are discarded; a concurrent refresh already replaced them.
      if (used !== cached) return cached !== undefined;
      cached = undefined;
      const next = await refresh();
      return next !== used;
    },
  };
}

async function run(config: ExecConfig, options: ExecAuthOptions): Promise<{ creds: Credentials; expiry: number }> {
  const request = {
    kind: "ExecCredential",
    apiVersion: config.apiVersion,
    spec: { interactive: false, ...(config.provideClusterInfo && options.cluster ? { cluster: options.cluster } : {}) },
  };
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env) };
  for (const e of config.env ?? []) env[e.name] = e.value;
  env["KUBERNETES_EXEC_INFO"] = JSON.stringify(request);
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      config.command,
      config.args ?? [],
      { env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 4 << 20, encoding: "utf8" },
      (err, out) => (err ? reject(runError(config, err)) : resolve(out)),
    );
  });
  return decode(config, stdout);
}

function runError(config: ExecConfig, err: { code?: unknown }): Error {
  const hint = config.installHint ? `\n${config.installHint}` : "";
  if (err.code === "ENOENT") return new Error(`exec plugin: executable "${config.command}" not found${hint}`);
  const how = typeof err.code === "number" ? `exit code ${err.code}` : String(err.code ?? "killed");
  return new Error(`exec plugin "${config.command}" failed (${how})`);
}

function decode(config: ExecConfig, stdout: string): { creds: Credentials; expiry: number } {
  let cred: { apiVersion?: unknown; kind?: unknown; status?: ExecStatus };
  try {
    cred = JSON.parse(stdout) as typeof cred;
  } catch {
    throw new Error(`exec plugin "${config.command}": stdout is not an ExecCredential (not JSON)`);
  }
  if (cred.kind !== "ExecCredential" || cred.apiVersion !== config.apiVersion) {
    throw new Error(
      `exec plugin "${config.command}" is configured to use API version ${config.apiVersion}, plugin returned ${String(cred.kind)} ${String(cred.apiVersion)}`,
    );
  }
  const s = cred.status;
  if (!s) throw new Error(`exec plugin "${config.command}" didn't return a status field`);
  if (!s.token && !s.clientCertificateData && !s.clientKeyData) {
    throw new Error(`exec plugin "${config.command}" didn't return a token or cert/key pair`);
  }
  if (!s.clientCertificateData !== !s.clientKeyData) {
    throw new Error(`exec plugin "${config.command}" returned only certificate or key, not both`);
  }
  const creds: Credentials = { headers: s.token ? { authorization: `Bearer ${s.token}` } : {} };
  if (s.clientCertificateData && s.clientKeyData) {
    creds.cert = Buffer.from(s.clientCertificateData, "utf8");
    creds.key = Buffer.from(s.clientKeyData, "utf8");
  }
  let expiry = Infinity;
  if (s.expirationTimestamp) {
    expiry = Date.parse(s.expirationTimestamp);
    if (Number.isNaN(expiry)) throw new Error(`exec plugin "${config.command}": invalid expirationTimestamp`);
  }
  return { creds, expiry };
}
