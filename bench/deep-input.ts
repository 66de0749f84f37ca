// Deep input, whole process: `kube-codegen generate` on a 5,000-long `extends` chain and a
// 5,000-long alias chain (bench/deep-input-packages.ts), each against the same chain 500 long in
// the same run. Linear cost gives a ratio near 10× (less while process start dominates); the
// quadratic walks this guards against gave about 100× and the cubic ones 1000×. Goal (issue 9):
// a 5,000-long chain in seconds.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { writeDeepPackage, type DeepShape } from "./deep-input-packages.js";
import { recordBenchResults, type FigureInput } from "./results.js";

const repo = resolve(import.meta.dirname, "..");
const cli = join(repo, "bin/kube-codegen.js");
const BASE = 500;
const LONG = 5000;

/** Milliseconds of one cold `generate` on a chain of `n`. */
function time(shape: DeepShape, n: number): number {
  const dir = mkdtempSync(join(tmpdir(), "kcg-bench-deep-"));
  try {
    writeDeepPackage(dir, shape, n);
    const t = performance.now();
    const r = spawnSync(process.execPath, [cli, "generate", "--input", "apis", "--output", "out", "--crd-output", "out/crds", "--quiet"], {
      cwd: dir,
      encoding: "utf8",
    });
    const ms = performance.now() - t;
    if (r.status !== 0) throw new Error(`generate on a ${n}-long ${shape} chain failed: ${r.stderr}`);
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const figures: FigureInput[] = [];
for (const shape of ["extends", "alias"] as const) {
  const base = time(shape, BASE);
  const long = time(shape, LONG);
  console.log(
    `generate (${shape} chain): ${LONG} long ${long.toFixed(0)} ms; ${BASE} long ${base.toFixed(0)} ms; ratio ${(long / base).toFixed(1)}× (linear: about 10×; goal: seconds)`,
  );
  figures.push({ name: `${shape} chain, ${LONG} long vs ${BASE} long`, ours: long, baseline: base, unit: "ms", better: "lower" });
}
recordBenchResults("deep-input", figures);
