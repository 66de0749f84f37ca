import { isMarkerLine, parseMarkers, type CommentLine } from "../markers/index.js";
import { kubernetesMarkers } from "../vocab/index.js";

/** A description as `//` comment lines, and why it does not read back as written (undefined when it does). */
export interface DocLines {
  readonly lines: readonly string[];
  readonly problem?: string;
}

// Characters that end a line in TypeScript besides "\n": inside a `//` comment they would end it
// and let the rest of the text be read as code.
const LINE_BREAKERS = /[\r\u2028\u2029]/g;

/**
 * Splits a description into comment lines that the marker parser reads back as the same
 * description: lines it would take for markers (or look-alikes of markers) get a leading `\`,
 * line-ending characters become spaces, and what still differs (doc-comment rules: trailing
 * spaces, doubled blank lines, TODO and --- lines) is reported.
 */
export function docLines(description: string | undefined): DocLines {
  if (description === undefined || description === "") return { lines: [] };
  const problems: string[] = [];
  if (/[\r\u2028\u2029]/.test(description)) problems.push("carriage returns and line separators become spaces");
  const lines = description
    .replace(LINE_BREAKERS, " ")
    .split("\n")
    .map((l) => {
      if (!readsAsMarker(l)) return l;
      problems.push(`a line starting with + would be read as a marker, so it gets a leading \\`);
      return `\\${l}`;
    });
  const kept = keepBlankLines(lines);
  if (readBack(kept) === description.replace(LINE_BREAKERS, " "))
    return problems.length > 0 ? { lines: kept, problem: problems.join("; ") } : { lines: kept };
  const back = readBack(lines);
  if (problems.length === 0 && back !== description)
    problems.push("doc comments drop trailing spaces, leading, trailing and doubled blank lines, and TODO and --- lines");
  return problems.length > 0 ? { lines, problem: [...new Set(problems)].join("; ") } : { lines };
}

/**
 * Blank lines that doc comments would drop, kept with the doc-comment rules themselves: a `TODO`
 * line (which is dropped after the blank line before it is kept) holds a leading blank line or one
 * of a run, and a final `---` line (which ends the text) holds a trailing one. controller-gen's
 * CRDs have such descriptions (`text\n`) when a Go comment ended in a TODO paragraph.
 */
function keepBlankLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let blanks = 0;
  const flush = () => {
    if (blanks === 0) return;
    if (out.length === 0) {
      out.push("TODO");
      out.push("");
    } else out.push("");
    for (let i = 1; i < blanks; i++) out.push("TODO", "");
    blanks = 0;
  };
  for (const l of lines) {
    if (l === "") {
      blanks++;
      continue;
    }
    flush();
    out.push(l);
  }
  if (blanks > 0) {
    flush();
    out.push("---");
  }
  return out;
}

function readsAsMarker(line: string): boolean {
  if (isMarkerLine(line)) return true;
  const parsed = parseMarkers([{ text: line, line: 1, col: 1, file: "" }], "field", kubernetesMarkers);
  return parsed.markers.length > 0 || parsed.diagnostics.length > 0;
}

/** The description the generator reads from these comment lines. */
export function readBack(lines: readonly string[]): string {
  const comments: CommentLine[] = lines.map((text, i) => ({ text, line: i + 1, col: 1, file: "" }));
  return parseMarkers(comments, "field", kubernetesMarkers).description;
}
