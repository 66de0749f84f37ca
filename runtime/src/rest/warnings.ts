// The Warning response header (RFC 7234 §5.5) that the API server uses for deprecations and
// admission warnings: `299 - "text"`, optionally a quoted date, several comma-separated in one
// header. Parsed as apimachinery's ParseWarningHeader does; malformed remainders are dropped.
import type { RequestSummary } from "../core/api-error.js";

/** One warning: its code (the server sends 299), agent ("-") and text. */
export interface WarningHeader {
  code: number;
  agent: string;
  text: string;
}

/** Receives each warning with the request it came from. */
export type WarningHandler = (warning: WarningHeader, request: RequestSummary) => void;

// Reads a quoted-string starting at s[0] === '"'; returns the text and the index after the quote.
function quoted(s: string): [string, number] | undefined {
  let out = "";
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\") {
      if (i + 1 >= s.length) return undefined;
      out += s[++i] ?? "";
    } else if (c === '"') return [out, i + 1];
    else out += c;
  }
  return undefined;
}

/** Every well-formed warning in the header values, in order. */
export function parseWarningHeaders(values: readonly string[]): WarningHeader[] {
  const out: WarningHeader[] = [];
  for (const value of values) {
    let rest = value.trim();
    while (rest.length > 0) {
      const m = /^([0-9]{3}) (\S+) /.exec(rest);
      if (!m) break;
      const q = quoted(rest.slice(m[0].length));
      if (!q) break;
      const [text, end] = q;
      // Control characters make a warning unprintable; client-go rejects them, and so do we.
      if (/[\u0000-\u001f\u007f]/.test(text)) break;
      out.push({ code: Number(m[1]), agent: m[2]!, text });
      rest = rest.slice(m[0].length + end).trimStart();
      if (rest.startsWith('"')) {
        const close = rest.indexOf('"', 1);
        if (close < 0) break;
        rest = rest.slice(close + 1).trimStart();
      }
      if (!rest.startsWith(",")) break;
      rest = rest.slice(1).trimStart();
    }
  }
  return out;
}

/** The default handler: code-299 warnings go to process.emitWarning, once per distinct text. */
export function defaultWarningHandler(): WarningHandler {
  const seen = new Set<string>();
  return (w) => {
    if (w.code !== 299 || w.text === "" || seen.has(w.text)) return;
    seen.add(w.text);
    process.emitWarning(w.text, "KubernetesWarning");
  };
}
