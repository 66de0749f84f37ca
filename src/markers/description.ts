/**
 * Turns non-marker comment lines into a doc comment the way controller-gen (v0.14 and later,
 * markers/zip.go's extractDoc over go/ast's CommentGroup.Text) reads Go doc comments: trailing
 * space trimmed, leading and trailing blank lines dropped, runs of blank lines collapsed to one (a
 * paragraph break), indentation kept; then, outside ``` or ~~~ fenced code, a line starting with
 * `TODO` is dropped and a line starting with `---` ends the text (Kubernetes' doc conventions).
 * Those three tests look at the line as written, so an indented `TODO` or `---` is kept, and a
 * blank line left before a dropped line stays (Go does not trim again). JSDoc that TypeScript
 * authors write is read for what it says: `@deprecated why` becomes Go's `Deprecated: why`
 * paragraph (what API docs and linters look for), `{@link X}` becomes `X`. JSDoc blocks are read
 * as Go's `//` lines are (the ` * ` prefix removed, indentation kept).
 */
export function describeDoc(lines: readonly string[]): string {
  const text: string[] = [];
  for (const rawLine of lines) {
    const line = rawLine.trimEnd();
    if (line === "" && (text.length === 0 || text[text.length - 1] === "")) continue;
    text.push(line);
  }
  while (text.length > 0 && text[text.length - 1] === "") text.pop();
  const out: string[] = [];
  let inFence = false;
  for (const line of text) {
    if (line.startsWith("```") || line.startsWith("~~~")) inFence = !inFence;
    else if (!inFence) {
      if (line.startsWith("TODO")) continue;
      if (line.startsWith("---")) break;
    }
    const t = inFence ? line : jsdoc(line);
    // Go reads a deprecation note only as a paragraph of its own.
    if (!inFence && t !== line && t.trimStart().startsWith("Deprecated") && out.length > 0 && out[out.length - 1] !== "") out.push("");
    out.push(t);
  }
  return out.join("\n");
}

function jsdoc(line: string): string {
  const linked = line.replace(
    /\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g,
    (_, target: string, label: string) => label.trim() || target,
  );
  const m = /^(\s*)@deprecated\b\s*(.*)$/.exec(linked);
  if (!m) return linked;
  return `${m[1]}Deprecated${m[2] ? `: ${m[2]}` : "."}`;
}
