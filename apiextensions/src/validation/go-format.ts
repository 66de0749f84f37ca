// Renders JSON values the way Go's fmt package does in apimachinery's field errors, because the test server
// returns these messages verbatim and clients compare them with a real server's.

/** Go's strconv.Quote: a double-quoted string with Go escapes. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (cp === 7) out += "\\a";
    else if (cp === 8) out += "\\b";
    else if (cp === 12) out += "\\f";
    else if (cp === 10) out += "\\n";
    else if (cp === 13) out += "\\r";
    else if (cp === 9) out += "\\t";
    else if (cp === 11) out += "\\v";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
    // Go decodes a lone surrogate in JSON as U+FFFD, which prints as itself.
    else if (cp >= 0xd800 && cp < 0xe000) out += "\ufffd";
    else if (goPrintable.test(ch)) out += ch;
    // Go's strconv.IsPrint is letters, marks, numbers, punctuation, symbols and the ASCII space:
    // every other rune (NBSP, zero-width space, line separators) is escaped.
    else if (cp < 0x10000) out += "\\u" + cp.toString(16).padStart(4, "0");
    else out += "\\U" + cp.toString(16).padStart(8, "0");
  }
  return out + '"';
}

const goPrintable = /^[ \p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** Go's %v for a float64 (shortest form; exponent below 1e-4 and from 1e21, two-digit exponents). */
export function goFloat(f: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (!Number.isFinite(f)) return f > 0 ? "+Inf" : "-Inf";
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const [mant = "", expText = "0"] = f.toExponential().split("e");
  const exp = Number(expText);
  if (exp < -4 || exp >= 21) {
    const sign = exp < 0 ? "-" : "+";
    return `${mant}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return String(f);
}

/** Go's %v for a JSON number as decoded by apimachinery (integers are int64, the rest float64). */
export function goNumber(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? String(n) : goFloat(n);
}

/** Go's %#v for a decoded JSON value (map[string]interface {}{...}, []interface {}{...}). */
export function goSharpV(v: unknown): string {
  if (v === null || v === undefined) return "interface {}(nil)";
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "number") return goNumber(v);
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpV).join(", ")}}`;
  if (typeof v === "object") {
    const keys = Object.keys(v).sort();
    const body = keys.map((k) => `${goQuote(k)}:${goSharpV((v as Record<string, unknown>)[k])}`).join(", ");
    return `map[string]interface {}{${body}}`;
  }
  return String(v);
}

/** Go's plain %v for a decoded JSON value (map[a:1 b:x], [a 1]). */
export function goPlainV(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "string") return v;
  if (typeof v === "number") return goNumber(v);
  if (Array.isArray(v)) return `[${v.map(goPlainV).join(" ")}]`;
  if (typeof v === "object") {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goPlainV((v as Record<string, unknown>)[k])}`).join(" ")}]`;
  }
  return String(v);
}

/** Go's %T for a decoded JSON value. */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number") return Number.isInteger(v) ? "int64" : "float64";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

/**
 * Go's json.Marshal of a decoded JSON value: map keys sorted by their bytes (not JS's own order, which
 * puts integer-like keys first), and `<`, `>`, `&`, U+2028 and U+2029 escaped (its HTML-safe default).
 * From 1.34 apimachinery prints compound bad values this way.
 */
export function goJson(v: unknown): string {
  return marshal(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A map's keys in the order Go prints and marshals them: by their UTF-8 bytes. */
export function goMapKeys(o: object): string[] {
  return Object.keys(o).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

function marshal(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(marshal).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = goMapKeys(o).filter((k) => o[k] !== undefined);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${marshal(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
