// `kube-codegen test-server [--crds DIR]`: loads every CRD in DIR's YAML/JSON files (none without
// it), starts the test API server, prints the kubeconfig path, and runs until SIGINT/SIGTERM/SIGHUP (or the given signal aborts).
import { readFileSync } from "node:fs";
import { manifestFiles, parseManifests } from "@kube-codegen/apiextensions/on-demand";
import { startTestApiServer, type StartOptions } from "./server.js";

/** Options of runTestServerCommand. */
export interface TestServerCommandOptions {
  /**
   * Directory of CRD manifests (*.yaml, *.yml, *.json; multi-document YAML allowed; searched
   * recursively). Without it the server starts with no CRDs, as a new cluster does.
   */
  crdDir?: string;
  port?: number;
  tls?: boolean;
  token?: string;
  /** Run the stand-in Deployment status controller (StartOptions.simulateDeploymentStatus). */
  simulateDeploymentStatus?: boolean;
  /** Enforce RBAC (StartOptions.authorization). */
  authorization?: "RBAC" | "AlwaysAllow";
  /** Answer as kube-apiserver 1.37 (default) or 1.24 where they differ (StartOptions.emulate). */
  emulate?: "1.37" | "1.24";
  /** Append an audit log to this file, as kube-apiserver's --audit-log-path (StartOptions.auditLog). */
  auditLogPath?: string;
  /** The audit policy's file (YAML or JSON), as kube-apiserver's --audit-policy-file; without auditLogPath, events are kept in memory only. */
  auditPolicyFile?: string;
  /** Where to print (default: process.stdout). */
  write?: (text: string) => void;
  /** Stops the server when aborted (default: SIGINT or SIGTERM). */
  signal?: AbortSignal;
}

/**
 * Reads every CustomResourceDefinition from the manifests under `dir`, decoded as `validate` and
 * kubectl decode them (YAML 1.1). A file that does not parse is an error naming it.
 */
export function loadCrds(dir: string): Record<string, unknown>[] {
  const crds: Record<string, unknown>[] = [];
  for (const file of manifestFiles(dir)) {
    const { documents, problems } = parseManifests(file, readFileSync(file, "utf8"));
    if (problems.length > 0) throw new Error(problems[0]);
    for (const d of documents) {
      const v = d.value as Record<string, unknown>;
      if (v["kind"] === "CustomResourceDefinition") crds.push(v);
    }
  }
  return crds;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Runs the test server command; resolves with the exit code once the server has stopped. */
export async function runTestServerCommand(opts: TestServerCommandOptions): Promise<number> {
  const write = opts.write ?? ((t: string) => void process.stdout.write(t));
  const start: StartOptions = { crds: opts.crdDir === undefined ? [] : loadCrds(opts.crdDir) };
  if (opts.port !== undefined) start.port = opts.port;
  if (opts.tls !== undefined) start.tls = opts.tls;
  if (opts.token !== undefined) start.token = opts.token;
  if (opts.simulateDeploymentStatus !== undefined) start.simulateDeploymentStatus = opts.simulateDeploymentStatus;
  if (opts.authorization !== undefined) start.authorization = opts.authorization;
  if (opts.emulate !== undefined) start.emulate = opts.emulate;
  if (opts.auditLogPath !== undefined || opts.auditPolicyFile !== undefined)
    start.auditLog = {
      ...(opts.auditLogPath !== undefined ? { path: opts.auditLogPath } : {}),
      ...(opts.auditPolicyFile !== undefined ? { policy: readAuditPolicy(opts.auditPolicyFile) } : {}),
    };
  const server = await startTestApiServer(start);
  let onSignal = (): void => {};
  // The handlers are in place before the kubeconfig path is printed: whoever reads the path may
  // signal at once, and an unhandled signal would kill the process with the kubeconfig left behind.
  const stopped = new Promise<void>((resolve) => {
    if (opts.signal) {
      if (opts.signal.aborted) return resolve();
      opts.signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    // Each ends the server (and removes its kubeconfig) instead of killing the process with it.
    onSignal = () => resolve();
    for (const sig of SIGNALS) process.once(sig, onSignal);
  });
  write(`test API server listening on ${server.url} with ${start.crds.length} CRD(s)\n`);
  write(`${server.kubeconfigPath}\n`);
  await stopped;
  for (const sig of SIGNALS) process.removeListener(sig, onSignal);
  await server.stop();
  return 0;
}

/** The policy in `file` (its first YAML or JSON document), or why it cannot be read. */
function readAuditPolicy(file: string): Record<string, unknown> {
  const { documents, problems } = parseManifests(file, readFileSync(file, "utf8"));
  const first = documents[0];
  if (problems.length > 0 || first === undefined) throw new Error(`${file}: ${problems[0] ?? "no audit policy in it"}`);
  return first.value as Record<string, unknown>;
}
