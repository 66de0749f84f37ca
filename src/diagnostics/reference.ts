import { codeFamilies, diagnosticCodes } from "./codes.js";
import { inlineCode, markdownCell } from "./markdown.js";

/** The "Diagnostic codes" section of docs/reference/diagnostics.md: one table per family, generated from codes.ts. */
export function diagnosticReferenceMarkdown(): string {
  const out: string[] = [
    "## Diagnostic codes",
    "",
    "Generated from the code table in `src/diagnostics/codes.ts`. Errors stop generation (exit 2, nothing written); warnings are printed only.",
    "",
  ];
  for (const family of codeFamilies) {
    out.push(`### ${family.title}`, "", "| Code | Severity | Meaning | Example |", "| --- | --- | --- | --- |");
    for (const c of diagnosticCodes.filter((x) => x.family === family.digits))
      out.push(
        `| ${c.code} | ${c.severity} | ${markdownCell(c.meaning)} | ${markdownCell(inlineCode(c.example))}${c.where ? ` ${markdownCell(c.where)}` : ""} |`,
      );
    out.push("");
  }
  return out.join("\n");
}
