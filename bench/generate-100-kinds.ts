// Whole-process `generate` with every generator on the synthetic API of 100 kinds (20 fields each,
// every kind +genclient), against a baseline run in the same process: the same command without the
// client generator. Goal (issue 10): every generator within 1.5x of the baseline, so typed clients
// add at most half again to a project's codegen time.
import { rmSync } from "node:fs";
import { recordBenchResults } from "./results.js";
import { ensureBuilt, synthesizeApi, timeGenerate } from "./synthetic-api.js";

const KINDS = 100;
const FIELDS = 20;
const RUNS = 3;

ensureBuilt();
const dir = synthesizeApi(KINDS, FIELDS);
try {
  const baseline = timeGenerate(dir, "deepcopy,register,crd", RUNS);
  const all = timeGenerate(dir, "all", RUNS);
  const ratio = all / baseline;
  console.log(
    `generate-100-kinds: every generator ${(all / 1000).toFixed(2)} s; without the client generator ${(baseline / 1000).toFixed(2)} s (best of ${RUNS}); ratio ${ratio.toFixed(2)}x (goal <= 1.5x) ${ratio <= 1.5 ? "OK" : "OVER GOAL"}`,
  );
  recordBenchResults("generate-100-kinds", [
    { name: `every generator vs without clients, ${KINDS} kinds`, ours: all, baseline, unit: "ms", better: "lower", goal: 1.5 },
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
