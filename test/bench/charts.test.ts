// The benchmark charts and the generated section of docs/benchmarks.md (bench/charts.ts), and the
// results files they are rendered from (bench/results.ts, bench/render-charts.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BEGIN_MARKER, END_MARKER, barWidth, chartSvg, escapeXml, replaceSection, resultsSection } from "../../bench/charts.js";
import { benchResults, resultsJson, type BenchResults } from "../../bench/results.js";
import { parseResults, renderCharts } from "../../bench/render-charts.js";
import { tempDir } from "../helpers/fs.js";

const env = { date: new Date("2026-12-03T12:00:00Z"), node: "v20.20.2", cores: 2 };

const sample: BenchResults = benchResults(
  "demo",
  [
    { name: "half as slow", ours: 50, baseline: 100, unit: "ms", better: "lower" },
    { name: "twice as fast", ours: 200, baseline: 100, unit: "ops/ms", better: "higher", goal: 1.5 },
    { name: "the same", ours: 7, baseline: 7, unit: "ms", better: "lower" },
  ],
  env,
);

/** The bar rectangles (those with a fill other than the white background), in order. */
function bars(svg: string): { width: number; fill: string }[] {
  return [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="18" fill="(#[0-9a-f]{6})"\/>/g)].map((m) => ({
    width: Number(m[1]),
    fill: m[2]!,
  }));
}

