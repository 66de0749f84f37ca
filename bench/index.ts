// `npm run bench`: every benchmark, each reported against a baseline measured in the same run.
// Benchmarks never fail a build; they print figures for the closing notes and for review.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { staleReason } from "../scripts/build-stamp.js";
import { renderCharts } from "./render-charts.js";

const benches = [
  "generate-cold.ts",
  "cli-startup.ts",
  "testing-startup.ts",
  "deepcopy.ts",
  "crd.ts",
  "generate-100-kinds.ts",
  "client-vs-client-node.ts",
  "workqueue.ts",
  "informer-vs-client-node.ts",
  "streaming-list.ts",
  "controller-builder.ts",
  "protobuf.ts",
  "deep-input.ts",
  // A minute or two at 1,000 kinds (a cold run, the warm runs, then verify).
  "incremental.ts",
  // Last: the longest (minutes), and it skips, saying so, where `go` is not on PATH.
  "go-toolchain.ts",
];
// A listed benchmark that is missing is an error before anything runs: skipping it would report a
// run that silently measured less than it claims.
const missing = benches.filter((b) => !existsSync(join(import.meta.dirname, b)));
if (missing.length > 0) {
  console.error(`bench: missing benchmark file(s) ${missing.join(", ")} named in bench/index.ts`);
  process.exit(1);
}
if (["..", "../runtime", "../apiextensions", "../testing"].some((p) => staleReason(join(import.meta.dirname, p)) !== undefined)) {
  spawnSync("npm", ["run", "build"], { stdio: "inherit" });
}
// --expose-gc: benchmarks that report heap per object collect garbage before each reading.
for (const b of benches) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", join(import.meta.dirname, b)], { stdio: "inherit" });
  if (r.status !== 0) process.exitCode = 1;
}
// Each benchmark wrote bench/results/<name>.json; the charts and docs/benchmarks.md's figures are
// rendered from those files (also `npm run bench:charts`, which runs no benchmark).
const written = renderCharts();
console.log(written.length === 0 ? "bench: charts up to date" : `bench: wrote ${written.length} chart and page file(s)`);
