/**
 * Turns non-marker comment lines into a description the way controller-gen reads Go doc comments:
 * trailing space trimmed, leading and trailing blank lines dropped, runs of blank lines collapsed
 * to one (a paragraph break), lines starting with `TODO` dropped and everything from a `---` line
 * on dropped (Kubernetes' doc conventions), except inside ``` or ~~~ fenced code. JSDoc that
 * TypeScript authors write is read for what it says: `@deprecated why` becomes Go's
 * `Deprecated: why` paragraph (what API docs and linters look for), `{@link X}` becomes `X`.
 */
export function describeDoc(lines: readonly string[]): string {
  const out: string[] = [];
  let inFence = false;
  for (const rawLine of lines) {
    const line = rawLine.trimEnd();
    const head = line.trimStart();
    if (head.startsWith("```") || head.startsWith("~~~")) inFence = !inFence;
    else if (!inFence) {
      if (head.startsWith("TODO")) continue;
      if (head.startsWith("---")) break;
    }
    const text = inFence ? line : jsdoc(line);
    // Go reads a deprecation note only as a paragraph of its own.
    if (!inFence && text !== line && text.trimStart().startsWith("Deprecated") && out.length > 0 && out[out.length - 1] !== "")
      out.push("");
    if (text === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(text);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
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
