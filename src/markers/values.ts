import { Code, MAX_NESTING_DEPTH, type ErrorCode } from "../diagnostics/index.js";
import { parseJsonAt } from "./json.js";
import { MarkerSyntaxError, Scanner, type Token } from "./scanner.js";
import { closest, didYouMean } from "../diagnostics/index.js";
import type { ValueType } from "./types.js";

/** Where a value sits, which decides what ends a bare (unquoted) string. */
export type ValueContext =
  /** The whole payload of a `value` marker: a bare string runs to the end of the line. */
  | "top"
  /** An argument of an `args` marker: a bare string runs to the next `,`. */
  | "arg"
  /** An item of a list: `,`, `;` and `}` end it. */
  | "item"
  /** A key of a map: `:` also ends it. */
  | "key"
  /** A value in a map. */
  | "mapValue";

const INT = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Renders a ValueType the way help output shows payload syntax. */
export function typeLabel(t: ValueType): string {
  if (typeof t === "string") return t;
  if ("list" in t) return `${typeLabel(t.list)}[]`;
  if ("map" in t) return `map[string]${typeLabel(t.map)}`;
  return t.enum.join("|");
}

function describe(tok: Token): string {
  if (tok.kind === "eof") return "end of marker";
  if (tok.kind === "string") return JSON.stringify(tok.value);
  return `'${tok.value}'`;
}

function fail(code: ErrorCode, message: string, tok: { start: number; end: number }, hint?: string): never {
  throw new MarkerSyntaxError(code, message, tok.start, Math.max(1, tok.end - tok.start), hint);
}

/** Typed values parsed from a payload scanner; errors are thrown as MarkerSyntaxError. */
export class ValueParser {
  /** `{...}` lists and maps open around the scanner's position. */
  private depth = 0;

  constructor(readonly sc: Scanner) {}

  /** Parses a braced list or map one level deeper, refused past MAX_NESTING_DEPTH at its `{` before the recursion could reach Node's stack limit. */
  private nested<T>(open: Token, parse: () => T): T {
    if (this.depth >= MAX_NESTING_DEPTH)
      fail(
        Code.markerValueTooDeep,
        `value nested deeper than ${MAX_NESTING_DEPTH} levels`,
        open,
        "marker values are small literals: flatten the value",
      );
    this.depth++;
    const v = parse();
    this.depth--;
    return v;
  }

  /** Parses one value of type `t` at the scanner's position. */
  parse(t: ValueType, ctx: ValueContext): unknown {
    if (t === "string") return this.string(ctx);
    if (t === "int") return this.int();
    if (t === "number") return this.number();
    if (t === "bool") return this.bool();
    if (t === "json") return this.json();
    if (t === "any") return this.any(ctx);
    if ("list" in t) return this.list(t.list, ctx);
    if ("map" in t) return this.map(t.map);
    return this.enumValue(t.enum, ctx);
  }

  private isDelimiter(tok: Token, ctx: ValueContext): boolean {
    if (tok.kind === "eof") return true;
    if (tok.kind !== "punct") return false;
    switch (ctx) {
      case "top":
        return false;
      case "arg":
        return tok.value === ",";
      case "item":
      case "mapValue":
        return tok.value === "," || tok.value === ";" || tok.value === "}";
      case "key":
        return tok.value === "," || tok.value === ";" || tok.value === "}" || tok.value === ":";
    }
  }

  /** A quoted string, or the bare text up to the context's delimiter, kept verbatim (inner quotes included). */
  string(ctx: ValueContext): string {
    const first = this.sc.peek();
    if (first.kind === "string") {
      this.sc.next();
      return first.value;
    }
    if (ctx === "top") {
      // The whole rest of the line, untokenized, so an unpaired quote or backtick is just a character.
      this.sc.seek(this.sc.text.length);
      return this.sc.text.slice(first.start).trimEnd();
    }
    let end = first.start;
    while (!this.isDelimiter(this.sc.peek(), ctx)) end = this.sc.next().end;
    return this.sc.text.slice(first.start, end);
  }

  private int(): number {
    const tok = this.sc.next();
    if (tok.kind !== "word" || !INT.test(tok.value)) fail(Code.malformedValue, `expected an integer, got ${describe(tok)}`, tok);
    const n = Number(tok.value);
    if (!Number.isSafeInteger(n)) fail(Code.malformedValue, `integer ${tok.value} is out of range`, tok);
    return n;
  }

