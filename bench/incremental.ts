// Incremental regeneration (issue 28): whole-process `generate --generators all` on the synthetic
// API of N kinds in groups of ten (bench/synthetic-api.ts), first from no outputs and an empty
// cache (the full cold run), then after one kind's file changed, with the cache that run filled
// (the warm run). Each warm run changes another kind: a field's doc comment and a marker's value,
// so its CRD, and only its package's, has to be built again. The runs' medians and their ratio
// are the figures, with the warm run also against the goal of 2 s. Then `verify`, which
// never reads the cache and computes everything, checks the warm runs' output is byte for byte
// what a full run writes (any difference fails the bench). Under GNU time (/usr/bin/time) each run's
// CPU time (user + system) is recorded too: on a shared machine the wall time also counts other work.
//
// Sizes: BENCH_INCR_KINDS (default 1000), BENCH_INCR_RUNS warm runs (default 3). The cold run of
// 1,000 kinds and the verify take about a minute each on 2 cores.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { recordBenchResults, type FigureInput } from "./results.js";
import { ensureBuilt, groupedTsApiFiles, GROUP_SIZE, writeFiles } from "./synthetic-api.js";

const KINDS = Number(process.env["BENCH_INCR_KINDS"] ?? 1000);
const RUNS = Number(process.env["BENCH_INCR_RUNS"] ?? 3);
const FIELDS = 20;
const GOAL_MS = 2000;
const cli = join(import.meta.dirname, "../bin/kube-codegen.js");
const args = ["--generators", "all", "--input", "apis", "--output", "out", "--crd-output", "out/crds", "--cache-dir", "cache"];

const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Timed {
  readonly ms: number;
  /** User plus system CPU time of the process, in ms (GNU time's %U and %S); NaN without /usr/bin/time. */
  readonly cpuMs: number;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs kube-codegen in `dir`, under GNU time when there is one for its CPU time: on a shared machine the wall time counts the other work's too. */
function kubeCodegen(dir: string, command: "generate" | "verify"): Timed {
  const cpuFile = join(dir, "cpu.txt");
  const argv = [cli, command, ...args];
  const [file, fullArgv] =
    gnuTime === undefined ? [process.execPath, argv] : [gnuTime, ["-f", "%U %S", "-o", cpuFile, process.execPath, ...argv]];
  const start = performance.now();
  const r = spawnSync(file, fullArgv, { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  const cpuMs =
    gnuTime === undefined
      ? NaN
      : readFileSync(cpuFile, "utf8")
          .trim()
          .split("\n")
          .at(-1)!
          .split(" ")
          .reduce((sum, x) => sum + Number(x) * 1000, 0);
  return { ms, cpuMs, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function generate(dir: string): Timed {
  const r = kubeCodegen(dir, "generate");
  if (r.status !== 0) throw new Error(`generate failed:\n${r.stderr}`);
  return r;
}

/** Changes kind k's file: a field's doc and its maximum, which its CRD (and nothing of any other kind) shows. */
function changeKind(dir: string, k: number, run: number): void {
  const g = Math.floor(k / GROUP_SIZE);
  const file = join(dir, `apis/g${g}/v1/kind${k}_types.ts`);
  const text = readFileSync(file, "utf8");
  const changed = text
    .replace("// field0 is a bounded count.", `// field0 is a bounded count (edit ${run}).`)
    .replace("+kubebuilder:validation:Maximum=1000", `+kubebuilder:validation:Maximum=${1000 - run - 1}`);
  if (changed === text) throw new Error(`kind ${k}: nothing to change`);
  writeFileSync(file, changed);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), "kcg-bench-incr-"));
try {
  writeFiles(dir, groupedTsApiFiles(KINDS, FIELDS));
  const cold = generate(dir);
  console.log(
    `incremental: full cold run of ${KINDS} kinds ${(cold.ms / 1000).toFixed(1)} s, ${(cold.cpuMs / 1000).toFixed(1)} s CPU (no outputs, empty cache)`,
  );
  const warm: Timed[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Kinds spread over the API, each in another group.
    const k = Math.floor(((i + 0.5) * KINDS) / RUNS);
    changeKind(dir, k, i);
    const w = generate(dir);
    warm.push(w);
    console.log(`incremental: kind ${k} changed, warm run ${(w.ms / 1000).toFixed(2)} s, ${(w.cpuMs / 1000).toFixed(2)} s CPU`);
  }
  const v = kubeCodegen(dir, "verify");
  if (v.status !== 0) throw new Error(`verify (a full run, no cache) found the warm runs' output differs:\n${v.stdout}\n${v.stderr}`);
  const w = median(warm.map((x) => x.ms));
  const wCpu = median(warm.map((x) => x.cpuMs));
  console.log(
    `incremental: one kind changed of ${KINDS}: ${(w / 1000).toFixed(2)} s, ${(wCpu / 1000).toFixed(2)} s CPU (medians of ${RUNS}); full cold run ${(cold.ms / 1000).toFixed(1)} s; ratio ${(w / cold.ms).toFixed(3)}; goal <= ${GOAL_MS / 1000} s ${w <= GOAL_MS ? "OK" : "OVER GOAL"}; verify (a full run, no cache) agrees byte for byte`,
  );
  const figures: FigureInput[] = [
    { name: `one kind changed vs full cold run, ${KINDS} kinds`, ours: w, baseline: cold.ms, unit: "ms", better: "lower" },
    { name: `one kind changed of ${KINDS} vs the 2 s goal`, ours: w, baseline: GOAL_MS, unit: "ms", better: "lower", goal: 1 },
  ];
  if (gnuTime !== undefined)
    figures.push(
      {
        name: `CPU time: one kind changed vs full cold run, ${KINDS} kinds`,
        ours: wCpu,
        baseline: cold.cpuMs,
        unit: "ms",
        better: "lower",
      },
      {
        name: `CPU time: one kind changed of ${KINDS} vs the 2 s goal`,
        ours: wCpu,
        baseline: GOAL_MS,
        unit: "ms",
        better: "lower",
        goal: 1,
      },
    );
  recordBenchResults("incremental", figures);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
