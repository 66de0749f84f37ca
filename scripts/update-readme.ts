// Writes the marker reference (from the marker declarations, src/vocab) and the option table (from
// src/config's option table) into README.md, so the docs cannot drift from what the parser and the
// command line accept. test/docs/readme.test.ts checks both are current.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { optionTable, type OptionSpec } from "../src/config/index.js";
import { markerReferenceMarkdown } from "../src/vocab/index.js";

/** README text with the marker section replaced by the current reference. */
export function withMarkerReference(readme: string): string {
  const begin = readme.indexOf("<!-- BEGIN MARKERS");
  const end = readme.indexOf("<!-- END MARKERS -->");
  if (begin < 0 || end < 0) throw new Error("README.md lacks the BEGIN/END MARKERS comments");
  const head = readme.slice(0, readme.indexOf("\n", begin) + 1);
  return `${head}\n${markerReferenceMarkdown().trim()}\n\n${readme.slice(end)}`;
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
  writeFileSync(path, withOptionTable(withMarkerReference(readFileSync(path, "utf8"))));
}
