// `npm run bench`: every benchmark, each reported against a baseline measured in the same run.
// Benchmarks never fail a build; they print figures for the closing notes and for review.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const benches = ["generate-cold.ts", "deepcopy.ts", "crd.ts", "load-test-server.ts"];
if (!existsSync(join(import.meta.dirname, "../dist/cli/main.js"))) {
  spawnSync("npm", ["run", "build"], { stdio: "inherit" });
}
for (const b of benches) {
  const file = join(import.meta.dirname, b);
  if (!existsSync(file)) continue;
  const r = spawnSync(process.execPath, ["--import", "tsx", file], { stdio: "inherit" });
  if (r.status !== 0) process.exitCode = 1;
}
