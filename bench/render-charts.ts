// `npm run bench:charts`: renders docs/benchmarks/<bench>.svg and the generated section of
// docs/benchmarks.md from the committed bench/results/*.json, without running any benchmark.
// `npm run bench` calls it after the benchmarks have written their results. Files are written only
// when their bytes change, so re-rendering unchanged results touches nothing.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chartSvg, replaceSection, resultsSection } from "./charts.js";
import { writeIfChanged } from "../src/fs/index.js";
import { RESULTS_DIR, type BenchFigure, type BenchResults } from "./results.js";

const repo = resolve(import.meta.dirname, "..");

/** A results file's contents, checked field by field so a hand-edited file fails with its name. */
export function parseResults(text: string, file: string): BenchResults {
  const bad = (what: string): never => {
    throw new Error(`${file}: ${what}`);
  };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return bad(`not JSON (${(e as Error).message})`);
  }
  if (typeof v !== "object" || v === null) return bad("not an object");
  const o = v as Record<string, unknown>;
  const str = (k: string, x: Record<string, unknown> = o): string => (typeof x[k] === "string" ? x[k] : bad(`"${k}" is not a string`));
  const num = (k: string, x: Record<string, unknown> = o): number => (typeof x[k] === "number" ? x[k] : bad(`"${k}" is not a number`));
  if (!Array.isArray(o["figures"])) return bad(`"figures" is not a list`);
  const figures = (o["figures"] as unknown[]).map((f, i): BenchFigure => {
    if (typeof f !== "object" || f === null) return bad(`figures[${i}] is not an object`);
    const x = f as Record<string, unknown>;
    const better =
      x["better"] === "lower" || x["better"] === "higher" ? x["better"] : bad(`figures[${i}].better is not "lower" or "higher"`);
    return {
      name: str("name", x),
      ours: num("ours", x),
      baseline: num("baseline", x),
      ratio: num("ratio", x),
      unit: str("unit", x),
      better,
      goal: x["goal"] === null ? null : num("goal", x),
    };
  });
  // The name becomes a file name under docs/benchmarks/: a benchmark file's name, nothing else.
  const bench = /^[a-z0-9][a-z0-9-]*$/.test(str("bench")) ? str("bench") : bad(`"bench" is not a benchmark file name`);
  return { bench, date: str("date"), node: str("node"), cores: num("cores"), figures };
}

/** Renders every results file; returns the files written (the ones whose bytes changed). */
export function renderCharts(resultsDir = RESULTS_DIR, docsDir = join(repo, "docs")): string[] {
  const files = readdirSync(resultsDir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const results = files.map((f) => parseResults(readFileSync(join(resultsDir, f), "utf8"), join(resultsDir, f)));
  const written: string[] = [];
  for (const r of results) {
    const svg = join(docsDir, "benchmarks", `${r.bench}.svg`);
    if (writeIfChanged(svg, chartSvg(r))) written.push(svg);
  }
  const page = join(docsDir, "benchmarks.md");
  if (writeIfChanged(page, replaceSection(readFileSync(page, "utf8"), resultsSection(results)))) written.push(page);
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const written = renderCharts();
    console.log(
      written.length === 0 ? "bench:charts: up to date" : `bench:charts: wrote ${written.map((f) => f.slice(repo.length + 1)).join(", ")}`,
    );
  } catch (e) {
    console.error(`bench:charts: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