/** Tags opened and closed in order, self-closing ones skipped: an empty stack at the end means well nested. */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)(?:\s[^<>]*?)?(\/?)>/g)) {
    if (m[3] === "/") continue;
    if (m[1] === "/") assert.equal(stack.pop(), m[2], `closing </${m[2]}> out of order`);
    else stack.push(m[2]!);
  }
  assert.deepEqual(stack, []);
  // Outside tags, no raw `<` or `&` that is not an entity.
  const text = svg.replace(/<[^<>]*>/g, "");
  assert.doesNotMatch(text, /[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
}

describe("bench results", () => {
  it("computes each ratio as ours / baseline and rounds to four significant digits", () => {
    assert.deepEqual(
      sample.figures.map((f) => f.ratio),
      [0.5, 2, 1],
    );
    const r = benchResults("x", [{ name: "n", ours: 1, baseline: 3, unit: "ms", better: "lower" }], env);
    assert.equal(r.figures[0]!.ratio, 0.3333);
    assert.equal(r.date, "2026-12-03");
  });

  it("writes keys in one order whatever order the object was built in", () => {
    const shuffled = {
      figures: [{ goal: null, better: "lower", unit: "ms", ratio: 0.5, baseline: 100, ours: 50, name: "n" }],
      cores: 2,
      node: "v20.20.2",
      date: "2026-12-03",
      bench: "demo",
    } as unknown as BenchResults;
    const text = resultsJson(shuffled);
    assert.deepEqual(Object.keys(JSON.parse(text) as object), ["bench", "date", "node", "cores", "figures"]);
    assert.ok(
      text.indexOf('"name"') < text.indexOf('"ours"') &&
        text.indexOf('"ratio"') < text.indexOf('"better"') &&
        text.indexOf('"better"') < text.indexOf('"goal"'),
    );
    assert.ok(text.endsWith("}\n"));
  });

  it("reads back what it writes, and refuses a malformed file naming it and the field", () => {
    assert.deepEqual(parseResults(resultsJson(sample), "demo.json"), sample);
    assert.throws(() => parseResults("{", "a.json"), /^Error: a\.json: not JSON/);
    assert.throws(() => parseResults(JSON.stringify({ ...sample, cores: "2" }), "b.json"), /b\.json: "cores" is not a number/);
    assert.throws(
      () => parseResults(JSON.stringify({ ...sample, bench: "../../etc/x" }), "c.json"),
      /c\.json: "bench" is not a benchmark file name/,
    );
    const badFigure = { ...sample, figures: [{ ...sample.figures[0], better: "faster" }] };
    assert.throws(() => parseResults(JSON.stringify(badFigure), "d.json"), /figures\[0\]\.better/);
    const badGoal = { ...sample, figures: [{ ...sample.figures[0], goal: "2x" }] };
    assert.throws(() => parseResults(JSON.stringify(badGoal), "e.json"), /e\.json: "goal" is not a number/);
  });
});

describe("chartSvg", () => {
  it("is a well-formed SVG with one bar, name and ratio label per figure", () => {
    const svg = chartSvg(sample);
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>\n/);
    assert.ok(svg.endsWith("</svg>\n"));
    assertWellFormed(svg);
    assert.equal(bars(svg).length, 3);
    for (const label of ["half as slow", "twice as fast", "the same", "0.50× (lower is better)", "2.00× (goal ≥ 1.50×: met)", "1.00×"])
      assert.ok(svg.includes(label), label);
  });

  it("draws bars proportional to the ratios, and the 1.0 line where a ratio of 1 ends", () => {
    const svg = chartSvg(sample);
    const [half, twice, same] = bars(svg).map((b) => b.width);
    assert.ok(half! > 0);
    assert.ok(Math.abs(twice! / half! - 4) < 0.01, `${twice} / ${half}`);
    assert.ok(Math.abs(same! / half! - 2) < 0.01, `${same} / ${half}`);
    const line = /<line x1="([\d.]+)"/.exec(svg);
    const barLeft = Number(/<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+" height="18"/.exec(svg)![1]);
    assert.ok(Math.abs(Number(line![1]) - (barLeft + same!)) < 0.11, "the dashed line is at ratio 1.0");
    assert.equal(barWidth(-1, 2), 0);
    assert.equal(barWidth(Number.NaN, 2), 0);
  });

  it("colours a bar by whether its ratio meets its goal, in the figure's direction, and grey without one", () => {
    const r = benchResults(
      "c",
      [
        { name: "slower time", ours: 2, baseline: 1, unit: "ms", better: "lower", goal: 1 },
        { name: "faster time", ours: 1, baseline: 2, unit: "ms", better: "lower", goal: 1 },
        { name: "lower throughput", ours: 1, baseline: 2, unit: "ops/ms", better: "higher", goal: 1 },
        { name: "higher throughput", ours: 3, baseline: 1, unit: "ops/ms", better: "higher", goal: 2 },
        { name: "no goal", ours: 3, baseline: 1, unit: "ops/ms", better: "higher" },
      ],
      env,
    );
    const svg = chartSvg(r);
    const [slow, fast, low, high, none] = bars(svg).map((b) => b.fill);
    assert.equal(slow, low);
    assert.equal(fast, high);
    assert.notEqual(slow, fast);
    assert.ok(none !== slow && none !== fast);
    for (const label of [
      "2.00× (goal ≤ 1.00×: missed)",
      "0.50× (goal ≤ 1.00×: met)",
      "0.50× (goal ≥ 1.00×: missed)",
      "3.00× (goal ≥ 2.00×: met)",
      "3.00× (higher is better)",
    ])
      assert.ok(svg.includes(label), label);
  });

  it("draws a tick at each goal, where a bar of the goal's ratio would end", () => {
    const r = benchResults(
      "g",
      [
        { name: "a", ours: 1, baseline: 1, unit: "ms", better: "lower", goal: 1.5 },
        { name: "b", ours: 1, baseline: 1, unit: "ms", better: "lower" },
      ],
      env,
    );
    const svg = chartSvg(r);
    const ticks = [...svg.matchAll(/<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" stroke="#222222" stroke-width="2"\/>/g)];
    assert.equal(ticks.length, 1, "only the figure with a goal has a tick");
    const barLeft = Number(/<rect x="([\d.]+)" y="[\d.]+" width="[\d.]+" height="18"/.exec(svg)![1]);
    const one = bars(svg)[0]!.width;
    assert.ok(Math.abs(Number(ticks[0]![1]) - barLeft - 1.5 * one) < 0.2, `${ticks[0]![1]} vs ${barLeft} + 1.5 × ${one}`);
  });

  it("keeps the 1.0 line on the chart when every ratio is below it", () => {
    const r = benchResults("small", [{ name: "tiny", ours: 1, baseline: 100, unit: "ms", better: "lower" }], env);
    const svg = chartSvg(r);
    const width = Number(/<svg [^>]*width="(\d+)"/.exec(svg)![1]);
    assert.ok(Number(/<line x1="([\d.]+)"/.exec(svg)![1]) < width);
    assert.ok(bars(svg)[0]!.width > 0);
  });

  it("escapes hostile labels, names and node versions", () => {
    const hostile = benchResults(
      'x"><script>alert(1)</script>',
      [{ name: `</text><a href="javascript:0">&amp; 'q'`, ours: 1, baseline: 2, unit: "ms", better: "lower" }],
      { ...env, node: "<v20>" },
    );
    const svg = chartSvg(hostile);
    assertWellFormed(svg);
    assert.doesNotMatch(svg, /<script|<a |<v20>/);
    assert.ok(svg.includes("&lt;/text&gt;&lt;a href=&quot;javascript:0&quot;&gt;&amp;amp; &apos;q&apos;"));
    assert.equal(escapeXml(`<&>"'`), "&lt;&amp;&gt;&quot;&apos;");
  });

  it("gives the same bytes for the same input, and different bytes when a figure changes", () => {
    const again = benchResults(
      "demo",
      sample.figures.map((f) => ({
        name: f.name,
        ours: f.ours,
        baseline: f.baseline,
        unit: f.unit,
        better: f.better,
        goal: f.goal,
      })),
      env,
    );
    assert.equal(chartSvg(again), chartSvg(sample));
    const changed = benchResults(
      "demo",
      sample.figures.map((f, i) => ({ name: f.name, ours: i === 0 ? 60 : f.ours, baseline: f.baseline, unit: f.unit, better: f.better })),
      env,
    );
    assert.notEqual(chartSvg(changed), chartSvg(sample));
  });
});

describe("resultsSection and replaceSection", () => {
  const other = benchResults("alpha", [{ name: "a | b", ours: 1.23456, baseline: 2, unit: "ms", better: "lower" }], env);

  it("lists each benchmark in name order with its figures table and its chart", () => {
    const md = resultsSection([sample, other]);
    assert.ok(md.indexOf("### alpha results") < md.indexOf("### demo results"));
    assert.ok(md.includes("| a \\| b | 1.235 | 2 | ms | 0.62× | lower | none |"), md);
    assert.ok(md.includes("| twice as fast | 200 | 100 | ops/ms | 2.00× | higher | ≥ 1.50× (met) |"));
    assert.ok(md.includes("![demo: ours / baseline](benchmarks/demo.svg)"));
    assert.ok(md.includes("Run on 2026-12-03, node v20.20.2, 2 cores."));
    assert.equal(resultsSection([other, sample]), md, "input order does not matter");
  });

  it("replaces only the text between the two marker lines, and again gives the same page", () => {
    const page = `# Benchmarks\n\nIntro.\n\n${BEGIN_MARKER}\nold figures\n${END_MARKER}\n\nAfter.\n`;
    const once = replaceSection(page, resultsSection([sample]));
    assert.ok(once.startsWith(`# Benchmarks\n\nIntro.\n\n${BEGIN_MARKER}\n`));
    assert.ok(once.endsWith(`${END_MARKER}\n\nAfter.\n`));
    assert.doesNotMatch(once, /old figures/);
    assert.ok(once.includes("### demo results"));
    assert.equal(replaceSection(once, resultsSection([sample])), once);
  });

  it("refuses a page without both marker lines in order", () => {
    assert.throws(() => replaceSection("# Benchmarks\n", "x"), /BEGIN BENCH-RESULTS/);
    assert.throws(() => replaceSection(`${END_MARKER}\n${BEGIN_MARKER}\n`, "x"), /BEGIN BENCH-RESULTS/);
  });
});

describe("renderCharts", () => {
  it("writes a chart per results file and the page's section, then nothing when re-run", () => {
    const dir = tempDir();
    const results = join(dir, "results");
    const docs = join(dir, "docs");
    mkdirSync(results);
    mkdirSync(docs);
    writeFileSync(join(results, "demo.json"), resultsJson(sample));
    writeFileSync(join(results, "alpha.json"), resultsJson(other()));
    writeFileSync(join(docs, "benchmarks.md"), `# Benchmarks\n\n${BEGIN_MARKER}\n${END_MARKER}\n`);
    const written = renderCharts(results, docs).map((f) => f.slice(docs.length + 1));
    assert.deepEqual(written, ["benchmarks/alpha.svg", "benchmarks/demo.svg", "benchmarks.md"]);
    assert.equal(readFileSync(join(docs, "benchmarks/demo.svg"), "utf8"), chartSvg(sample));
    assert.ok(readFileSync(join(docs, "benchmarks.md"), "utf8").includes(resultsSection([sample, other()])));
    const mtime = statSync(join(docs, "benchmarks.md")).mtimeMs;
    assert.deepEqual(renderCharts(results, docs), []);
    assert.equal(statSync(join(docs, "benchmarks.md")).mtimeMs, mtime);
  });

  function other(): BenchResults {
    return benchResults("alpha", [{ name: "a", ours: 1, baseline: 2, unit: "ms", better: "lower" }], env);
  }
});
