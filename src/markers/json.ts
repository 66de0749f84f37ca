import { Code, MAX_NESTING_DEPTH, type ErrorCode } from "../diagnostics/index.js";
import { MarkerSyntaxError } from "./scanner.js";

/**
 * A strict JSON parser (RFC 8259) that reports the offset of the first bad character, which
 * JSON.parse does not do the same way across Node versions. Object keys become own data
 * properties, so `__proto__` stays plain data.
 */
export function parseJsonAt(text: string, start: number, code: ErrorCode): { value: unknown; end: number } {
  const p = new JsonParser(text, start, code);
  const value = p.value();
  return { value, end: p.pos };
}

class JsonParser {
  pos: number;
  /** Arrays and objects open around the current position; see enter(). */
  private depth = 0;

  constructor(
    private readonly s: string,
    start: number,
    private readonly code: ErrorCode,
  ) {
    this.pos = start;
  }

  private fail(message: string, at = this.pos): never {
    throw new MarkerSyntaxError(this.code, `invalid JSON: ${message}`, at, 1, 'JSON strings need double quotes: "text"');
  }

  /** Refuses nesting past MAX_NESTING_DEPTH at the bracket that goes too deep, before the recursion could reach Node's stack limit. */
  private enter(): void {
    if (++this.depth <= MAX_NESTING_DEPTH) return;
    throw new MarkerSyntaxError(
      Code.markerValueTooDeep,
      `JSON value nested deeper than ${MAX_NESTING_DEPTH} levels`,
      this.pos,
      1,
      "marker values are small literals: flatten the value",
    );
  }

  private ws(): void {
    while (this.pos < this.s.length && " \t\n\r".includes(this.s[this.pos]!)) this.pos++;
  }

  value(): unknown {
    this.ws();
    const c = this.s[this.pos];
    if (c === undefined) this.fail("unexpected end of input");
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.s.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    return this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.enter();
    this.pos++;
    this.ws();
    if (this.s[this.pos] === "}") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.s[this.pos] !== '"') this.fail("expected a double-quoted key");
      const key = this.string();
      this.ws();
      if (this.s[this.pos] !== ":") this.fail("expected ':'");
      this.pos++;
      Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.ws();
      const c = this.s[this.pos];
      this.pos++;
      if (c === "}") {
        this.depth--;
        return out;
      }
      if (c !== ",") this.fail("expected ',' or '}'", this.pos - 1);
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.enter();
    this.pos++;
    this.ws();
    if (this.s[this.pos] === "]") {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.s[this.pos];
      this.pos++;
      if (c === "]") {
        this.depth--;
        return out;
      }
      if (c !== ",") this.fail("expected ',' or ']'", this.pos - 1);
    }
  }

  private string(): string {
    const m = stickyExec(JSON_STRING, this.s, this.pos);
    if (!m) {
      const close = this.s.indexOf('"', this.pos + 1);
      return this.fail(close < 0 ? "unterminated string" : "bad character or escape in string");
    }
    this.pos += m[0].length;
    return JSON.parse(m[0]) as string;
  }

  private number(): number {
    const m = stickyExec(JSON_NUMBER, this.s, this.pos);
    if (!m) return this.fail("bad number");
    this.pos += m[0].length;
    return Number(m[0]);
  }
}

// Sticky (`y`) patterns matched in place: slicing the rest of the text for each string or number
// would cost the square of a long value.
const JSON_STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const JSON_NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;

function stickyExec(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}
