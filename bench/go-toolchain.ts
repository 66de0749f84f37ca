// Whole-process `kube-codegen generate --generators all` against Go's toolchain on the same synthetic
// API (bench/synthetic-api.ts: N kinds in groups of ten, 20 spec fields each), both from no outputs.
// Go's side is every counterpart, run as code-generator's kube_codegen.sh runs them in module mode
// (gen_helpers, gen_register, gen_client with apply configurations and watch), then controller-gen
// `crd`: deepcopy-gen, register-gen, applyconfiguration-gen, client-gen, lister-gen, informer-gen,
// controller-gen. Its module set is pinned by bench/go/go.mod and go.sum; the binaries are built
// once with `go install tool` into a cache dir (GOBIN), and only their runs are timed, not the build.
// Ours keeps the same footing: V8's code cache of the libraries it compiles (the tool's own compiled
// code, src/cache/code-cache.ts, which a user's machine keeps in ~/.cache/kube-codegen across
// projects) is kept in a folder of the bench's, filled by the unmeasured warm-up run; every cache of
// the project's is removed before each measured run.
//
// Runs are paired (ours, then Go's, alternating) so load on the shared machine falls on both alike;
// each size reports the median of each side and their ratio. Peak memory is the largest max RSS of
// any one process of the side (GNU time's %M, from wait4's rusage), since Go's tools run one after
// another: the most the side holds at once. Without /usr/bin/time the memory rows are left out.
//
// Sizes: BENCH_GO_KINDS (default "10,100"; "10,100,1000" adds the 1,000-kind run, 2.5 to 4.5
// minutes more on 2 cores). BENCH_GO_RUNS pairs per size below 1,000 (default 3); 1,000 gets one pair.
// BENCH_GO_CACHE: where the binaries go (default $TMPDIR/kube-codegen-bench-go).
// Without `go` on PATH it prints that it skipped and exits 0. Goal (issue 28): ours >= 10x faster
// (ours / Go <= 0.1) and peak memory <= half of Go's at every size.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { recordBenchResults, type FigureInput } from "./results.js";
import { ensureBuilt, GO_MODULE, GROUP_SIZE, groupedGoApiFiles, groupedTsApiFiles, writeFiles } from "./synthetic-api.js";

const repo = resolve(import.meta.dirname, "..");
const goDir = join(import.meta.dirname, "go");
const FIELDS = 20;
const TOOLS = [
  "deepcopy-gen",
  "register-gen",
  "applyconfiguration-gen",
  "client-gen",
  "lister-gen",
  "informer-gen",
  "controller-gen",
] as const;

const goVersion = spawnSync("go", ["version"], { encoding: "utf8" });
if (goVersion.error !== undefined || goVersion.status !== 0) {
  console.log("go-toolchain: skipped (no `go` on PATH)");
  process.exit(0);
}

// The Go tools read the synthetic module with `go list`: the module set is the pinned one, from the
// module cache the install filled; no toolchain switch, no workspace of the caller's.
const goEnv = { ...process.env, GOFLAGS: "-mod=mod", GOWORK: "off", GOTOOLCHAIN: "local" };
const goMod = readFileSync(join(goDir, "go.mod"), "utf8");
const goSum = readFileSync(join(goDir, "go.sum"), "utf8");

/** The version go.mod pins for `module`. */
function pinned(module: string): string {
  const m = new RegExp(`^\\s*(?:require\\s+)?${module.replace(/[.]/g, "\\.")} (v\\S+)`, "m").exec(goMod);
  return m?.[1] ?? "unpinned";
}

