// Marker values written into `//` comments (kube-codegen import writes API packages): every string
// from an imported CRD reaches a comment only through these functions, so no value can end the
// comment line, and each reads back through the marker parser as exactly the text it came from.

/** A double-quoted marker string: Go escapes for quotes, backslashes and every control or line-ending character. */
export function markerString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f || cp === 0x85) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp === 0x2028 || cp === 0x2029 || (cp >= 0xd800 && cp <= 0xdfff)) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A marker number as the marker parser reads numbers back (finite numbers only). */
export function markerNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${String(n)}`);
  return String(n);
}

/**
 * JSON for `+default=` and similar JSON payloads, on one line: JSON.stringify escapes control
 * characters already; U+2028 and U+2029 (which end a line in TypeScript) are spelled out.
 */
export function markerJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** One value of a `+kubebuilder:validation:Enum` or `+kubebuilder:default` payload in marker syntax. */
export function markerAny(v: unknown): string {
  if (typeof v === "string") return markerString(v);
  if (typeof v === "number") return markerNumber(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  return markerJson(v);
}

/**
 * A marker string written bare when the marker parser reads it back as the same string in every
 * context (a list item, an argument, a whole payload, a value of type any): letters, digits and
 * `._/-`, starting with a letter, and not a word that `any` reads as a boolean or null. Anything
 * else is quoted by markerString.
 */
export function markerWord(s: string): string {
  return /^[A-Za-z_][A-Za-z0-9._/-]*$/.test(s) && !["true", "false", "null"].includes(s) ? s : markerString(s);
}
