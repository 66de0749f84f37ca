// `kube-codegen markers [filter]`: the whole reference without a filter, only the matching
// entries (under their section headings) with one, and exit 2 when nothing matches.
import { test } from "node:test";
import assert from "node:assert/strict";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { filterMarkerHelp } from "../../src/cli/markers-command.js";

async function run(...argv: string[]) {
  const out = Console.memory();
  const code = await main(argv, out);
  return { code, stdout: out.stdout.join("\n"), stderr: out.stderr.join("\n") };
}

test("markers with a filter prints only the entries whose name contains it, under their heading", async () => {
  const all = await run("markers");
  const some = await run("markers", "printcolumn");
  assert.equal(some.code, 0, some.stderr);
  assert.match(some.stdout, /^kubectl columns and field selectors\n=+\n {2}\+kubebuilder:printcolumn:name=/);
  assert.match(some.stdout, /example: \+kubebuilder:printcolumn:/);
  assert.doesNotMatch(some.stdout, /\+kubebuilder:validation:Minimum/);
  assert.ok(some.stdout.length < all.stdout.length / 10);
});

test("the filter ignores case and a leading +, and finds diagnostic codes", async () => {
  const r = await run("markers", "+KUBEBUILDER:VALIDATION:MINIMUM");
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^ {2}\+kubebuilder:validation:Minimum=<number>$/m);
  assert.doesNotMatch(r.stdout, /^ {2}\+.*(items:Minimum|ExclusiveMinimum)/m);
  const d = await run("markers", "KCG1105");
  assert.match(d.stdout, /^Diagnostics\n=+\n {2}KCG1105 \(error\)/);
});

test("a filter that matches nothing exits 2 and says so", async () => {
  const r = await run("markers", "nothinglikethis");
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /no marker name contains "nothinglikethis"/);
});

test("filterMarkerHelp keeps one heading per section and every continuation line of an entry", () => {
  const text = [
    "intro",
    "",
    "A",
    "=",
    "  +a:one",
    "      on: type",
    "  +b",
    "      on: field",
    "",
    "B",
    "=",
    "  +a:two",
    "      on: package",
    "",
  ]
    .join("\n")
    .replace(/\n=\n/g, "\n===\n");
  assert.equal(
    filterMarkerHelp(text, "a:"),
    ["A", "===", "  +a:one", "      on: type", "", "B", "===", "  +a:two", "      on: package"].join("\n"),
  );
  assert.equal(filterMarkerHelp(text, "zzz"), undefined);
});
