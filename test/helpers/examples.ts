// Where the bundled examples live: the repository's own config (examples/apis, output under
// generated-examples/) and each example project under generated-examples/<name>/, a project of its
// own with its config file, API packages, generated clients and CRDs.
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository root. */
export const repo = resolve(import.meta.dirname, "../..");

/** One example project: its directory (the cwd its config is run from) and where its parts are. */
export interface ExampleProject {
  /** "." for the repository's own config, else the project's folder name. */
  readonly name: string;
  /** Absolute directory its config's paths are relative to. */
  readonly dir: string;
  /** Absolute path of its kube-codegen.config.json. */
  readonly config: string;
  /** Absolute directory of its API packages (the config's input). */
  readonly apis: string;
  /** Absolute directory of its CRDs (the config's crdOutput). */
  readonly crds: string;
}

function project(name: string, dir: string): ExampleProject {
  const config = join(dir, "kube-codegen.config.json");
  const cfg = JSON.parse(readFileSync(config, "utf8")) as { input: string; crdOutput: string };
  return { name, dir, config, apis: resolve(dir, cfg.input), crds: resolve(dir, cfg.crdOutput) };
}

/** The repository's own config first, then every project under generated-examples/, by name. */
export function exampleProjects(): ExampleProject[] {
  const base = join(repo, "generated-examples");
  const names = readdirSync(base)
    .filter((n) => existsSync(join(base, n, "kube-codegen.config.json")))
    .sort();
  return [project(".", repo), ...names.map((n) => project(n, join(base, n)))];
}

/** The example project called `name` (a folder under generated-examples/). */
export function exampleProject(name: string): ExampleProject {
  const p = exampleProjects().find((x) => x.name === name);
  if (!p) throw new Error(`no example project ${name}`);
  return p;
}

/** The absolute directory of example API group `group` (e.g. "traefik"), in whichever project holds it. */
export function exampleGroupDir(group: string): string {
  for (const p of exampleProjects()) {
    const dir = join(p.apis, group);
    if (existsSync(dir)) return dir;
  }
  throw new Error(`no example API group ${group}`);
}

/** Every example API group, by name, with its directory. */
export function exampleGroups(): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of exampleProjects()) for (const g of readdirSync(p.apis).sort()) out.set(g, join(p.apis, g));
  return out;
}

/** Copies every example API group into `dest/<group>` (one input tree, as the examples were before they were split up). */
export function copyExampleApis(dest: string, filter?: (src: string) => boolean): void {
  for (const [g, dir] of exampleGroups()) cpSync(dir, join(dest, g), filter ? { recursive: true, filter } : { recursive: true });
}
