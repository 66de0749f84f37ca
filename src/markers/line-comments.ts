import type { CommentLine } from "./types.js";

/**
 * Every `//` comment of a TypeScript file, wherever it sits (file level, above a method, at the
 * end of a line), as controller-gen reads package markers from any `//` comment of a Go file.
 * Block comments are skipped, as controller-gen reads markers only from `//` comments, and so are
 * strings and template literals (with their `${}` substitutions), so `"// +x"` in a string is never
 * read. Regular expression literals are not recognised: a `//` inside one that is followed by a
 * marker on the same line would be read, which no controller writes.
 */
export function lineComments(sourceText: string, file: string): CommentLine[] {
  const text = sourceText.replace(/^\uFEFF/, "");
  const out: CommentLine[] = [];
  let line = 1;
  let lineStart = 0;
  // Open template literals: each entry counts the `{` open inside its current `${` substitution.
  const templates: number[] = [];
  let inTemplateText = false;
  let i = 0;
  const n = text.length;
  const newline = (at: number): void => {
    line++;
    lineStart = at + 1;
  };
  // A backslash and the character it escapes, which may be a line break (a continued line).
  const escape = (at: number): number => {
    if (text[at + 1] === "\n") newline(at + 1);
    return at + 2;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === "\n") {
      newline(i);
      i++;
      continue;
    }
    if (inTemplateText) {
      if (c === "\\") i = escape(i);
      else if (c === "`") {
        inTemplateText = false;
        templates.pop();
        i++;
      } else if (c === "$" && text[i + 1] === "{") {
        inTemplateText = false;
        i += 2;
      } else i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      let end = text.indexOf("\n", i);
      if (end < 0) end = n;
      const body = text.slice(i + 2, end).replace(/\r$/, "");
      out.push({ text: body, line, col: i + 2 - lineStart + 1, file });
      i = end;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      const end = close < 0 ? n : close + 2;
      for (let j = i; j < end; j++) if (text[j] === "\n") newline(j);
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < n && text[i] !== c && text[i] !== "\n") i = text[i] === "\\" ? escape(i) : i + 1;
      // An unterminated string ends at the line break, which the loop then counts.
      if (text[i] === c) i++;
      continue;
    }
    if (c === "`") {
      templates.push(0);
      inTemplateText = true;
      i++;
      continue;
    }
    if (templates.length > 0) {
      const depth = templates.length - 1;
      if (c === "{") templates[depth]!++;
      else if (c === "}") {
        if (templates[depth] === 0) inTemplateText = true;
        else templates[depth]!--;
      }
    }
    i++;
  }
  return out;
}
