// Writes the marker reference into README.md from the marker declarations (src/vocab), so the
// docs cannot drift from what the parser accepts. test/docs/readme.test.ts checks it is current.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { markerReferenceMarkdown } from "../src/vocab/index.js";

/** README text with the marker section replaced by the current reference. */
export function withMarkerReference(readme: string): string {
  const begin = readme.indexOf("<!-- BEGIN MARKERS");
  const end = readme.indexOf("<!-- END MARKERS -->");
  if (begin < 0 || end < 0) throw new Error("README.md lacks the BEGIN/END MARKERS comments");
  const head = readme.slice(0, readme.indexOf("\n", begin) + 1);
  return `${head}\n${markerReferenceMarkdown().trim()}\n\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(import.meta.dirname, "../README.md");
  writeFileSync(path, withMarkerReference(readFileSync(path, "utf8")));
}
