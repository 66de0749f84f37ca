// CRD generation speed, whole process: `node bin/kube-codegen.js generate --generators crd` on a
// synthesized package of 50 kinds with 20 fields each (markers, nested types, lists, maps),
// in a temp directory. Goal (issue): under 2 s. Reported with a baseline measured in the same
// run: the same command for the register generator, which loads and models the same input but
// builds no schemas, so the difference is the cost of schemas, checks and YAML.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { recordBenchResults } from "./results.js";
import { ensureBuilt, synthesizeApi, timeGenerate } from "./synthetic-api.js";

const KINDS = 50;
const FIELDS = 20;
const RUNS = 3;

ensureBuilt();
const dir = synthesizeApi(KINDS, FIELDS);
try {
  const crd = timeGenerate(dir, "crd", RUNS);
  const written = readdirSync(join(dir, "out/crds")).length;
  const baseline = timeGenerate(dir, "register", RUNS);
  console.log(
    `crd: ${KINDS} kinds x ${FIELDS} fields -> ${written} CRDs, whole process ${(crd / 1000).toFixed(2)} s (best of ${RUNS}; goal < 2 s) ${crd < 2000 ? "OK" : "OVER GOAL"}`,
  );
  console.log(
    `crd: baseline (register generator, same input) ${(baseline / 1000).toFixed(2)} s; crd/baseline = ${(crd / baseline).toFixed(2)}x`,
  );
  recordBenchResults("crd", [
    { name: `crd generator, ${KINDS} kinds vs register generator`, ours: crd, baseline, unit: "ms", better: "lower" },
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
