// Writes the generated sections of README.md: the marker reference from the marker declarations
// (src/vocab), the diagnostic codes from the code table (src/diagnostics/codes.ts) and the option
// table (src/config/option-table.ts), so the docs cannot drift from what the parser accepts, the
// tool reports and the command line takes. test/docs/readme.test.ts checks all are current.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { optionTable, type OptionSpec } from "../src/config/index.js";
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
  return withOptionTable(withDiagnosticCodes(withMarkerReference(readme)));
}

/** README text with the option table replaced by one generated from src/config's table. */
export function withOptionTable(readme: string): string {
  const begin = readme.indexOf("<!-- BEGIN OPTIONS");
  const end = readme.indexOf("<!-- END OPTIONS -->");
  if (begin < 0 || end < 0) throw new Error("README.md lacks the BEGIN/END OPTIONS comments");
  const head = readme.slice(0, readme.indexOf("\n", begin) + 1);
  const rows = (optionTable as readonly OptionSpec[]).map((o) => {
    const key = o.inConfigFile ? `\`${o.key}\`` : "—";
    const shown = o.default !== undefined ? `\`${o.default}\`` : (o.defaultText ?? "");
    return `| \`--${o.flag}\` | ${key} | ${shown} | ${o.description} |`;
  });
  return `${head}| flag | config key | default | meaning |\n| --- | --- | --- | --- |\n${rows.join("\n")}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(import.meta.dirname, "../README.md");
  writeFileSync(path, withGeneratedSections(readFileSync(path, "utf8")));
}
