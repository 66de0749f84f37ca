// Each benchmark's figures as JSON, one file per benchmark under bench/results/, so the charts and
// the figures table in docs/benchmarks.md are rendered from data (bench/charts.ts) instead of being
// copied from logs. The keys are written in one fixed order and the numbers rounded, so a file
// changes only when a figure does (or the day, node version or core count the run was made on).
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { writeIfChanged } from "../src/fs/index.js";

/** One figure of a benchmark: ours against the baseline measured in the same run. */
export interface BenchFigure {
  readonly name: string;
  readonly ours: number;
  readonly baseline: number;
  /** ours / baseline. */
  readonly ratio: number;
  /** Unit of `ours` and `baseline` (`ms`, `ops/ms`, `B/object` ...). */
  readonly unit: string;
  /** Whether a lower ratio is the better one (times, bytes) or a higher one (throughput). */
  readonly better: "lower" | "higher";
  /** The ratio the figure's goal asks for (at most, or at least, by `better`); null when none is set. */
  readonly goal: number | null;
}

/** A benchmark's results file. */
export interface BenchResults {
  readonly bench: string;
  /** The day of the run, YYYY-MM-DD (UTC). */
  readonly date: string;
  readonly node: string;
  readonly cores: number;
  readonly figures: readonly BenchFigure[];
}

/** A figure as a benchmark reports it: the ratio is computed, and the goal may be left out. */
export type FigureInput = Omit<BenchFigure, "ratio" | "goal"> & { readonly goal?: number | null };

export const RESULTS_DIR = join(import.meta.dirname, "results");

/** Four significant digits: enough for a chart, few enough that noise below them does not show as a change. */
function round(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(4)) : 0;
}

/** The results of one run: the figures with their ratios, and what the run was made on. */
export function benchResults(
  bench: string,
  figures: readonly FigureInput[],
  env: { readonly date: Date; readonly node: string; readonly cores: number } = {
    date: new Date(),
    node: process.version,
    cores: availableParallelism(),
  },
): BenchResults {
  return {
    bench,
    date: env.date.toISOString().slice(0, 10),
    node: env.node,
    cores: env.cores,
    figures: figures.map((f) => ({
      name: f.name,
      ours: round(f.ours),
      baseline: round(f.baseline),
      ratio: round(f.ours / f.baseline),
      unit: f.unit,
      better: f.better,
      goal: f.goal ?? null,
    })),
  };
}

/** The file's text: keys in the declared order whatever order the object was built in. */
export function resultsJson(r: BenchResults): string {
  const ordered = {
    bench: r.bench,
    date: r.date,
    node: r.node,
    cores: r.cores,
    figures: r.figures.map((f) => ({
      name: f.name,
      ours: f.ours,
      baseline: f.baseline,
      ratio: f.ratio,
      unit: f.unit,
      better: f.better,
      goal: f.goal,
    })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Records a benchmark's figures in bench/results/<bench>.json. */
export function recordBenchResults(bench: string, figures: readonly FigureInput[]): void {
  writeIfChanged(join(RESULTS_DIR, `${bench}.json`), resultsJson(benchResults(bench, figures)));
}
