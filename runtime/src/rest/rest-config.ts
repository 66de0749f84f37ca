// The resolved connection settings every loader produces (kubeconfig, in-cluster, the
// @kubernetes/client-node adapter) and the transport consumes: where the server is, how to trust
// it, and an AuthProvider asked for credentials on every request so rotated ones take effect.

/** How to verify the server, and the client certificate when the config names one. */
export interface TlsConfig {
  /** PEM CA bundle; absent means the system's roots. */
  ca?: Buffer;
  /** PEM client certificate and key (both or neither). */
  cert?: Buffer;
  key?: Buffer;
  /** Set only when the kubeconfig says `insecure-skip-tls-verify: true`. */
  insecureSkipTlsVerify: boolean;
  /** SNI and verification name (`tls-server-name`), when it differs from the URL's host. */
  serverName?: string;
}

/** Credentials for one request. Secret: never logged, never put into an error. */
export interface Credentials {
  /** Request headers, normally just Authorization. */
  headers: Record<string, string>;
  /** A client certificate the provider supplies (an exec plugin's), overriding the config's. */
  cert?: Buffer;
  key?: Buffer;
  /** TLS settings the provider owns (the client-node adapter), overriding the config's. */
  tls?: Partial<TlsConfig>;
}

/** Supplies credentials per request; the transport never caches them itself. */
export interface AuthProvider {
  /** A short name for diagnostics ("token", "tokenFile", "exec", ...); never a secret. */
  readonly kind: string;
  /** The credentials to send now (cached by the provider as it sees fit). */
  credentials(): Promise<Credentials>;
  /**
   * Called when `used` got a 401. Resolves true when the provider now has different credentials,
   * and the transport then sends the request once more.
   */
  onUnauthorized?(used: Credentials): Promise<boolean>;
}

/** Everything needed to talk to one API server as one user. */
export interface RestConfig {
  /** Base URL, e.g. "https://10.0.0.1:6443" (may carry a path prefix). */
  server: string;
  tls: TlsConfig;
  auth: AuthProvider;
  /** The default namespace: the context's, the service account's, or "default". */
  namespace: string;
  /**
   * `proxy-url` from the kubeconfig (http or https; may carry user:password for Basic proxy auth).
   * Every connection is a CONNECT tunnel through it; the environment's HTTPS_PROXY is not consulted.
   */
  proxyUrl?: string;
  /** `disable-compression` from the kubeconfig. */
  disableCompression?: boolean;
  /** Names the config was selected by (for messages and agent keys). */
  contextName?: string;
  clusterName?: string;
  userName?: string;
}

/** No credentials (anonymous, or TLS-only when the config has a client certificate). */
export const anonymousAuth: AuthProvider = {
  kind: "anonymous",
  credentials: () => Promise.resolve({ headers: {} }),
};
