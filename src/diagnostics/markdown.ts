// The Markdown pieces both generated reference pages (diagnostic codes, markers) build their
// tables from, so that the two escape cells and fence code the same way.

/** Escapes text for a Markdown table cell. */
export function markdownCell(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Inline code that survives backticks inside (Markdown's longer-fence rule). */
export function inlineCode(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(longest + 1);
  const pad = s.startsWith("`") || s.endsWith("`") ? " " : "";
  return `${fence}${pad}${s}${pad}${fence}`;
}