/** Installs the pinned tools once per go.mod, go.sum and go version; returns the dir holding them. */
function installTools(): string {
  const key = createHash("sha256").update(goMod).update(goSum).update(goVersion.stdout).digest("hex").slice(0, 12);
  const bin = join(process.env["BENCH_GO_CACHE"] ?? join(tmpdir(), "kube-codegen-bench-go"), key);
  if (TOOLS.every((t) => existsSync(join(bin, t)))) return bin;
  mkdirSync(bin, { recursive: true });
  const start = performance.now();
  const r = spawnSync("go", ["install", "tool"], { cwd: goDir, env: { ...goEnv, GOBIN: bin }, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error("go install tool failed in bench/go");
  console.log(`go-toolchain: built the Go tools into ${bin} in ${((performance.now() - start) / 1000).toFixed(0)} s (not timed below)`);
  return bin;
}

const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

interface Run {
  readonly ms: number;
  /** Largest max RSS of the side's processes, in bytes; NaN without /usr/bin/time. */
  readonly peak: number;
}

/** Runs one process (under GNU time for its max RSS); its wall time and max RSS. */
function runOne(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Run {
  const rssFile = join(cwd, ".maxrss");
  const [file, argv] = gnuTime === undefined ? [cmd, args] : [gnuTime, ["-f", "%M", "-o", rssFile, cmd, ...args]];
  const start = performance.now();
  const r = spawnSync(file, argv, { cwd, env, encoding: "utf8", maxBuffer: 64 << 20 });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}):\n${r.stderr}`);
  const peak = gnuTime === undefined ? NaN : Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1)) * 1024;
  return { ms, peak };
}

function ours(dir: string, kinds: number): Run {
  // From no outputs and an empty cache, as Go's side starts from no outputs: the outputs, the deep
  // copies and registrations beside the types, and node_modules/.cache/kube-codegen (the format,
  // parse and unit caches) all go before each run. The code cache is the tool's (see the top).
  rmSync(join(dir, "out"), { recursive: true, force: true });
  rmSync(join(dir, "node_modules"), { recursive: true, force: true });
  for (let g = 0; g < Math.ceil(kinds / GROUP_SIZE); g++) {
    for (const f of ["zz_generated.deepcopy.ts", "zz_generated.register.ts"]) rmSync(join(dir, `apis/g${g}/v1`, f), { force: true });
  }
  const cli = join(repo, "bin/kube-codegen.js");
  const args = [cli, "generate", "--generators", "all", "--input", "apis", "--output", "out", "--crd-output", "out/crds"];
  const r = runOne(process.execPath, args, dir, { ...process.env, KUBE_CODEGEN_CODE_CACHE: codeCache });
  const crds = existsSync(join(dir, "out/crds")) ? readdirSync(join(dir, "out/crds")).length : 0;
  if (crds !== kinds) throw new Error(`kube-codegen generate: ${crds} CRDs for ${kinds} kinds`);
  return r;
}

/** Go's side, flags as kube_codegen.sh passes them (its defaults for names and subdirs). */
function go(dir: string, bin: string, kinds: number): Run {
  const groups = Math.ceil(kinds / GROUP_SIZE);
  // From no outputs: kube_codegen.sh deletes each generator's earlier files before running it.
  rmSync(join(dir, "generated"), { recursive: true, force: true });
  for (let g = 0; g < groups; g++) {
    for (const f of ["zz_generated.deepcopy.go", "zz_generated.register.go"]) rmSync(join(dir, `apis/g${g}/v1`, f), { force: true });
  }
  const pkgs = Array.from({ length: groups }, (_, g) => `${GO_MODULE}/apis/g${g}/v1`);
  const out = `${GO_MODULE}/generated`;
  const header = ["--go-header-file", "hack/boilerplate.go.txt"];
  const plural = ["--plural-exceptions", "Endpoints:Endpoints"];
  const steps: [string, string[]][] = [
    ["deepcopy-gen", ["--output-file", "zz_generated.deepcopy.go", ...header, ...pkgs]],
    ["register-gen", ["--output-file", "zz_generated.register.go", ...header, ...pkgs]],
    [
      "applyconfiguration-gen",
      [
        ...header,
        "--output-dir",
        "generated/applyconfiguration",
        "--output-pkg",
        `${out}/applyconfiguration`,
        "--external-applyconfigurations",
        "",
        "--openapi-schema",
        "",
        ...pkgs,
      ],
    ],
    [
      "client-gen",
      [
        ...header,
        "--output-dir",
        "generated/clientset",
        "--output-pkg",
        `${out}/clientset`,
        "--clientset-name",
        "versioned",
        "--apply-configuration-package",
        `${out}/applyconfiguration`,
        "--input-base",
        join(dir, "apis"),
        ...plural,
        "--prefers-protobuf=false",
        ...Array.from({ length: groups }, (_, g) => ["--input", `g${g}/v1`]).flat(),
      ],
    ],
    ["lister-gen", [...header, "--output-dir", "generated/listers", "--output-pkg", `${out}/listers`, ...plural, ...pkgs]],
    [
      "informer-gen",
      [
        ...header,
        "--output-dir",
        "generated/informers",
        "--output-pkg",
        `${out}/informers`,
        "--versioned-clientset-package",
        `${out}/clientset/versioned`,
        "--listers-package",
        `${out}/listers`,
        ...plural,
        ...pkgs,
      ],
    ],
    ["controller-gen", ["crd", "paths=./apis/...", "output:crd:dir=./generated/crds"]],
  ];
  let ms = 0;
  let peak = gnuTime === undefined ? NaN : 0;
  for (const [tool, args] of steps) {
    const r = runOne(join(bin, tool), args, dir, goEnv);
    ms += r.ms;
    peak = Math.max(peak, r.peak);
  }
  // A tool that ran but wrote nothing would make Go look fast: each must have written its outputs.
  const crds = existsSync(join(dir, "generated/crds")) ? readdirSync(join(dir, "generated/crds")).length : 0;
  const wrote = [
    `apis/g${groups - 1}/v1/zz_generated.deepcopy.go`,
    `apis/g${groups - 1}/v1/zz_generated.register.go`,
    `generated/applyconfiguration/g${groups - 1}/v1`,
    `generated/clientset/versioned/typed/g${groups - 1}/v1`,
    `generated/listers/g${groups - 1}/v1`,
    `generated/informers/externalversions/g${groups - 1}/v1`,
  ];
  const missing = wrote.filter((p) => !existsSync(join(dir, p)));
  if (missing.length > 0 || crds !== kinds) throw new Error(`Go toolchain: missing ${missing.join(", ")}; ${crds} CRDs for ${kinds} kinds`);
  return { ms, peak };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;
const sec = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

ensureBuilt();
const bin = installTools();
const codeCache = join(bin, "..", "kube-codegen-code-cache");
const sizes = (process.env["BENCH_GO_KINDS"] ?? "10,100").split(",").map((s) => Number(s.trim()));
const pairs = Number(process.env["BENCH_GO_RUNS"] ?? "3");
console.log(
  `go-toolchain: ${goVersion.stdout.trim()}; k8s.io/code-generator ${pinned("k8s.io/code-generator")}, sigs.k8s.io/controller-tools ${pinned("sigs.k8s.io/controller-tools")}, k8s.io/apimachinery ${pinned("k8s.io/apimachinery")}, k8s.io/api ${pinned("k8s.io/api")} (bench/go/go.mod)`,
);
console.log(
  `go-toolchain: peak memory ${gnuTime === undefined ? "not measured (no /usr/bin/time)" : "is the largest max RSS of one process of each side (GNU time %M)"}`,
);

/** A temp dir with the API of `kinds` kinds in TypeScript (ts/) and Go (go/); remove it when done. */
function synthesize(kinds: number): { root: string; tsDir: string; goSrc: string } {
  const root = mkdtempSync(join(tmpdir(), "kcg-bench-go-"));
  const tsDir = join(root, "ts");
  const goSrc = join(root, "go");
  writeFiles(tsDir, groupedTsApiFiles(kinds, FIELDS));
  writeFiles(goSrc, groupedGoApiFiles(kinds, FIELDS, goMod, goSum));
  mkdirSync(join(goSrc, "hack"), { recursive: true });
  writeFileSync(join(goSrc, "hack/boilerplate.go.txt"), "// Synthetic benchmark API.\n\n");
  return { root, tsDir, goSrc };
}

// One unmeasured pair on a small API first: Go's `go list` fills its build cache with
// apimachinery's export data once (as any Go developer's machine already has it), ours fills its
// code cache once (as any kube-codegen user's machine already has it), and the disk caches of node
// and of both sides' binaries warm alike.
{
  const w = synthesize(GROUP_SIZE);
  try {
    ours(w.tsDir, GROUP_SIZE);
    go(w.goSrc, bin, GROUP_SIZE);
  } finally {
    rmSync(w.root, { recursive: true, force: true });
  }
}

const figures: FigureInput[] = [];
for (const kinds of sizes) {
  const { root, tsDir, goSrc } = synthesize(kinds);
  try {
    const groups = Math.ceil(kinds / GROUP_SIZE);
    const n = kinds >= 1000 ? 1 : pairs;
    const runs: { ours: Run; go: Run }[] = [];
    for (let i = 0; i < n; i++) {
      // Alternate which side goes first, so neither always runs right after the other's load.
      if (i % 2 === 0) {
        const o = ours(tsDir, kinds);
        runs.push({ ours: o, go: go(goSrc, bin, kinds) });
      } else {
        const g = go(goSrc, bin, kinds);
        runs.push({ ours: ours(tsDir, kinds), go: g });
      }
    }
    const oursMs = median(runs.map((r) => r.ours.ms));
    const goMs = median(runs.map((r) => r.go.ms));
    const oursPeak = Math.max(...runs.map((r) => r.ours.peak));
    const goPeak = Math.max(...runs.map((r) => r.go.peak));
    const pairRatios = runs.map((r) => r.go.ms / r.ours.ms);
    console.log(
      `go-toolchain: ${kinds} kinds (${groups} groups), median of ${n} paired run(s): ours ${sec(oursMs)}, Go ${sec(goMs)}, Go / ours ${(goMs / oursMs).toFixed(2)}x (pairs ${Math.min(...pairRatios).toFixed(2)}-${Math.max(...pairRatios).toFixed(2)}x; goal >= 10x)` +
        (gnuTime === undefined
          ? ""
          : `; peak ours ${mb(oursPeak)}, Go ${mb(goPeak)} (Go / ours ${(goPeak / oursPeak).toFixed(2)}x; goal >= 2x)`),
    );
    figures.push({
      name: `generate all vs Go toolchain, ${kinds} kinds`,
      ours: oursMs,
      baseline: goMs,
      unit: "ms",
      better: "lower",
      goal: 0.1,
    });
    if (gnuTime !== undefined) {
      figures.push({
        name: `peak RSS vs Go toolchain, ${kinds} kinds`,
        ours: oursPeak / 1e6,
        baseline: goPeak / 1e6,
        unit: "MB",
        better: "lower",
        goal: 0.5,
      });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
recordBenchResults("go-toolchain", figures);
