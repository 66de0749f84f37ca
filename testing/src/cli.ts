// The `kube-codegen-test-server` command of @kube-codegen/testing: the same server and flags as
// `kube-codegen test-server`, parsed with node:util so that the testing package needs no yargs
// (installing it alone pulls in none of the generator's libraries, docs/architecture.md#packages).
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runTestServerCommand } from "./test-server-command.js";

const USAGE = `Usage: kube-codegen-test-server [options]

Starts the in-process test API server, prints its kubeconfig path, and runs until SIGINT or SIGTERM.

Options:
  --crds DIR                     CRD manifests to serve from the start (default: none)
  --port N                       port on 127.0.0.1 (default: any free port)
  --no-tls                       serve plain HTTP instead of HTTPS with a generated certificate
  --simulate-deployment-status   fill in Deployment status as if every pod were ready
  --authorization-mode MODE      AlwaysAllow (default) or RBAC: serve rbac.authorization.k8s.io/v1 and
                                 enforce it (the kubeconfig's user stays in system:masters)
  --emulate VERSION              1.37 (default) or 1.24: answer as that kube-apiserver where they
                                 differ (streaming lists, aggregated discovery)
  --audit-log-path FILE          append audit.k8s.io/v1 Events to FILE (JSON lines), as kube-apiserver's
                                 --audit-log-path: by default one per request, level Metadata
  --audit-policy-file FILE       the audit.k8s.io/v1 Policy (YAML or JSON) that decides each request's
                                 level and stages, as kube-apiserver's --audit-policy-file
  --help, --version
`;

/** Where the command prints; a test passes its own. */
export interface CliOutput {
  log(text: string): void;
  err(text: string): void;
}

const console_: CliOutput = {
  log: (t) => void process.stdout.write(`${t}\n`),
  err: (t) => void process.stderr.write(`${t}\n`),
};

/** Runs the command; resolves with the exit code (2 for bad usage or input, as kube-codegen's). */
export async function main(argv: string[], out: CliOutput = console_, signal?: AbortSignal): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        crds: { type: "string" },
        port: { type: "string" },
        tls: { type: "boolean" },
        "no-tls": { type: "boolean" },
        "simulate-deployment-status": { type: "boolean" },
        "authorization-mode": { type: "string" },
        emulate: { type: "string" },
        "audit-log-path": { type: "string" },
        "audit-policy-file": { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    }));
  } catch (e) {
    out.err(`kube-codegen-test-server: ${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    out.log(pkg.version);
    return 0;
  }
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) {
      out.err(`kube-codegen-test-server: --port must be a port number (0-65535), got "${values.port}"`);
      return 2;
    }
  }
  const mode = values["authorization-mode"];
  if (mode !== undefined && mode !== "RBAC" && mode !== "AlwaysAllow") {
    out.err(`kube-codegen-test-server: --authorization-mode must be AlwaysAllow or RBAC, got "${mode}"`);
    return 2;
  }
  const emulate = values.emulate;
  if (emulate !== undefined && emulate !== "1.37" && emulate !== "1.24") {
    out.err(`kube-codegen-test-server: --emulate must be 1.37 or 1.24, got "${emulate}"`);
    return 2;
  }
  if (values.crds !== undefined && !existsSync(values.crds)) {
    out.err(`kube-codegen-test-server: ${values.crds} does not exist`);
    return 2;
  }
  try {
    return await runTestServerCommand({
      ...(values.crds !== undefined ? { crdDir: values.crds } : {}),
      ...(port !== undefined ? { port } : {}),
      tls: values["no-tls"] !== true,
      simulateDeploymentStatus: values["simulate-deployment-status"] === true,
      ...(mode === "RBAC" ? { authorization: "RBAC" as const } : {}),
      ...(emulate !== undefined ? { emulate } : {}),
      ...(values["audit-log-path"] !== undefined ? { auditLogPath: values["audit-log-path"] } : {}),
      ...(values["audit-policy-file"] !== undefined ? { auditPolicyFile: values["audit-policy-file"] } : {}),
      write: (t) => out.log(t.replace(/\n$/, "")),
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    out.err(`kube-codegen-test-server: ${(e as Error).message}`);
    return 2;
  }
}
