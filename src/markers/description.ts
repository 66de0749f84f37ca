/**
 * Turns non-marker comment lines into a description the way controller-gen reads Go doc comments:
 * trailing space trimmed, leading and trailing blank lines dropped, runs of blank lines collapsed
 * to one (a paragraph break), lines starting with `TODO` dropped and everything from a `---` line
 * on dropped (Kubernetes' doc conventions), except inside ``` or ~~~ fenced code.
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
    if (line === "" && (out.length === 0 || out[out.length - 1] === "")) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.join("\n");
}
