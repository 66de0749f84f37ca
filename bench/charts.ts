// Benchmark results (bench/results.ts) rendered for docs/benchmarks.md: one SVG bar chart per
// benchmark and a markdown section with the figures table and the charts. Pure functions of the
// results, with no dependencies and no clock, so the same results give the same bytes.
import type { BenchFigure, BenchResults } from "./results.js";

export const BEGIN_MARKER = "<!-- BEGIN BENCH-RESULTS -->";
export const END_MARKER = "<!-- END BENCH-RESULTS -->";

const WIDTH = 840;
const LABEL_RIGHT = 350;
const BAR_LEFT = 360;
const BAR_SPAN = 260;
const ROW = 30;
const TOP = 56;
const MAX_LABEL = 48;

/** Text safe inside an SVG (XML) element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** A coordinate with one decimal, so floating-point noise never changes the bytes. */
function n(x: number): string {
  return (Math.round(x * 10) / 10).toFixed(1);
}

function shorten(label: string): string {
  return label.length <= MAX_LABEL ? label : `${label.slice(0, MAX_LABEL - 1)}…`;
}

/** The ratio as printed: `0.93×`, `12×`. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return "n/a";
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

/**
 * The scale's right end: the largest ratio or goal, or 1 (so the 1.0 line is always drawn), with
 * room for the label after the longest bar.
 */
function scaleMax(figures: readonly BenchFigure[]): number {
  const finite = figures.flatMap((f) => [f.ratio, f.goal ?? 0]).filter((r) => Number.isFinite(r) && r > 0);
  return Math.max(1, ...finite) * 1.15;
}

/** The width of a figure's bar: proportional to its ratio on the chart's scale, never negative. */
export function barWidth(ratio: number, max: number): number {
  return Number.isFinite(ratio) && ratio > 0 ? (ratio / max) * BAR_SPAN : 0;
}

/** The goal as printed: `≤ 1.50×` for a figure where lower is better, `≥ 2.00×` otherwise. */
export function formatGoal(f: BenchFigure): string | undefined {
  return f.goal === null ? undefined : `${f.better === "lower" ? "≤" : "≥"} ${formatRatio(f.goal)}`;
}

/** Whether a figure meets its goal; undefined when it has none. */
export function meetsGoal(f: BenchFigure): boolean | undefined {
  if (f.goal === null) return undefined;
  return f.better === "lower" ? f.ratio <= f.goal : f.ratio >= f.goal;
}

const FILL = { met: "#3b7dd8", missed: "#d8843b", none: "#9a9a9a" } as const;

/**
 * One horizontal bar per figure, its length the ratio ours / baseline, with a dashed line at 1.0
 * (as fast, or as big, as the baseline), a tick at the figure's goal if it has one, and each bar
 * labelled with its ratio and its goal (or which way is better) and coloured by whether it meets it.
 */
