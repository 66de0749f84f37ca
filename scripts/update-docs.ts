// Writes the generated sections of the reference pages under docs/reference/: the marker reference
// from the marker declarations (src/vocab), the diagnostic codes from the code table
// (src/diagnostics/codes.ts) and the option table (src/config/option-table.ts), so the docs cannot
// drift from what the parser accepts, the tool reports and the command line takes.
// test/docs/reference.test.ts checks all are current. A page is written only when its bytes
// change, so a run that changes nothing leaves every file (and its mtime) alone.
//
//   node --import tsx scripts/update-docs.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { optionTable, type OptionSpec } from "../src/config/index.js";
import { writeIfChanged } from "../src/fs/index.js";
import { diagnosticReferenceMarkdown } from "../src/diagnostics/index.js";
import { markerReferenceMarkdown } from "../src/vocab/index.js";

/** Replaces the text between `<!-- BEGIN name ... -->` and `<!-- END name -->` with `body`. */
function withSection(page: string, name: string, body: string): string {
  const begin = page.indexOf(`<!-- BEGIN ${name}`);
  const end = page.indexOf(`<!-- END ${name} -->`);
  if (begin < 0 || end < 0) throw new Error(`the page lacks the BEGIN/END ${name} comments`);
  const head = page.slice(0, page.indexOf("\n", begin) + 1);
  return `${head}\n${body.trim()}\n\n${page.slice(end)}`;
}

/** Page text with the marker section replaced by the current reference. */
export function withMarkerReference(page: string): string {
  return withSection(page, "MARKERS", markerReferenceMarkdown());
}

/** Page text with the diagnostic codes section replaced by the current table. */
export function withDiagnosticCodes(page: string): string {
  return withSection(page, "DIAGNOSTICS", diagnosticReferenceMarkdown());
}

/** Page text with the option table replaced by one generated from src/config's table. */
export function withOptionTable(page: string): string {
  const begin = page.indexOf("<!-- BEGIN OPTIONS");
  const end = page.indexOf("<!-- END OPTIONS -->");
  if (begin < 0 || end < 0) throw new Error("the page lacks the BEGIN/END OPTIONS comments");
  const head = page.slice(0, page.indexOf("\n", begin) + 1);
  const rows = (optionTable as readonly OptionSpec[]).map((o) => {
    const key = o.inConfigFile ? `\`${o.key}\`` : "—";
    const shown = o.default !== undefined ? `\`${o.default}\`` : (o.defaultText ?? "");
    return `| \`--${o.flag}\` | ${key} | ${shown} | ${o.description} |`;
  });
  return `${head}| flag | config key | default | meaning |\n| --- | --- | --- | --- |\n${rows.join("\n")}\n${page.slice(end)}`;
}

/** Each page with generated sections (relative to the repository root) and what makes them current. */
export const generatedPages: readonly { readonly path: string; readonly update: (page: string) => string }[] = [
  { path: "docs/reference/markers.md", update: withMarkerReference },
  { path: "docs/reference/diagnostics.md", update: withDiagnosticCodes },
  { path: "docs/reference/config.md", update: withOptionTable },
];

/** Makes every generated page under `root` current; returns the pages it wrote (none when all were). */
export function updateDocs(root: string): string[] {
  const written: string[] = [];
  for (const page of generatedPages) {
    const file = join(root, page.path);
    if (writeIfChanged(file, page.update(readFileSync(file, "utf8")))) written.push(page.path);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const path of updateDocs(join(import.meta.dirname, ".."))) console.log(`update-docs: wrote ${path}`);
}
