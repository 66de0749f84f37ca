// The four packages packed from this checkout's dist/ into a directory, as a user would install
// them, for the tests that install kube-codegen into an empty project (the walk-through, the
// scaffolded project).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { staleReason } from "../../scripts/build-stamp.js";

const repo = resolve(import.meta.dirname, "../..");

/**
 * Fails unless pkg's dist/ is the build of its sources as they are now (the tarball is packed from
 * dist/). Judged by the hash of the sources the build stored, not by mtimes: a script that rewrites a
 * source with the same bytes, or a `touch`, must not make a fresh build look stale.
 */
function assertBuilt(pkg: string): void {
  const reason = staleReason(pkg);
  assert.equal(reason, undefined, `${reason ?? ""}: run npm run build`);
}

/** The packages, in the order packed, with the workspace each comes from. */
export const PACKAGES = [
  { name: "@kube-codegen/runtime", workspace: "runtime" },
  { name: "@kube-codegen/apiextensions", workspace: "apiextensions" },
  { name: "@kube-codegen/testing", workspace: "testing" },
  { name: "kube-codegen", workspace: undefined },
] as const;

/** Packs the runtime, apiextensions, the test server and the generator from this checkout into dir; returns the tarballs' names. */
export function packTarballs(dir: string): string[] {
  for (const p of PACKAGES) assertBuilt(p.workspace === undefined ? repo : join(repo, p.workspace));
  const names: string[] = [];
  for (const args of PACKAGES.map((p) => (p.workspace === undefined ? [] : ["-w", p.workspace]))) {
    // --ignore-scripts: dist/ is already built (checked above), and rebuilding it in place would
    // race with other tests reading it.
    const r = spawnSync("npm", ["pack", ...args, "--json", "--ignore-scripts", "--pack-destination", dir], { cwd: repo, encoding: "utf8" });
    assert.equal(r.status, 0, `npm pack ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
    const [packed] = JSON.parse(r.stdout) as { filename: string }[];
    assert.ok(packed);
    names.push(packed.filename);
  }
  return names;
}
