// Writes the generated sections of README.md: the marker reference from the marker declarations
// (src/vocab) and the diagnostic codes from the code table (src/diagnostics/codes.ts), so the docs
// cannot drift from what the parser accepts and the tool reports. test/docs/readme.test.ts
// checks both are current.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diagnosticReferenceMarkdown } from "../src/diagnostics/index.js";
import { markerReferenceMarkdown } from "../src/vocab/index.js";

/** Replaces the text between `<!-- BEGIN name ... -->` and `<!-- END name -->` with `body`. */
function withSection(readme: string, name: string, body: string): string {
  const begin = readme.indexOf(`<!-- BEGIN ${name}`);
  const end = readme.indexOf(`<!-- END ${name} -->`);
  if (begin < 0 || end < 0) throw new Error(`README.md lacks the BEGIN/END ${name} comments`);
  const head = readme.slice(0, readme.indexOf("\n", begin) + 1);
  return `${head}\n${body.trim()}\n\n${readme.slice(end)}`;
}

/** README text with the marker section replaced by the current reference. */
export function withMarkerReference(readme: string): string {
  return withSection(readme, "MARKERS", markerReferenceMarkdown());
}

/** README text with the diagnostic codes section replaced by the current table. */
export function withDiagnosticCodes(readme: string): string {
  return withSection(readme, "DIAGNOSTICS", diagnosticReferenceMarkdown());
}

/** README text with every generated section current. */
export function withGeneratedSections(readme: string): string {
  return withDiagnosticCodes(withMarkerReference(readme));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(import.meta.dirname, "../README.md");
  writeFileSync(path, withGeneratedSections(readFileSync(path, "utf8")));
}
