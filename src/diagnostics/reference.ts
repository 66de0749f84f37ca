import { codeFamilies, diagnosticCodes } from "./codes.js";

/** The README's "Diagnostic codes" section: one table per family, generated from codes.ts. */
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
      out.push(`| ${c.code} | ${c.severity} | ${cell(c.meaning)} | ${cell(inlineCode(c.example))}${c.where ? ` ${cell(c.where)}` : ""} |`);
    out.push("");
  }
  return out.join("\n");
}

/** Escapes text for a Markdown table cell. */
function cell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Inline code that survives backticks inside (Markdown's longer-fence rule). */
function inlineCode(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(longest + 1);
  const pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
  return `${fence}${pad}${s}${pad}${fence}`;
}
