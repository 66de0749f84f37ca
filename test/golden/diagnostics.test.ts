// The diagnostics corpus: each case is a bad input package with the exact diagnostic lines it
// must produce. Every case must exit 2 and write nothing. UPDATE_GOLDEN=1 rewrites expected.txt.
// A case may hold flags.json: options (as a config file spells them) that the run adds to the
// defaults below, for problems with the options themselves (the config family).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatDiagnosticLine } from "../../src/diagnostics/index.js";
import { runPipeline } from "../../src/pipeline.js";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { flagOf, resolveOptions, type RawOptions } from "../../src/config/index.js";
import { copyToTemp, snapshot } from "../helpers/fs.js";

const root = join(import.meta.dirname, "diagnostics");
const update = process.env["UPDATE_GOLDEN"] === "1";

const cases: string[] = [];
for (const family of readdirSync(root).sort()) {
  for (const c of readdirSync(join(root, family)).sort())
    if (existsSync(join(root, family, c, "input")) || existsSync(join(root, family, c, "flags.json"))) cases.push(join(family, c));
}

test("the corpus has at least 30 foundation cases", () => {
  assert.ok(cases.filter((c) => c.startsWith("foundation")).length >= 30, `only ${cases.length} cases`);
});

for (const c of cases) {
  test(`diagnostics: ${c}`, async () => {
    const dir = join(root, c);
    const flags: RawOptions = { input: "input", output: "out", crdOutput: "out/crds", ...readFlags(dir) };
    const resolved = resolveOptions(flags, dir);
    const result = resolved.options ? await runPipeline(resolved.options) : { diagnostics: resolved.diagnostics, files: [] };
    const lines = result.diagnostics.map((d) => formatDiagnosticLine(d) + (d.hint ? `\n  hint: ${d.hint}` : "")).join("\n") + "\n";
    const expectedFile = join(dir, "expected.txt");
    if (update) writeFileSync(expectedFile, lines);
    assert.equal(lines, readFileSync(expectedFile, "utf8"));
    assert.ok(
      result.diagnostics.some((d) => d.severity === "error"),
      "a corpus case must have an error",
    );
    assert.equal(result.files.length, 0, "no files may be produced when there are errors");
    // Through the CLI: exit code 2, and the directory is byte-for-byte as before.
    const tmp = copyToTemp(dir);
    const before = snapshot(tmp);
    const out = Console.memory();
    const code = await main(["generate", ...flagArgs(flags)], out, tmp);
    assert.equal(code, 2);
    assert.deepEqual(snapshot(tmp), before);
    // Bad options stop the run before generation starts, so only a generation run can say so.
    if (resolved.options) assert.match(out.stderr.join("\n"), /nothing was written/);
    else assert.match(out.stderr.join("\n"), new RegExp(`error ${result.diagnostics[0]!.code}:`));
    assert.doesNotMatch(out.stderr.join("\n"), /\n\s+at .*\(.*:\d+:\d+\)/, "no stack trace");
  });
}

function readFlags(dir: string): RawOptions {
  const file = join(dir, "flags.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as RawOptions) : {};
}

/** The same options as command-line flags, named by the option table: `crdOutput: "x"` is `--crd-output=x`. */
function flagArgs(flags: RawOptions): string[] {
  return Object.entries(flags).map(([k, v]) => `${flagOf(k)}=${Array.isArray(v) ? v.join(",") : String(v)}`);
}
