import { isBreak, isPrintable, resolvesAsNonString, scalarStyle } from "./go-yaml-scalar.js";
import { compareGoYamlKeys } from "./go-yaml-keys.js";
import { goFloat } from "./go-number.js";

// A YAML writer that produces byte for byte what controller-gen writes (sigs.k8s.io/yaml over
// go-yaml v2): keys sorted as go-yaml sorts map keys, two-space indentation with sequences not
// indented under their key, long strings folded at spaces once the line passes column 80, and
// go-yaml's choice of plain, quoted or literal strings. It lives here rather than in src/emit
// because only CRDs must look like controller-gen's (and CRDs are the only YAML written so far).

const BEST_WIDTH = 80;
const BEST_INDENT = 2;
// Every character ASCII: one code point, one UTF-16 unit.
const ASCII = /^[\x00-\x7f]*$/;
// ASCII text with no YAML indicator in it: no ": ", " #", quotes, braces, leading "-" or ".".
const SIMPLE = /^[A-Za-z0-9_/](?:[A-Za-z0-9_./ ()-]*[A-Za-z0-9_./()-])?$/;

/** Serialises one JSON-compatible value as go-yaml v2 would (no `---`; ends with a newline). */
export function goYaml(value: unknown): string {
  const w = new GoYamlWriter(true);
  w.node(value, "root");
  return w.finish();
}

/** goYaml without its ASCII fast paths, a character at a time: the reference the tests hold it to. */
export function goYamlByCodePoints(value: unknown): string {
  const w = new GoYamlWriter(false);
  w.node(value, "root");
  return w.finish();
}

type Context = "root" | "mapValue" | "seqItem";

class GoYamlWriter {
  private readonly out: string[] = [];
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;

  constructor(private readonly asciiFastPaths: boolean) {}

  finish(): string {
    this.indent = -1;
    this.writeIndent();
    return this.out.join("");
  }

  node(v: unknown, ctx: Context): void {
    if (Array.isArray(v)) this.sequence(v, ctx);
    else if (v !== null && typeof v === "object") this.mapping(v as Record<string, unknown>);
    else this.scalar(v, false);
  }

