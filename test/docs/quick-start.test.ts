// The quick start on a fresh clone: `npm run codegen` (hack/update-codegen.sh) on a checkout whose
// generated files are current rewrites nothing, so it cannot make the build look stale to the tests
// that follow it, and freshness of dist/ is judged by content, so neither a `touch` of every file
// nor a second codegen changes the verdict, while a real edit does. Run in a copy of this checkout
// (tracked files and both builds, node_modules linked), never in the checkout itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { staleReason, STAMP } from "../../scripts/build-stamp.js";
import { writeIfChanged } from "../../src/fs/index.js";
import { tempDir } from "../helpers/fs.js";

const repo = resolve(import.meta.dirname, "../..");

/** Every file under dir but node_modules and .git, relative to dir, with its mtime. */
function mtimes(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name === ".git") continue;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(p, statSync(join(dir, p)).mtimeMs);
    }
  };
  walk("");
  return out;
}

/** A copy of this checkout: the tracked (and untracked, unignored) files, every package's dist/, node_modules as a link. */
function copyCheckout(): string {
  const copy = join(tempDir("kcg-quick-start-"), "repo");
  // Untracked files that are not ignored are part of the work being tested (a new source file).
  const tracked = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" });
  assert.equal(tracked.status, 0, tracked.stderr);
  for (const f of tracked.stdout.split("\0").filter((f) => f !== "")) {
    const from = join(repo, f);
    // A tracked file deleted in the work tree is not part of the checkout being tested.
    if (!statSync(from, { throwIfNoEntry: false })?.isFile()) continue;
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    cpSync(from, join(copy, f), { preserveTimestamps: true });
  }
  for (const d of ["dist", "runtime/dist", "apiextensions/dist", "testing/dist"])
    cpSync(join(repo, d), join(copy, d), { recursive: true, preserveTimestamps: true });
  symlinkSync(join(repo, "node_modules"), join(copy, "node_modules"));
  return copy;
}

test("the README's quick start is the two commands CI runs", () => {
  const r = spawnSync("bash", [join(repo, "scripts/quick-start.sh")], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.split("\n").filter(Boolean), ["npm ci && npm run codegen", "npm test"]);
  const ci = readFileSync(join(repo, ".ci/run"), "utf8");
  assert.match(ci, /bash scripts\/quick-start\.sh/);
  assert.match(ci, /bash -c "\$\{quick\[0\]\}"/);
  assert.match(ci, /bash -c "\$\{quick\[1\]\}"/);
});

test("npm run codegen on a current checkout rewrites nothing, and dist/ stays fresh after it and after touch", (t) => {
  const copy = copyCheckout();
  // The checkout under test must start from a current build, as `npm ci` leaves it.
  for (const pkg of [copy, ...["runtime", "apiextensions", "testing"].map((w) => join(copy, w))]) assert.equal(staleReason(pkg), undefined);
  const before = mtimes(copy);
  for (let round = 1; round <= 2; round++) {
    const r = spawnSync("bash", ["hack/update-codegen.sh"], { cwd: copy, encoding: "utf8" });
    assert.equal(r.status, 0, `codegen run ${round} failed:\n${r.stdout}\n${r.stderr}`);
    // No rebuild was needed (its tsc would have rewritten dist/), and no file was rewritten.
    assert.doesNotMatch(r.stderr, /built from other sources|was never built/);
    const changed = [...mtimes(copy)].filter(([f, m]) => before.get(f) !== m).map(([f]) => f);
    assert.deepEqual(changed, [], `codegen run ${round} rewrote files`);
  }
  for (const pkg of [copy, ...["runtime", "apiextensions", "testing"].map((w) => join(copy, w))]) assert.equal(staleReason(pkg), undefined);

  // Every source newer than every build output, as after a `touch` or a fresh checkout: still fresh.
  const later = new Date(Date.now() + 60_000);
  for (const f of before.keys()) utimesSync(join(copy, f), later, later);
  for (const pkg of [copy, ...["runtime", "apiextensions", "testing"].map((w) => join(copy, w))]) assert.equal(staleReason(pkg), undefined);

  // A real edit is stale whatever the mtimes say: the edited file is made older than the build.
  const edited = join(copy, "runtime/src/index.ts");
  writeFileSync(edited, readFileSync(edited, "utf8") + "\n// edited\n");
  utimesSync(edited, new Date(0), new Date(0));
  assert.match(staleReason(join(copy, "runtime")) ?? "", /built from other sources/);
  assert.equal(staleReason(copy), undefined, "the root package's sources did not change");
  // A new source file is a change too, and a build with no stamp is never fresh.
  writeFileSync(join(copy, "src/added.ts"), "export {};\n");
  assert.match(staleReason(copy) ?? "", /built from other sources/);
  rmSync(join(copy, "dist", STAMP));
  assert.match(staleReason(copy) ?? "", /never built/);
  t.diagnostic(`checked ${before.size} files`);
});

test("writeIfChanged leaves a file with the same bytes alone", () => {
  const file = join(tempDir(), "f.txt");
  assert.equal(writeIfChanged(file, "a\n"), true);
  utimesSync(file, new Date(0), new Date(0));
  assert.equal(writeIfChanged(file, "a\n"), false);
  assert.equal(statSync(file).mtimeMs, 0);
  assert.equal(writeIfChanged(file, "b\n"), true);
  assert.equal(readFileSync(file, "utf8"), "b\n");
});
