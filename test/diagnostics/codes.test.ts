// The code table against what the tool emits, both ways: every declared code (so every code
// docs/reference/diagnostics.md lists) is emitted by some case of the diagnostics corpus (or, for file-system shapes
// the corpus cannot hold, by a named test), and every code the corpus
// emits is declared. The corpus is test/golden/diagnostics/<family>/<case>: a real input and the
// exact lines the tool prints for it (checked by test/golden/diagnostics.test.ts). That nothing
// in src/ emits an undeclared code is the compiler's job: Diagnostic.code is the table's union.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Code, codeFamilies, diagnosticCodes, diagnosticReferenceMarkdown, errorAt, warningAt } from "../../src/diagnostics/index.js";

const corpus = join(import.meta.dirname, "../golden/diagnostics");

/**
 * Codes whose input is a file-system shape the corpus cannot hold (git keeps no FIFOs, file modes
 * or links that loop, and output-stage problems come after the pipeline the corpus runs): each is
 * emitted instead by the named test file, which asserts the printed line, its severity included.
 */
const coveredByNamedTests: ReadonlyMap<string, string> = new Map([
  [Code.unreadablePath, "../robustness/file-system.test.ts"],
  [Code.danglingSymlink, "../robustness/file-system.test.ts"],
  [Code.symlinkLoop, "../robustness/file-system.test.ts"],
  [Code.specialFileSkipped, "../robustness/file-system.test.ts"],
  [Code.cannotWrite, "../robustness/file-system.test.ts"],
  [Code.handWrittenFile, "../robustness/file-system.test.ts"],
  // kube-codegen import's codes: the corpus runs generate, so the import tests assert them.
  [Code.importBadYaml, "../import/diagnostics.test.ts"],
  [Code.importNotCrd, "../import/diagnostics.test.ts"],
  [Code.importUnexpressible, "../import/diagnostics.test.ts"],
  [Code.importDescriptionChanged, "../import/hostile.test.ts"],
  [Code.importWouldOverwrite, "../import/diagnostics.test.ts"],
  // kube-codegen init and create api's codes: the scaffolding tests assert them.
  [Code.scaffoldWouldOverwrite, "../scaffold/scaffold.test.ts"],
  [Code.scaffoldBadName, "../scaffold/scaffold.test.ts"],
  [Code.scaffoldNoProject, "../scaffold/scaffold.test.ts"],
  [Code.scaffoldKindExists, "../scaffold/scaffold.test.ts"],
  [Code.scaffoldMarkerMissing, "../scaffold/scaffold.test.ts"],
  [Code.scaffoldNoApi, "../scaffold/webhook.test.ts"],
  [Code.scaffoldNoWebhook, "../scaffold/webhook.test.ts"],
  [Code.scaffoldWebhookExists, "../scaffold/webhook.test.ts"],
]);

/** Code → the corpus cases whose expected output has it, with the severity it was printed at. */
function emittedByCorpus(): Map<string, { cases: string[]; severities: Set<string> }> {
  const out = new Map<string, { cases: string[]; severities: Set<string> }>();
  for (const family of readdirSync(corpus).sort()) {
    for (const c of readdirSync(join(corpus, family)).sort()) {
      const file = join(corpus, family, c, "expected.txt");
      if (!existsSync(file)) continue;
      for (const m of readFileSync(file, "utf8").matchAll(/(?:^|- )(error|warning) (KCG\d{4}): /gm)) {
        const e = out.get(m[2]!) ?? { cases: [], severities: new Set<string>() };
        e.cases.push(`${family}/${c}`);
        e.severities.add(m[1]!);
        out.set(m[2]!, e);
      }
    }
  }
  return out;
}

test("every declared code is emitted by a corpus case, and every emitted code is declared", () => {
  const emitted = emittedByCorpus();
  const declared = diagnosticCodes.map((c) => c.code);
  assert.deepEqual(
    declared.filter((c) => !emitted.has(c) && !coveredByNamedTests.has(c)),
    [],
    "declared codes no corpus case emits: add a case, or retire the code",
  );
  assert.deepEqual(
    [...emitted.keys()].filter((c) => !(declared as string[]).includes(c)).sort(),
    [],
    "emitted codes missing from src/diagnostics/codes.ts",
  );
});

test("each code outside the corpus is asserted by its named test file", () => {
  const emitted = emittedByCorpus();
  for (const [code, file] of coveredByNamedTests) {
    const row = diagnosticCodes.find((c) => c.code === code)!;
    assert.ok(!emitted.has(code), `${code} has a corpus case now: drop it from coveredByNamedTests`);
    assert.ok(readFileSync(join(import.meta.dirname, file), "utf8").includes(`Code.${row.name}`), `${file} never names Code.${row.name}`);
  }
});

test("each code is printed at the severity the table declares", () => {
  const emitted = emittedByCorpus();
  for (const c of diagnosticCodes.filter((d) => !coveredByNamedTests.has(d.code)))
    assert.deepEqual([...(emitted.get(c.code)?.severities ?? [])], [c.severity], `${c.code} in ${emitted.get(c.code)?.cases.join(", ")}`);
});

test("the table: one row per code, in a known family, each with a meaning and an example", () => {
  const codes = diagnosticCodes.map((c) => c.code);
  assert.equal(new Set(codes).size, codes.length, "a code is declared twice");
  assert.deepEqual(codes, [...codes].sort());
  const families = codeFamilies.map((f) => f.digits as string);
  for (const c of diagnosticCodes) {
    assert.match(c.code, /^KCG1[0-8]\d\d$/);
    assert.ok(families.includes(c.code.slice(3, 5)), c.code);
    assert.equal(Code[c.name], c.code);
    assert.ok(c.meaning.length > 15 && !c.meaning.includes("\n"), `${c.code}: a one-line meaning`);
    assert.ok(c.example.length > 0, `${c.code}: an example`);
  }
  assert.equal(Object.keys(Code).length, codes.length);
  for (const f of codeFamilies)
    assert.ok(
      diagnosticCodes.some((c) => c.family === f.digits),
      `family ${f.digits} is empty`,
    );
});

test("the diagnostic codes reference has a table per family and a row per code", () => {
  const md = diagnosticReferenceMarkdown();
  for (const f of codeFamilies) assert.ok(md.includes(`\n### ${f.title}\n`), f.title);
  const rows = md.split("\n").filter((l) => /^\| KCG\d{4} \|/.test(l));
  assert.deepEqual(
    rows.map((r) => r.slice(2, 9)),
    diagnosticCodes.map((c) => c.code),
  );
  // A | inside a meaning or example must not split the row.
  assert.ok(md.includes("T \\| null"));
});

test("errorAt and warningAt take only codes of their severity", () => {
  assert.equal(errorAt(undefined, Code.undeclaredType, "m").severity, "error");
  assert.equal(warningAt(undefined, Code.deprecatedMarker, "m").severity, "warning");
  // @ts-expect-error KCG1110 is declared as a warning
  errorAt(undefined, Code.deprecatedMarker, "m");
  // @ts-expect-error KCG1205 is declared as an error
  warningAt(undefined, Code.undeclaredType, "m");
  // @ts-expect-error KCG1999 is not declared
  errorAt(undefined, "KCG1999", "m");
});