  private number(): number {
    const tok = this.sc.next();
    if (tok.kind !== "word" || !NUMBER.test(tok.value)) fail(Code.malformedValue, `expected a number, got ${describe(tok)}`, tok);
    const n = Number(tok.value);
    if (!Number.isFinite(n)) fail(Code.malformedValue, `number ${tok.value} is out of range`, tok);
    return n;
  }

  private bool(): boolean {
    const tok = this.sc.next();
    if (tok.kind === "word" && (tok.value === "true" || tok.value === "false")) return tok.value === "true";
    return fail(Code.malformedValue, `expected true or false, got ${describe(tok)}`, tok);
  }

  /** The rest of the payload as one JSON document. */
  private json(): unknown {
    const start = this.sc.peek().start;
    if (this.sc.text.slice(start).trim() === "") fail(Code.missingArgument, "expected a JSON value", { start, end: start + 1 });
    const { value, end } = parseJsonAt(this.sc.text, start, Code.malformedValue);
    this.sc.seek(end);
    return value;
  }

  private enumValue(values: readonly string[], ctx: ValueContext): string {
    const tok = this.sc.peek();
    const v = this.string(ctx === "top" ? "item" : ctx);
    if (values.includes(v)) return v;
    const end = Math.max(this.sc.offset(), tok.start + 1);
    const hint = didYouMean(closest(v, values, 1)) ?? `one of ${values.join(", ")}`;
    return fail(
      Code.malformedValue,
      `expected one of ${values.join(", ")}; got ${JSON.stringify(v)}`,
      { start: tok.start, end: Math.min(end, tok.start + Math.max(1, v.length)) },
      hint,
    );
  }

  /** `{a,b}` or `a;b` (and `a,b` for a whole `value` payload, as gengo's comma lists). */
  private list(item: ValueType, ctx: ValueContext): unknown[] {
    const open = this.sc.peek();
    if (open.kind === "punct" && open.value === "{") return this.bracedList(item);
    const out: unknown[] = [];
    const separators = ctx === "top" ? [";", ","] : [";"];
    if (this.isDelimiter(open, ctx === "top" ? "item" : ctx) && !(open.kind === "punct" && open.value === ";")) return out;
    for (;;) {
      const itemTok = this.sc.peek();
      if (itemTok.kind === "eof" && out.length > 0) return out; // a trailing ';' is allowed, as controller-gen does
      if (itemTok.kind === "punct" && (itemTok.value === ";" || itemTok.value === "}" || itemTok.value === ",")) {
        fail(Code.badList, `expected a list item, got ${describe(itemTok)}`, itemTok);
      }
      out.push(this.parse(item, "item"));
      const sep = this.sc.peek();
      if (sep.kind === "punct" && separators.includes(sep.value)) {
        this.sc.next();
        continue;
      }
      return out;
    }
  }

  private bracedList(item: ValueType): unknown[] {
    return this.nested(this.sc.peek(), () => this.bracedListBody(item));
  }

  private bracedListBody(item: ValueType): unknown[] {
    const open = this.sc.next();
    const out: unknown[] = [];
    for (;;) {
      const tok = this.sc.peek();
      if (tok.kind === "punct" && tok.value === "}") {
        this.sc.next();
        return out;
      }
      if (tok.kind === "eof") fail(Code.badList, "unclosed list: missing '}'", open, "close the list with }");
      if (tok.kind === "punct" && (tok.value === "," || tok.value === ";"))
        fail(Code.badList, `expected a list item, got ${describe(tok)}`, tok);
      out.push(this.parse(item, "item"));
      const sep = this.sc.peek();
      if (sep.kind === "punct" && sep.value === ",") {
        this.sc.next();
        const after = this.sc.peek();
        if (after.kind === "punct" && after.value === "}") fail(Code.badList, "trailing ',' before '}'", sep);
        continue;
      }
      if (sep.kind === "punct" && sep.value === "}") continue;
      if (sep.kind === "eof") fail(Code.badList, "unclosed list: missing '}'", open, "close the list with }");
      fail(Code.badList, `expected ',' or '}' in list, got ${describe(sep)}`, sep, "separate items in {...} with commas");
    }
  }

  /** `{key: value, key2: value2}`; keys are strings, bare or quoted. */
  private map(value: ValueType): Record<string, unknown> {
    return this.nested(this.sc.peek(), () => this.mapBody(value));
  }

