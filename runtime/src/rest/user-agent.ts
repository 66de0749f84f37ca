// The User-Agent sent on every request, so cluster operators can tell this client in audit logs.

/** The runtime's version; a test keeps it equal to runtime/package.json. */
export const RUNTIME_VERSION = "0.1.0";

/** "kube-codegen-runtime/0.1.0 (node v20.11.0; linux/x64)". */
export function defaultUserAgent(): string {
  return `kube-codegen-runtime/${RUNTIME_VERSION} (node ${process.version}; ${process.platform}/${process.arch})`;
}