export function chartSvg(r: BenchResults): string {
  const max = scaleMax(r.figures);
  const height = TOP + r.figures.length * ROW + 28;
  const one = BAR_LEFT + barWidth(1, max);
  const bottom = TOP + r.figures.length * ROW;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="13">`,
    `  <title>${escapeXml(`${r.bench}: ours / baseline`)}</title>`,
    `  <rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `  <text x="16" y="22" font-size="15" font-weight="bold">${escapeXml(r.bench)}: ours / baseline</text>`,
    `  <text x="16" y="42" font-size="12" fill="#555555">${escapeXml(`${r.date}, node ${r.node}, ${r.cores} cores. Dashed: the baseline (1.0); tick: the goal; blue: met, orange: missed, grey: no goal`)}</text>`,
    // The 1.0 line is drawn first, so the bars and the ratio labels (with a white halo) lie over it.
    `  <line x1="${n(one)}" y1="${TOP - 4}" x2="${n(one)}" y2="${bottom + 4}" stroke="#222222" stroke-dasharray="4 3"/>`,
    `  <text x="${n(one)}" y="${bottom + 20}" text-anchor="middle" fill="#222222">1.0</text>`,
  ];
  r.figures.forEach((f, i) => {
    const y = TOP + i * ROW;
    const w = barWidth(f.ratio, max);
    const met = meetsGoal(f);
    const goal = formatGoal(f);
    const label =
      goal === undefined
        ? `${formatRatio(f.ratio)} (${f.better} is better)`
        : `${formatRatio(f.ratio)} (goal ${goal}: ${met ? "met" : "missed"})`;
    out.push(
      `  <text x="${LABEL_RIGHT}" y="${n(y + 19)}" text-anchor="end">${escapeXml(shorten(f.name))}</text>`,
      `  <rect x="${BAR_LEFT}" y="${n(y + 6)}" width="${n(w)}" height="18" fill="${met === undefined ? FILL.none : met ? FILL.met : FILL.missed}"/>`,
      `  <text x="${n(BAR_LEFT + w + 6)}" y="${n(y + 19)}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(label)}</text>`,
    );
    if (f.goal !== null) {
      const x = n(BAR_LEFT + barWidth(f.goal, max));
      out.push(`  <line x1="${x}" y1="${n(y + 2)}" x2="${x}" y2="${n(y + 28)}" stroke="#222222" stroke-width="2"/>`);
    }
  });
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}

/** A number as the table prints it: up to four significant digits, no exponent. */
function figure(x: number): string {
  if (!Number.isFinite(x)) return "n/a";
  return String(Number(x.toPrecision(4)));
}

function goalCell(f: BenchFigure): string {
  const goal = formatGoal(f);
  return goal === undefined ? "none" : `${goal} (${meetsGoal(f) ? "met" : "missed"})`;
}

/** Text safe in a markdown table cell. */
function cell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/[<>]/g, (c) => (c === "<" ? "&lt;" : "&gt;"))
    .replace(/\n/g, " ");
}

/**
 * The generated part of docs/benchmarks.md: for each benchmark (in name order), when and where it
 * ran, its figures table and its chart, an image in `chartDir` (relative to the page).
 */
export function resultsSection(results: readonly BenchResults[], chartDir = "benchmarks"): string {
  const sorted = [...results].sort((a, b) => (a.bench < b.bench ? -1 : a.bench > b.bench ? 1 : 0));
  const out: string[] = [
    "<!-- Generated by `npm run bench` (or `npm run bench:charts` from bench/results/*.json); do not edit by hand. -->",
    "",
  ];
  for (const r of sorted) {
    out.push(
      `### ${cell(r.bench)} results`,
      "",
      `Run on ${r.date}, node ${cell(r.node)}, ${r.cores} cores. Ratio is ours / baseline, both measured in the same run.`,
      "",
      "| figure | ours | baseline | unit | ratio | better | goal |",
      "| --- | ---: | ---: | --- | ---: | --- | --- |",
      ...r.figures.map(
        (f) =>
          `| ${cell(f.name)} | ${figure(f.ours)} | ${figure(f.baseline)} | ${cell(f.unit)} | ${formatRatio(f.ratio)} | ${f.better} | ${goalCell(f)} |`,
      ),
      "",
      `![${cell(r.bench)}: ours / baseline](${chartDir}/${encodeURIComponent(r.bench)}.svg)`,
      "",
    );
  }
  return out.join("\n");
}

/**
 * `doc` with the text between its BEGIN and END BENCH-RESULTS lines replaced by `section`; an
 * error when either line is missing, or out of order, rather than writing the section somewhere a
 * reader would not expect it.
 */
export function replaceSection(doc: string, section: string): string {
  const begin = doc.indexOf(BEGIN_MARKER);
  const end = doc.indexOf(END_MARKER);
  if (begin < 0 || end < 0 || end < begin) throw new Error(`the page has no ${BEGIN_MARKER} ... ${END_MARKER} lines to write between`);
  const head = doc.slice(0, begin + BEGIN_MARKER.length);
  const body = section.endsWith("\n") ? section : `${section}\n`;
  return `${head}\n${body}${doc.slice(end)}`;
}
