import type { ErrorCode } from "../diagnostics/index.js";

/** Punctuation that structures marker payloads. Anything else outside quotes is part of a word. */
export type Punct = "," | ";" | "{" | "}" | "=" | ":" | "[" | "]";

/** A token of a marker payload; `start`/`end` are offsets into the scanned text. */
export type Token =
  | { readonly kind: "string"; readonly value: string; readonly quote: '"' | "`"; readonly start: number; readonly end: number }
  | { readonly kind: "punct"; readonly value: Punct; readonly start: number; readonly end: number }
  | { readonly kind: "word"; readonly value: string; readonly start: number; readonly end: number }
  | { readonly kind: "eof"; readonly value: ""; readonly start: number; readonly end: number };

/** A grammar error at an offset of the scanned text; the parser turns offsets into columns. */
export class MarkerSyntaxError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly offset: number,
    readonly length: number,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const PUNCT = new Set<string>([",", ";", "{", "}", "=", ":", "[", "]"]);
const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  '"': '"',
  "'": "'",
};

/**
 * Tokenizer for marker payloads. Double-quoted strings take Go escapes; backtick strings are raw
 * (a backtick with no closing partner is an ordinary character, as controller-gen retries so that
 * regexes may contain one). Words are runs of anything else that is not space or punctuation.
 */
export class Scanner {
  private pos = 0;
  private peeked: Token | undefined;

  constructor(
    readonly text: string,
    private readonly malformedCode: ErrorCode,
  ) {}

  /** The next token without consuming it. */
  peek(): Token {
    this.peeked ??= this.read();
    return this.peeked;
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    return t;
  }

  /** Offset just past the last consumed token (or the next token's start when nothing is pending). */
  offset(): number {
    return this.peeked ? this.peeked.start : this.pos;
  }

  /** Moves to an absolute offset, dropping any peeked token (used after sub-parsers such as JSON). */
  seek(offset: number): void {
    this.pos = offset;
    this.peeked = undefined;
  }

  private read(): Token {
    const s = this.text;
    while (this.pos < s.length && /\s/.test(s[this.pos]!)) this.pos++;
    const start = this.pos;
    if (start >= s.length) return { kind: "eof", value: "", start, end: start };
    const c = s[start]!;
    if (PUNCT.has(c)) {
      this.pos++;
      return { kind: "punct", value: c as Punct, start, end: this.pos };
    }
    if (c === '"') return this.readQuoted(start);
    if (c === "`") {
      const close = s.indexOf("`", start + 1);
      if (close >= 0) {
        this.pos = close + 1;
        return { kind: "string", value: s.slice(start + 1, close), quote: "`", start, end: this.pos };
      }
    }
    let end = start + 1;
    while (end < s.length) {
      const d = s[end]!;
      if (/\s/.test(d) || PUNCT.has(d) || d === '"') break;
      if (d === "`" && s.indexOf("`", end + 1) >= 0) break;
      end++;
    }
    this.pos = end;
    return { kind: "word", value: s.slice(start, end), start, end };
  }

  private readQuoted(start: number): Token {
    const s = this.text;
    let out = "";
    let i = start + 1;
    while (i < s.length && s[i] !== '"') {
      if (s[i] !== "\\") {
        out += s.charAt(i);
        i++;
        continue;
      }
      const [decoded, len] = this.escape(i);
      out += decoded;
      i += len;
    }
    if (i >= s.length) {
      throw new MarkerSyntaxError(
        this.malformedCode,
        'unterminated string: missing closing "',
        start,
        s.length - start,
        'close the string with " or use backticks',
      );
    }
    this.pos = i + 1;
    return { kind: "string", value: out, quote: '"', start, end: this.pos };
  }

  /** Decodes the escape at `i` (a backslash); returns the text and how many characters it used. */
  private escape(i: number): [string, number] {
    const s = this.text;
    const e = s[i + 1];
    if (e === undefined) throw new MarkerSyntaxError(this.malformedCode, 'unterminated string: missing closing "', i, 1);
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) return [simple, 2];
    const hexLen = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    if (hexLen > 0) {
      const hex = s.slice(i + 2, i + 2 + hexLen);
      if (hex.length !== hexLen || !/^[0-9a-fA-F]+$/.test(hex)) {
        throw new MarkerSyntaxError(this.malformedCode, `invalid escape \\${e}${hex}: expected ${hexLen} hex digits`, i, 2 + hex.length);
      }
      const code = parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff && e !== "x")) {
        throw new MarkerSyntaxError(this.malformedCode, `invalid escape \\${e}${hex}: not a Unicode code point`, i, 2 + hexLen);
      }
      return [String.fromCodePoint(code), 2 + hexLen];
    }
    if (/[0-7]/.test(e)) {
      const oct = s.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(oct))
        throw new MarkerSyntaxError(this.malformedCode, `invalid escape \\${oct}: expected 3 octal digits`, i, 1 + oct.length);
      return [String.fromCharCode(parseInt(oct, 8)), 4];
    }
    throw new MarkerSyntaxError(
      this.malformedCode,
      `unknown escape \\${e} in string`,
      i,
      2,
      "write \\\\ for a backslash, or use a backtick string for regexes",
    );
  }
}