  private mapping(obj: Record<string, unknown>): void {
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined);
    if (keys.length === 0) {
      this.indicator("{", true, true, false);
      this.indicator("}", false, false, false);
      return;
    }
    const saved = this.indent;
    this.indent = this.indent < 0 ? 0 : this.indent + BEST_INDENT;
    for (const k of keys.sort(compareGoYamlKeys)) {
      this.writeIndent();
      this.scalar(k, true);
      this.indicator(":", false, false, false);
      this.node(obj[k], "mapValue");
    }
    this.indent = saved;
  }

  private sequence(items: readonly unknown[], ctx: Context): void {
    if (items.length === 0) {
      this.indicator("[", true, true, false);
      this.indicator("]", false, false, false);
      return;
    }
    const saved = this.indent;
    // go-yaml writes a sequence that is a mapping value at the key's indentation ("indentless").
    const indentless = ctx === "mapValue" && !this.indention;
    if (this.indent < 0) this.indent = 0;
    else if (!indentless) this.indent += BEST_INDENT;
    for (const item of items) {
      this.writeIndent();
      this.indicator("-", true, false, true);
      this.node(item, "seqItem");
    }
    this.indent = saved;
  }

  private scalar(v: unknown, key: boolean): void {
    if (typeof v === "string" && this.simple(v, key)) return;
    const saved = this.indent;
    this.indent = this.indent < 0 ? BEST_INDENT : this.indent + BEST_INDENT;
    if (typeof v === "string") {
      const chars = Array.from(v);
      const style = scalarStyle(chars, key, v);
      const breaks = !key;
      // ASCII text (most descriptions) is written a word or a line at a time rather than a
      // character at a time: the same bytes, since each of its characters is one code point.
      const ascii = this.asciiFastPaths && ASCII.test(v);
      if (style === "plain" && ascii) this.plainAscii(v, breaks);
      else if (style === "plain") this.plain(chars, breaks);
      else if (style === "single") this.singleQuoted(chars, breaks);
      else if (style === "double") this.doubleQuoted(chars, breaks);
      else if (ascii) this.literalAscii(v);
      else this.literal(chars);
    } else {
      this.plain(Array.from(scalarText(v)), !key);
    }
    this.indent = saved;
  }

  /**
   * Fast path for the common case, an ASCII word or phrase that go-yaml writes plain and that
   * cannot fold (a key, or short enough to end before column 80): written in one piece.
   */
  private simple(v: string, key: boolean): boolean {
    if (!SIMPLE.test(v) || resolvesAsNonString(v)) return false;
    if (!key && v.includes(" ") && this.column + 1 + v.length > BEST_WIDTH) return false;
    if (!this.whitespace) this.put(" ");
    this.out.push(v);
    this.column += v.length;
    this.whitespace = false;
    this.indention = false;
    return true;
  }

  private plain(chars: readonly string[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(" ");
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (ch === " ") {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && chars[i + 1] !== " ") this.writeIndent();
        else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        this.indention = false;
        spaces = false;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  /** plain() for text whose characters are all ASCII, a run of non-spaces at a time. */
  private plainAscii(v: string, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(" ");
    let spaces = false;
    const n = v.length;
    for (let i = 0; i < n;) {
      if (v.charCodeAt(i) === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && v.charCodeAt(i + 1) !== 32) this.writeIndent();
        else this.put(" ");
        spaces = true;
        i++;
      } else {
        let j = i + 1;
        while (j < n && v.charCodeAt(j) !== 32) j++;
        this.putRun(v.slice(i, j));
        this.indention = false;
        spaces = false;
        i = j;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private singleQuoted(chars: readonly string[], allowBreaks: boolean): void {
    this.indicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (ch === " ") {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1 && chars[i + 1] !== " ") this.writeIndent();
        else this.put(ch);
        spaces = true;
      } else if (isBreak(ch)) {
        if (!breaks && ch === "\n") this.putBreak();
        this.writeBreak(ch);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (ch === "'") this.put("'");
        this.put(ch);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.indicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private doubleQuoted(chars: readonly string[], allowBreaks: boolean): void {
    this.indicator('"', true, false, false);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      const cp = ch.codePointAt(0)!;
      if (!isPrintable(cp) || cp === 0xfeff || isBreak(ch) || ch === '"' || ch === "\\") {
        this.putAll(escape(cp));
        spaces = false;
      } else if (ch === " ") {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i !== 0 && i !== chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === " ") this.put("\\");
        } else this.put(ch);
        spaces = true;
      } else {
        this.put(ch);
        spaces = false;
      }
    }
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private literal(chars: readonly string[]): void {
    this.literalHeader(chars[0], chars[chars.length - 1], chars.length, chars[chars.length - 2]);
    let breaks = true;
    for (const ch of chars) {
      if (isBreak(ch)) {
        this.writeBreak(ch);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) {
          this.writeIndent();
          breaks = false;
        }
        this.put(ch);
        this.indention = false;
      }
    }
  }

  /** literal() for text whose characters are all ASCII (its only breaks are \r and \n), a line at a time. */
  private literalAscii(v: string): void {
    this.literalHeader(v.charAt(0) || undefined, v.charAt(v.length - 1) || undefined, v.length, v.charAt(v.length - 2) || undefined);
    let breaks = true;
    const n = v.length;
    for (let i = 0; i < n;) {
      const c = v.charCodeAt(i);
      if (c === 10 || c === 13) {
        this.writeBreak(v[i]!);
        this.indention = true;
        breaks = true;
        i++;
      } else {
        if (breaks) {
          this.writeIndent();
          breaks = false;
        }
        let j = i + 1;
        while (j < n && v.charCodeAt(j) !== 10 && v.charCodeAt(j) !== 13) j++;
        this.putRun(v.slice(i, j));
        this.indention = false;
        i = j;
      }
    }
  }

  /** A literal block's header, `|` with its indentation and chomping indicators, from its first and last characters. */
  private literalHeader(first: string | undefined, last: string | undefined, length: number, beforeLast: string | undefined): void {
    this.indicator("|", true, false, false);
    if (first === " " || isBreak(first)) this.indicator(String(BEST_INDENT), false, false, false);
    let chomp = "";
    if (length === 0 || !isBreak(last)) chomp = "-";
    else if (length === 1 || isBreak(beforeLast)) chomp = "+";
    if (chomp !== "") this.indicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(" ");
    this.whitespace = true;
    this.indention = true;
  }

  private indicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(" ");
    this.putAll(text);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private put(ch: string): void {
    this.out.push(ch);
    this.column++;
  }

  /** A run of characters with no break in it, each one code point. */
  private putRun(text: string): void {
    this.out.push(text);
    this.column += text.length;
  }

  private putAll(text: string): void {
    for (const ch of text) this.put(ch);
  }

  private putBreak(): void {
    this.out.push("\n");
    this.column = 0;
  }

  private writeBreak(ch: string): void {
    if (ch === "\n") this.putBreak();
    else {
      this.out.push(ch);
      this.column = 0;
    }
  }
}

const namedEscapes: Record<number, string> = {
  0x00: "0",
  0x07: "a",
  0x08: "b",
  0x09: "t",
  0x0a: "n",
  0x0b: "v",
  0x0c: "f",
  0x0d: "r",
  0x1b: "e",
  0x22: '"',
  0x5c: "\\",
  0x85: "N",
  0xa0: "_",
  0x2028: "L",
  0x2029: "P",
};

function escape(cp: number): string {
  const named = namedEscapes[cp];
  if (named !== undefined) return `\\${named}`;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `\\x${hex.padStart(2, "0")}`;
  if (cp <= 0xffff) return `\\u${hex.padStart(4, "0")}`;
  return `\\U${hex.padStart(8, "0")}`;
}

/** Numbers, booleans and null as go-yaml prints what sigs.k8s.io/yaml hands it. */
function scalarText(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return goFloat(v);
  return String(v);
}
