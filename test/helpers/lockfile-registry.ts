// A package registry on 127.0.0.1 holding exactly the registry packages of this repository's
// package-lock.json, their tarballs read from the npm cache that `npm ci` filled (by integrity).
// Installing offline needs it: npm resolves a range such as `^2.9.1` through the package's registry
// document, which `npm ci` does not always cache (kubernetes-types', @types/node's), so
// `npm install --offline` can fail on a clean machine and `--prefer-offline` would use the network.
// Point npm at it with npm_config_registry (and a fresh npm_config_cache).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  [field: string]: unknown;
}

/** Numeric-first comparison of x.y.z[-pre] versions (enough to pick a dist-tag). */
function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = "", pre] = v.split("-", 2);
    return { nums: core.split(".").map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x.nums[i] ?? 0) !== (y.nums[i] ?? 0)) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === y.pre) return 0;
  return x.pre === undefined ? 1 : y.pre === undefined ? -1 : x.pre < y.pre ? -1 : 1;
}

/**
 * A registry of the lockfile's registry packages, served from the npm cache's content store: each
 * name's document lists only the locked versions, so npm resolves every range to what this
 * repository was tested with. `requested` records every name asked for.
 */
export async function startLockfileRegistry(): Promise<{ url: string; server: Server; requested: Set<string> }> {
  const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const cacheDir = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
  const versions = new Map<string, Map<string, LockEntry>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Registry packages only (npm leaves `resolved` out of some entries; links and file: or git
    // dependencies are not the registry's).
    if (entry.link || !entry.version || !entry.integrity || (entry.resolved !== undefined && !entry.resolved.startsWith("https://")))
      continue;
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    if (!versions.has(name)) versions.set(name, new Map());
    versions.get(name)?.set(entry.version, entry);
  }
  const requested = new Set<string>();
  const tarballs = new Map<string, string>(); // URL path → integrity
  let base = "";
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    const integrity = tarballs.get(path);
    if (integrity) {
      const [algorithm = "", b64 = ""] = integrity.split("-", 2);
      const hex = Buffer.from(b64, "base64").toString("hex");
      const file = join(cacheDir, "_cacache", "content-v2", algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
      if (!existsSync(file)) {
        res.writeHead(404).end(`${path} is not in the npm cache ${cacheDir} (run npm ci in the repository)`);
        return;
      }
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(readFileSync(file));
      return;
    }
    const name = path.slice(1);
    requested.add(name);
    const locked = versions.get(name);
    if (!locked) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const doc: Record<string, unknown> = {};
    for (const [version, entry] of locked) {
      // What npm reads from a version's document: the lockfile keeps all of it.
      const manifest = Object.fromEntries(
        Object.entries(entry).filter(([k]) =>
          [
            "dependencies",
            "optionalDependencies",
            "peerDependencies",
            "peerDependenciesMeta",
            "bin",
            "engines",
            "os",
            "cpu",
            "license",
          ].includes(k),
        ),
      );
      const tarball = `/${name}/-/${name.replace(/^@[^/]+\//, "")}-${version}.tgz`;
      tarballs.set(tarball, entry.integrity ?? "");
      doc[version] = { ...manifest, name, version, dist: { tarball: base + tarball, integrity: entry.integrity } };
    }
    const latest =
      [...locked.keys()]
        .filter((v) => !v.includes("-"))
        .sort(compareVersions)
        .at(-1) ?? [...locked.keys()][0];
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name, "dist-tags": { latest }, versions: doc }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${base}/`, server, requested };
}
