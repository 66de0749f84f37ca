// Formatting by statement: prettier prints each top-level statement of a file on its own and
// keeps one blank line between two statements wherever the text had at least one. So a file whose
// top-level statements are separated by blank lines formats as its statements formatted one by
// one, joined by a blank line. Generated files repeat statements far more than whole files (every
// kind's deep copy, client method group and registration has the layout of the others up to its
// names), so formatting statements by shape (./format-shape.ts) formats a run's few distinct
// statements instead of its many distinct files.
//
// A split is made only where it is certainly between two statements: at a blank line outside any
// bracket, string or comment, when the text before it ends a statement (`;`, `}` or a line
// comment) and the line after it starts one (a declaration keyword or a comment at column 0).
// Text the scanner does not model (a template literal, or a `/` that is not a comment) is not
// split. A statement that prettier cannot parse on its own makes the caller format the whole text.

/** Keywords that start a top-level statement and cannot continue an expression. */
const STATEMENT_START = /^(?:export|import|function|const|let|var|type|interface|class|declare|enum|abstract|namespace)\b|^\/[/*]/;

/**
 * The top-level statements of `text` (each without the blank lines around it), or a single
 * element, the text itself, when it cannot be split with certainty.
 */
export function statementChunks(text: string): string[] {
  const splits: number[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  // Where the last token that is not white space ended, and whether it was a line comment.
  let lastCode = -1;
  let lastWasLineComment = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      // A blank line: this newline, then only spaces up to the next newline.
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13)) j++;
      if (j < n && text.charCodeAt(j) === 10 && depth === 0 && lastCode >= 0) {
        let k = j;
        while (k < n && /\s/.test(text[k] ?? "")) k++;
        const ends = lastWasLineComment || text[lastCode] === ";" || text[lastCode] === "}";
        const lineStart = text.lastIndexOf("\n", k - 1) + 1 === k;
        if (k < n && ends && lineStart && STATEMENT_START.test(text.slice(k, k + 12))) splits.push(k);
        i = k;
        continue;
      }
      i++;
      continue;
    }
    if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const nl = text.indexOf("\n", i);
        i = nl < 0 ? n : nl;
        lastCode = i - 1;
        lastWasLineComment = true;
        continue;
      }
      if (next === 42 /* * */) {
        const close = text.indexOf("*/", i + 2);
        if (close < 0) return [text];
        i = close + 2;
        lastCode = i - 1;
        lastWasLineComment = false;
        continue;
      }
      return [text];
    }
    if (c === 34 || c === 39 /* " ' */) {
      i++;
      while (i < n && text.charCodeAt(i) !== c) {
        if (text.charCodeAt(i) === 10) return [text];
        i += text.charCodeAt(i) === 92 /* \ */ ? 2 : 1;
      }
      if (i >= n) return [text];
      lastCode = i;
      lastWasLineComment = false;
      i++;
      continue;
    }
    if (c === 96 /* ` */) return [text];
    if (c === 40 || c === 91 || c === 123 /* ( [ { */) depth++;
    else if (c === 41 || c === 93 || c === 125 /* ) ] } */) {
      if (--depth < 0) return [text];
    }
    if (c !== 32 && c !== 9 && c !== 13) {
      lastCode = i;
      lastWasLineComment = false;
    }
    i++;
  }
  if (depth !== 0 || splits.length === 0) return [text];
  const chunks: string[] = [];
  let from = 0;
  for (const at of splits) {
    chunks.push(text.slice(from, at).trim() + "\n");
    from = at;
  }
  chunks.push(text.slice(from).trim() + "\n");
  return chunks;
}
