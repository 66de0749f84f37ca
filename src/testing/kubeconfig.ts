// The kubeconfig a test hands to its client: one cluster (server URL + CA data), one token user, one
// context; written to a private temp file so tools that only take a path (KUBECONFIG) work too.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";

/** A kubeconfig as plain data (the shape kubectl and client libraries read). */
export interface Kubeconfig {
  apiVersion: "v1";
  kind: "Config";
  clusters: { name: string; cluster: { server: string; "certificate-authority-data"?: string } }[];
  users: { name: string; user: { token: string } }[];
  contexts: { name: string; context: { cluster: string; user: string; namespace: string } }[];
  "current-context": string;
  preferences: Record<string, never>;
}

const NAME = "kube-codegen-testing";

/** Builds the kubeconfig for a server at `url` with bearer `token` and optional CA certificate (PEM). */
export function buildKubeconfig(url: string, token: string, caPem: string | undefined): Kubeconfig {
  const cluster: Kubeconfig["clusters"][number]["cluster"] = { server: url };
  if (caPem) cluster["certificate-authority-data"] = Buffer.from(caPem).toString("base64");
  return {
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: NAME, cluster }],
    users: [{ name: NAME, user: { token } }],
    contexts: [{ name: NAME, context: { cluster: NAME, user: NAME, namespace: "default" } }],
    "current-context": NAME,
    preferences: {},
  };
}

/** Writes `config` as YAML into a new private temp directory; returns the file path and a cleanup function. */
export function writeKubeconfig(config: Kubeconfig): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "kube-codegen-testing-"));
  const path = join(dir, "kubeconfig.yaml");
  writeFileSync(path, stringify(config), { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
