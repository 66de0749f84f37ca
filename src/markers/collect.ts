import type { CommentLine } from "./types.js";

/** A source file split into lines, with each line's start offset, for walking comments by line. */
class Lines {
  readonly texts: string[];
  readonly starts: number[];

  constructor(source: string) {
    this.texts = [];
    this.starts = [];
    let start = 0;
    for (;;) {
      const nl = source.indexOf("\n", start);
      const end = nl < 0 ? source.length : nl;
      this.starts.push(start);
      this.texts.push(source.slice(start, end).replace(/\r$/, ""));
      if (nl < 0) break;
      start = nl + 1;
    }
  }

  /** 0-based index of the line holding `offset`. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  text(i: number): string {
    return this.texts[i] ?? "";
  }

  isBlank(i: number): boolean {
    return i >= 0 && i < this.texts.length && this.text(i).trim() === "";
  }
}

// Every declaration and property of a file asks for its comments; splitting the file once, not
// once per question, keeps collection linear in the file size (200-type files).
let lastLines: { readonly text: string; readonly lines: Lines } | undefined;

function linesOf(text: string): Lines {
  if (lastLines?.text !== text) lastLines = { text, lines: new Lines(text) };
  return lastLines.lines;
}

/** A run of comment lines with no blank line between them (Go's comment group). */
interface Group {
  readonly first: number;
  readonly last: number;
  readonly lines: CommentLine[];
}

/** The text of a `//` comment line: after `//` and one space, as Go's doc reader strips it. */
function lineComment(lines: Lines, i: number, file: string): CommentLine {
  const t = lines.text(i);
  const slash = t.indexOf("//");
  let from = slash + 2;
  if (t[from] === " ") from++;
  return { text: t.slice(from), line: i + 1, col: from + 1, file };
}

/**
 * The text lines of a `/* *\/` block spanning source lines first..last: the `/*` or `/**` opener
 * and `*\/` closer removed, each line's leading space and one `*` removed (JSDoc style), then one
 * space. Opener or closer lines left empty are not returned.
 */
function blockComment(lines: Lines, first: number, last: number, file: string): CommentLine[] {
  const out: CommentLine[] = [];
  for (let i = first; i <= last; i++) {
    const t = lines.text(i);
    let from = 0;
    let to = t.length;
    if (i === first) {
      from = t.indexOf("/*") + 2;
      while (t[from] === "*" && t[from + 1] !== "/") from++;
    }
    if (i === last) to = t.lastIndexOf("*/");
    if (to < from) to = from;
    if (i !== first) {
      while (from < to && (t[from] === " " || t[from] === "\t")) from++;
      if (t[from] === "*") from++;
    }
    if (t[from] === " ") from++;
    const text = t.slice(from, to).trimEnd();
    if ((i === first || i === last) && text.trim() === "") continue;
    out.push({ text, line: i + 1, col: from + 1, file });
  }
  return out;
}

/** The comment group whose last line is `last`, or undefined when that line is not a whole-line comment. */
function groupEndingAt(lines: Lines, last: number, file: string): Group | undefined {
  const collected: CommentLine[][] = [];
  let i = last;
  let first = last + 1;
  while (i >= 0) {
    const t = lines.text(i).trim();
    if (t.startsWith("//")) {
      collected.unshift([lineComment(lines, i, file)]);
      first = i;
      i--;
      continue;
    }
    if (t.endsWith("*/")) {
      const start = blockStart(lines, i);
      if (start === undefined) break;
      collected.unshift(blockComment(lines, start, i, file));
      first = start;
      i = start - 1;
      continue;
    }
    break;
  }
  if (first > last) return undefined;
  return { first, last, lines: collected.flat() };
}

/** The line where the block comment closing on line `end` opens, if only space precedes its `/*`. */
function blockStart(lines: Lines, end: number): number | undefined {
  for (let j = end; j >= 0; j--) {
    const t = lines.text(j);
    const limit = j === end ? t.lastIndexOf("*/") : t.length;
    const open = t.lastIndexOf("/*", limit - 1);
    if (open >= 0) return t.slice(0, open).trim() === "" ? j : undefined;
    if (j !== end && t.includes("*/")) return undefined;
  }
  return undefined;
}

/** Offset of the first character at or after `offset` that is neither space nor inside a comment. */
function skipTrivia(source: string, offset: number): number {
  let i = offset;
  for (;;) {
    while (i < source.length && /\s/.test(source[i]!)) i++;
    if (source.startsWith("//", i)) {
      const nl = source.indexOf("\n", i);
      i = nl < 0 ? source.length : nl + 1;
    } else if (source.startsWith("/*", i)) {
      const close = source.indexOf("*/", i + 2);
      i = close < 0 ? source.length : close + 2;
    } else return i;
  }
}

/**
 * Comment lines above a declaration, by gengo's two-block rule: the block directly above the
 * declaration (`near`) plus the block above that if separated by exactly one blank line (`far`).
 * When nothing is directly above, `far` is a block ending two lines up with one blank line between.
 * `offset` is the declaration's start in `sourceText`; if it points at the declaration's own
 * leading comments (the parser's getStart with its leading trivia), they are skipped first. Handles `//` runs and
 * `/** *\/` blocks (leading `*` ignored); any code line ends the search.
 */
export function commentLinesAbove(sourceText: string, offset: number, file: string): { near: CommentLine[]; far: CommentLine[] } {
  const lines = linesOf(sourceText);
  const start = skipTrivia(sourceText, offset);
  const declLine = lines.lineOf(start);
  const prefix = lines.text(declLine).slice(0, start - lines.starts[declLine]!);
  if (prefix.trim() !== "") return { near: [], far: [] };
  const near = groupEndingAt(lines, declLine - 1, file);
  const farEnd = (near ? near.first : declLine) - 2;
  const far = lines.isBlank(farEnd + 1) ? groupEndingAt(lines, farEnd, file) : undefined;
  return { near: near?.lines ?? [], far: far?.lines ?? [] };
}

/** All leading comment lines of a file before its first statement (package markers in doc.ts). */
export function leadingCommentLines(sourceText: string, file: string): CommentLine[] {
  const lines = new Lines(sourceText.replace(/^\uFEFF/, " "));
  const out: CommentLine[] = [];
  let i = lines.text(0).startsWith("#!") ? 1 : 0;
  while (i < lines.texts.length) {
    const t = lines.text(i).trim();
    if (t === "") {
      i++;
      continue;
    }
    if (t.startsWith("//")) {
      out.push(lineComment(lines, i, file));
      i++;
      continue;
    }
    if (t.startsWith("/*")) {
      let end = i;
      const open = lines.text(i).indexOf("/*");
      while (
        end < lines.texts.length &&
        !lines
          .text(end)
          .slice(end === i ? open + 2 : 0)
          .includes("*/")
      )
        end++;
      if (end >= lines.texts.length) break;
      const after = lines.text(end).slice(lines.text(end).indexOf("*/", end === i ? open + 2 : 0) + 2);
      out.push(...blockComment(lines, i, end, file));
      if (after.trim() !== "") break;
      i = end + 1;
      continue;
    }
    break;
  }
  return out;
}
