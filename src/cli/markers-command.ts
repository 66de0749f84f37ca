/**
 * Narrows `kube-codegen markers` output to the entries whose first line (the marker's spelling,
 * or a diagnostic's code) contains a query, keeping the section headings above them, so
 * `kube-codegen markers printcolumn` answers without paging through the whole reference.
 * Returns undefined when nothing matches.
 */
export function filterMarkerHelp(text: string, query: string): string | undefined {
  const q = query.toLowerCase().replace(/^\+/, "");
  const lines = text.split("\n");
  const out: string[] = [];
  let heading: string[] = [];
  let entry: string[] = [];
  let matches = 0;
  const flush = () => {
    if (entry.length > 0 && entry[0]!.toLowerCase().includes(q)) {
      if (heading.length > 0) {
        if (out.length > 0) out.push("");
        out.push(...heading);
        heading = [];
      }
      out.push(...entry);
      matches++;
    }
    entry = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^={3,}$/.test(lines[i + 1] ?? "") && line !== "") {
      flush();
      heading = [line, lines[i + 1]!];
      i++;
    } else if (/^ {2}\S/.test(line)) {
      flush();
      entry = [line];
    } else if (/^ {3,}\S/.test(line) && entry.length > 0) {
      entry.push(line);
    } else {
      flush();
    }
  }
  flush();
  return matches > 0 ? out.join("\n") : undefined;
}
