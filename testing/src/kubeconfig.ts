// The kubeconfig a test hands to its client: one cluster (server URL + CA data), one user (a token,
// or a client certificate the server's CA issued), one context; written to a private temp file so tools that only take a path (KUBECONFIG) work too.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";

/** A kubeconfig as plain data (the shape kubectl and client libraries read). */
export interface Kubeconfig {
  apiVersion: "v1";
  kind: "Config";
  clusters: { name: string; cluster: { server: string; "certificate-authority-data"?: string } }[];
  users: { name: string; user: { token: string } | { "client-certificate-data": string; "client-key-data": string } }[];
  contexts: { name: string; context: { cluster: string; user: string; namespace: string } }[];
  "current-context": string;
  preferences: Record<string, never>;
}

const NAME = "kube-codegen-testing";

/** A user's credential: a bearer token, or a client certificate and key (PEM). */
export type KubeconfigCredential = string | { certPem: string; keyPem: string };

/**
 * Builds the kubeconfig for a server at `url` with a bearer `token` (or a client certificate) and
 * optional CA certificate (PEM).
 */
export function buildKubeconfig(url: string, credential: KubeconfigCredential, caPem: string | undefined): Kubeconfig {
  const cluster: Kubeconfig["clusters"][number]["cluster"] = { server: url };
  if (caPem) cluster["certificate-authority-data"] = Buffer.from(caPem).toString("base64");
  return {
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: NAME, cluster }],
    users: [
      {
        name: NAME,
        user:
          typeof credential === "string"
            ? { token: credential }
            : {
                "client-certificate-data": Buffer.from(credential.certPem).toString("base64"),
                "client-key-data": Buffer.from(credential.keyPem).toString("base64"),
              },
      },
    ],
    contexts: [{ name: NAME, context: { cluster: NAME, user: NAME, namespace: "default" } }],
    "current-context": NAME,
    preferences: {},
  };
}

/** Kubeconfig directories not yet removed; one 'exit' listener for all servers of the process. */
const LIVE_DIRS = new Set<string>();
let exitHooked = false;

function removeLiveDirs(): void {
  for (const dir of LIVE_DIRS) rmSync(dir, { recursive: true, force: true });
  LIVE_DIRS.clear();
}

/**
 * Writes `config` as YAML into a new private temp directory; returns the file path and a cleanup function.
 * The file holds the token, so it is also removed when the process exits without stop(): a process.exit,
 * an uncaught exception or an unhandled rejection all run 'exit' listeners (signals are the command's
 * to handle, see test-server-command.ts).
 */
export function writeKubeconfig(config: Kubeconfig): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "kube-codegen-testing-"));
  const path = join(dir, "kubeconfig.yaml");
  const remove = (): void => {
    LIVE_DIRS.delete(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  if (!exitHooked) {
    exitHooked = true;
    process.on("exit", removeLiveDirs);
  }
  LIVE_DIRS.add(dir);
  try {
    writeFileSync(path, stringify(config), { mode: 0o600 });
  } catch (e) {
    remove();
    throw e;
  }
  return { path, remove };
}