  private mapBody(value: ValueType): Record<string, unknown> {
    const open = this.sc.next();
    if (open.kind !== "punct" || open.value !== "{") fail(Code.badList, `expected '{' to start a map, got ${describe(open)}`, open);
    const out: Record<string, unknown> = {};
    for (;;) {
      const tok = this.sc.peek();
      if (tok.kind === "punct" && tok.value === "}") {
        this.sc.next();
        return out;
      }
      if (tok.kind === "eof") fail(Code.badList, "unclosed map: missing '}'", open, "close the map with }");
      const key = this.string("key");
      const colon = this.sc.next();
      if (colon.kind !== "punct" || colon.value !== ":") fail(Code.badList, `expected ':' after map key, got ${describe(colon)}`, colon);
      Object.defineProperty(out, key, { value: this.parse(value, "mapValue"), enumerable: true, writable: true, configurable: true });
      const sep = this.sc.peek();
      if (sep.kind === "punct" && sep.value === ",") {
        this.sc.next();
        continue;
      }
      if (sep.kind === "punct" && sep.value === "}") continue;
      if (sep.kind === "eof") fail(Code.badList, "unclosed map: missing '}'", open, "close the map with }");
      fail(Code.badList, `expected ',' or '}' in map, got ${describe(sep)}`, sep);
    }
  }

  /**
   * Guesses the type as controller-gen does: quoted → string; `{` → map when the first entry is
   * `key:`, list otherwise; `true`/`false` → bool; a lone number → int or number; else a bare string.
   * Extensions: `[...]` is a JSON array and a lone `null` is null, so JSON-looking defaults work.
   * A top-level `a;b` is a list.
   */
  private any(ctx: ValueContext): unknown {
    const first = this.single(ctx);
    if (ctx !== "top" && ctx !== "arg" && ctx !== "mapValue") return first;
    const sep = this.sc.peek();
    if (!(sep.kind === "punct" && sep.value === ";")) return first;
    const out = [first];
    while (this.sc.peek().kind === "punct" && this.sc.peek().value === ";") {
      this.sc.next();
      out.push(this.single("item"));
    }
    return out;
  }

  private single(ctx: ValueContext): unknown {
    const tok = this.sc.peek();
    if (tok.kind === "string") return this.sc.next().value;
    if (tok.kind === "punct" && tok.value === "{") return this.looksLikeMap() ? this.map("any") : this.bracedList("any");
    if (tok.kind === "punct" && tok.value === "[") return this.jsonArray();
    const itemCtx: ValueContext = ctx === "top" || ctx === "arg" ? (ctx === "top" ? "item" : "arg") : ctx;
    if (tok.kind === "word") {
      const saved = this.sc.offset();
      this.sc.next();
      const after = this.sc.peek();
      const alone = this.isDelimiter(after, itemCtx) || (after.kind === "punct" && after.value === ";");
      if (alone) {
        if (tok.value === "true" || tok.value === "false") return tok.value === "true";
        if (tok.value === "null") return null;
        if (INT.test(tok.value) && Number.isSafeInteger(Number(tok.value))) return Number(tok.value);
        if (NUMBER.test(tok.value)) return Number(tok.value);
      }
      this.sc.seek(saved);
    }
    return this.string(itemCtx);
  }

  /** After `{`: is the first entry `key:` (a map) rather than an item (a list)? `{}` is an empty map. */
  private looksLikeMap(): boolean {
    const saved = this.sc.offset();
    this.sc.next();
    let result = false;
    const first = this.sc.peek();
    if (first.kind === "punct" && first.value === "}") result = true;
    else {
      for (;;) {
        const t = this.sc.next();
        if (t.kind === "eof") break;
        if (t.kind === "punct" && t.value === ":") {
          result = true;
          break;
        }
        if (t.kind === "punct" && (t.value === "," || t.value === ";" || t.value === "}" || t.value === "{" || t.value === "[")) break;
      }
    }
    this.sc.seek(saved);
    return result;
  }

  /** A JSON array written inline. */
  private jsonArray(): unknown {
    const open = this.sc.peek();
    const { value, end } = parseJsonAt(this.sc.text, open.start, Code.malformedValue);
    this.sc.seek(end);
    return value;
  }
}

/** Parses a standalone value of type `t` (the whole text), as a `value` marker's payload. */
export function parseValueText(text: string, t: ValueType): unknown {
  const sc = new Scanner(text, Code.malformedValue);
  const p = new ValueParser(sc);
  const v = p.parse(t, "top");
  const rest = sc.peek();
  if (rest.kind !== "eof") {
    const isListSyntax = rest.kind === "punct" && [",", ";", "}", "{"].includes(rest.value);
    fail(
      isListSyntax ? Code.badList : Code.malformedValue,
      `unexpected ${describe(rest)} after the value`,
      rest,
      isListSyntax ? "lists are written {a,b} or a;b" : "quote the value if it contains spaces or punctuation",
    );
  }
  return v;
}
