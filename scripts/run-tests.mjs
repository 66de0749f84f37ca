#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's test runner through tsx.
// Node 20's --test takes no globs, so the files are found here, sorted for a stable order (the
// slowest first, see SLOW_FIRST).
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { spawnSync } from "node:child_process";

function find(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name === "fixtures" || name === "input" || name === "expected" || name === "node_modules") continue;
      find(p, out);
    } else if (name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

// The files that take longest (7 s or more in a full run on a 2-core machine, measured 7 Dec 2026), slowest first, start
// before the rest: the runner starts files in the order given, two at a time, so a long file that
// started last would run on alone at the end while the other core sits idle. A file missing from
// the list only loses its place in the queue.
const SLOW_FIRST = [
  "test/fuzz/generator-fuzz.test.ts",
  "test/testing/kubectl-conformance.test.ts",
  "test/docs/readme-walkthrough.test.ts",
  "test/cli/lazy-loading.test.ts",
  "test/api/runtime-entry-points.test.ts",
  "test/testing/client-go-conformance.test.ts",
  "test/scaffold/webhook.test.ts",
  "test/api/runtime-pack.test.ts",
  "test/generators/client/variants.test.ts",
  "test/docs/quick-start.test.ts",
  "test/scaffold/scaffold.test.ts",
  "test/incremental/cli-cache.test.ts",
  "test/import/determinism.test.ts",
  "test/fuzz/server-fuzz.test.ts",
  "test/incremental/code-cache.test.ts",
  "test/package/testing-pack.test.ts",
  "test/generators/informer/variants.test.ts",
  "test/incremental/incremental.test.ts",
  "test/generators/deepcopy/edge-cases.test.ts",
  "test/testing/lazy-loading.test.ts",
  "test/cli/generate-verify.test.ts",
  "test/robustness/file-system.test.ts",
  "test/robustness/deep-input.test.ts",
  "test/import/round-trip.test.ts",
];
const rank = (f) => {
  const i = SLOW_FIRST.indexOf(f.split(sep).join("/"));
  return i < 0 ? SLOW_FIRST.length : i;
};

const filter = process.argv.slice(2);
let files = [...find("test", []), ...find("runtime/test", [])].map((f) => relative(".", f));
if (filter.length > 0) files = files.filter((f) => filter.some((x) => f.includes(x)));
// Given no file, node --test would look for tests itself, and run fixtures as tests.
if (files.length === 0) {
  console.error(`run-tests: no test file matches ${filter.join(", ")}`);
  process.exit(2);
}
// Stable: the rest keep their sorted order.
files.sort((a, b) => rank(a) - rank(b));
// --test-timeout fails a file that hangs (one whose test failed before it stopped what it started,
// an informer or a server, keeps its process alive); the slowest passing file takes about a minute
// on a 2-core machine. No --test-force-exit: it ended a file's process before the file's last test
// events reached the runner, so tests went unreported and uncounted, never failed (1,935 of 1,943
// in one CI run).
const flags = [
  "--import",
  new URL("test-loader/register.mjs", import.meta.url).pathname,
  "--test",
  "--test-concurrency=2",
  "--test-timeout=600000",
];
// TAP as before, then scripts/failures-reporter.mjs's summary of what failed, after TAP's last line.
const reporters = ["--test-reporter=tap", "--test-reporter-destination=stdout"];
reporters.push(`--test-reporter=${new URL("failures-reporter.mjs", import.meta.url).pathname}`, "--test-reporter-destination=stdout");
const res = spawnSync(process.execPath, [...flags, ...reporters, ...files], { stdio: "inherit" });
process.exit(res.status ?? 1);
