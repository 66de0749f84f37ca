// The kubeconfig file format (clientcmd/api/v1) and how several files combine, as kubectl
// combines KUBECONFIG: the first file to name a cluster, user or context wins that whole entry,
// and current-context comes from the first file that sets it. Relative paths (CA, client
// certificate and key, tokenFile, an exec command containing a "/") resolve against the directory
// of the file that holds the entry, so they are resolved here, while the origin is known.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve, sep } from "node:path";
import { parse } from "yaml";
import type { ExecConfig } from "./exec-auth.js";

/** A kubeconfig `clusters[].cluster`. */
export interface KubeconfigCluster {
  server?: string;
  "certificate-authority"?: string;
  "certificate-authority-data"?: string;
  "insecure-skip-tls-verify"?: boolean;
  "tls-server-name"?: string;
  "proxy-url"?: string;
  "disable-compression"?: boolean;
  extensions?: { name: string; extension: unknown }[];
}

/** A kubeconfig `users[].user` (clientcmd's AuthInfo). */
export interface KubeconfigUser {
  token?: string;
  tokenFile?: string;
  "client-certificate"?: string;
  "client-certificate-data"?: string;
  "client-key"?: string;
  "client-key-data"?: string;
  username?: string;
  password?: string;
  exec?: ExecConfig;
  "auth-provider"?: { name: string; config?: Record<string, string> };
}

/** A kubeconfig `contexts[].context`. */
export interface KubeconfigContext {
  cluster: string;
  user: string;
  namespace?: string;
}

/** Files merged into one view: name → entry, and the current context. */
export interface MergedKubeconfig {
  clusters: Map<string, KubeconfigCluster>;
  users: Map<string, KubeconfigUser>;
  contexts: Map<string, KubeconfigContext>;
  currentContext?: string;
  /** The files that were read, in order (missing ones are skipped, as kubectl skips them). */
  files: string[];
}

/** An empty merged view. */
export function emptyKubeconfig(): MergedKubeconfig {
  return { clusters: new Map(), users: new Map(), contexts: new Map(), files: [] };
}

/** Reads and merges `paths` in order; a missing file is skipped unless `required`. */
export function readKubeconfigFiles(paths: readonly string[], required = false): MergedKubeconfig {
  const merged = emptyKubeconfig();
  const seen = new Set<string>();
  for (const p of paths) {
    if (p === "") continue;
    const abs = resolve(p);
    if (seen.has(abs)) continue;
    seen.add(abs);
    let text: string;
    try {
      text = readFileSync(abs, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" && !required) continue;
      throw new Error(`cannot read kubeconfig ${abs}: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
    }
    mergeKubeconfig(merged, parseKubeconfig(text, abs));
    merged.files.push(abs);
  }
  return merged;
}

/** Parses one kubeconfig's text; `origin` (its path) anchors relative paths. */
export function parseKubeconfig(text: string, origin?: string): MergedKubeconfig {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    // The YAML error names a position, not the content, so no secret leaks through it.
    throw new Error(`kubeconfig ${origin ?? "(text)"} is not valid YAML: ${(err as Error).message.split("\n")[0]}`);
  }
  const out = emptyKubeconfig();
  if (doc === null || doc === undefined) return out;
  if (typeof doc !== "object" || Array.isArray(doc)) throw new Error(`kubeconfig ${origin ?? "(text)"} is not a mapping`);
  const d = doc as Record<string, unknown>;
  const base = origin ? dirname(origin) : undefined;
  for (const [name, c] of entries<KubeconfigCluster>(d["clusters"], "cluster")) {
    if (!out.clusters.has(name)) out.clusters.set(name, resolveCluster(c, base));
  }
  for (const [name, u] of entries<KubeconfigUser>(d["users"], "user")) {
    if (!out.users.has(name)) out.users.set(name, resolveUser(u, base));
  }
  for (const [name, c] of entries<KubeconfigContext>(d["contexts"], "context")) {
    if (!out.contexts.has(name)) out.contexts.set(name, c);
  }
  const current = d["current-context"];
  if (typeof current === "string" && current !== "") out.currentContext = current;
  return out;
}

/** Adds `next` under `into`: existing names and an existing current-context are kept. */
export function mergeKubeconfig(into: MergedKubeconfig, next: MergedKubeconfig): void {
  for (const [k, v] of next.clusters) if (!into.clusters.has(k)) into.clusters.set(k, v);
  for (const [k, v] of next.users) if (!into.users.has(k)) into.users.set(k, v);
  for (const [k, v] of next.contexts) if (!into.contexts.has(k)) into.contexts.set(k, v);
  if (into.currentContext === undefined && next.currentContext !== undefined) into.currentContext = next.currentContext;
}

function* entries<T>(list: unknown, field: string): Generator<[string, T]> {
  if (!Array.isArray(list)) return;
  for (const item of list) {
    if (typeof item !== "object" || item === null) continue;
    const { name, [field]: value } = item as Record<string, unknown>;
    if (typeof name !== "string" || typeof value !== "object" || value === null) continue;
    yield [name, value as T];
  }
}

function resolvePath(p: string | undefined, base: string | undefined): string | undefined {
  if (p === undefined || p === "" || base === undefined || isAbsolute(p)) return p;
  return resolve(base, p);
}

function resolveCluster(c: KubeconfigCluster, base: string | undefined): KubeconfigCluster {
  const out = { ...c };
  const ca = resolvePath(c["certificate-authority"], base);
  if (ca !== undefined) out["certificate-authority"] = ca;
  return out;
}

function resolveUser(u: KubeconfigUser, base: string | undefined): KubeconfigUser {
  const out: KubeconfigUser = { ...u };
  for (const key of ["client-certificate", "client-key", "tokenFile"] as const) {
    const p = resolvePath(u[key], base);
    if (p !== undefined) out[key] = p;
  }
  // A bare command name is looked up on PATH; one with a separator is a path, as in clientcmd.
  if (u.exec?.command && u.exec.command.includes(sep)) {
    out.exec = { ...u.exec, command: resolvePath(u.exec.command, base) ?? u.exec.command };
  }
  return out;
}
