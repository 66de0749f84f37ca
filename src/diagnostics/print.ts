import type { Diagnostic } from "./diagnostic.js";

/**
 * Formats a diagnostic like tsc does: `file:line:col - error CODE: message`, then the
 * source line with a caret under the span, then the hint.
 * `sources` maps a file path to its text, for the excerpt; a missing file just has no excerpt.
 */
export function formatDiagnostic(d: Diagnostic, sources?: ReadonlyMap<string, string>): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.col ?? 1}` : ""} - ` : "";
  const lines = [`${where}${d.severity} ${d.code}: ${d.message}`];
  const text = d.file ? sources?.get(d.file) : undefined;
  if (text !== undefined && d.line) {
    const src = text.split(/\r?\n/)[d.line - 1];
    if (src !== undefined) {
      const gutter = String(d.line);
      const col = Math.max(1, d.col ?? 1);
      const len = Math.max(1, Math.min(d.length ?? 1, src.length - col + 1));
      lines.push("", `${gutter} ${src}`, `${" ".repeat(gutter.length)} ${" ".repeat(col - 1)}${"~".repeat(len)}`);
    }
  }
  if (d.hint) lines.push(`  hint: ${d.hint}`);
  return lines.join("\n");
}

/** The one-line form used by the diagnostics goldens: `file:line:col - error CODE: message`. */
export function formatDiagnosticLine(d: Diagnostic): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}:${d.col ?? 1}` : ""} - ` : "";
  return `${where}${d.severity} ${d.code}: ${d.message}`;
}
