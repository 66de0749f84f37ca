// Formatting by shape: prettier's layout of generated TypeScript depends on the tokens, their
// lengths and a few properties of their text (the case of an identifier's first letter, whether a
// quoted key is an identifier or a number), never on which letters an identifier or a comment
// holds. So a file is reduced to its shape, every ASCII letter of its identifiers, string
// literals and comments replaced by x/X and every digit by 0 (lengths kept), prettier formats the
// shape once, and each file of that shape gets the formatted shape with its own letters written
// back. Listers, informers, clients and deep copies of many kinds share a few shapes, so a run
// formats a handful of texts instead of one per file (prettier was half of a run's time, issue 28).
//
// What the layout could depend on stays verbatim in the shape: keywords and the names prettier
// treats specially (test calls, embedded-language tags), strings that start with a digit (a
// numeric key is unquoted by its value) or hold a backslash or a non-ASCII character, comments
// that mention prettier (`prettier-ignore`). Text the scanner below does not model (a `/` outside
// a comment, which could start a regular expression, or a template literal) has no shape: such a
// file is formatted directly. Writing back is checked token by token (each token written back must
// relabel to the formatted one), so a layout that moved or changed a token falls back to prettier too.

/** The shape of a text: the text prettier formats, and the original tokens to write back. */
export interface Shape {
  /** The text with letters and digits of substitutable tokens replaced: the cache key and prettier's input. */
  readonly key: string;
  /** Original identifiers and strings (string content without quotes), in order. */
  readonly words: readonly Word[];
  /** Original comments, in order. */
  readonly comments: readonly string[];
}

interface Word {
  /** The identifier, or the string's content. */
  readonly text: string;
  /** Its shape. */
  readonly shape: string;
}

type TokenKind = "identifier" | "string" | "comment";

interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
}

// Keywords and contextual keywords: the parser reads them as syntax, so they keep their text.
// Then identifiers prettier's printer looks at by name: test frameworks' calls (`it("...", fn)`
// stays on one line), Angular's test wrappers, `require`/`define`, and tags of embedded languages.
const VERBATIM = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield abstract accessor as asserts assert any " +
    "async await bigint boolean constructor declare get infer intrinsic is keyof module namespace never readonly " +
    "number object out override set string symbol type undefined unique unknown using from global of satisfies " +
    "it test describe xit xtest xdescribe fit fdescribe ftest skip only each beforeEach beforeAll afterEach afterAll " +
    "inject fakeAsync waitForAsync require define exports html css gql graphql markdown md styled sql " +
    "createGlobalStyle keyframes component"
  ).split(" "),
);

const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 36 /* $ */ || c === 95; /* _ */
const isIdentPart = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57);

/**
 * The identifiers, strings and comments of `text` (what a shape relabels; numbers, punctuation and
 * white space stay as they are), or undefined where it holds what this scanner does not model.
 */
function scan(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const start = i;
    if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const nl = text.indexOf("\n", i);
        i = nl < 0 ? n : nl;
        tokens.push({ kind: "comment", start, end: i });
      } else if (next === 42 /* * */) {
        const close = text.indexOf("*/", i + 2);
        if (close < 0) return undefined;
        i = close + 2;
        tokens.push({ kind: "comment", start, end: i });
      } else return undefined; // division or a regular expression: context the scanner does not track
    } else if (c === 34 || c === 39 /* " ' */) {
      i++;
      while (i < n && text.charCodeAt(i) !== c) {
        const d = text.charCodeAt(i);
        if (d === 10) return undefined;
        i += d === 92 /* \ */ ? 2 : 1;
      }
      if (i >= n) return undefined;
      i++;
      tokens.push({ kind: "string", start, end: i });
    } else if (c === 96 /* ` */) {
      return undefined;
    } else if (isIdentStart(c)) {
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      tokens.push({ kind: "identifier", start, end: i });
    } else if (c >= 48 && c <= 57) {
      // A number, hex and exponents included: verbatim, so its letters are never relabelled.
      while (i < n && (isIdentPart(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i++;
    } else if (c > 127 && !/\s/.test(text[i] ?? "")) {
      return undefined; // a non-ASCII identifier: its width and identifier-ness are not modelled
    } else i++; // punctuation and white space: kept as they are, so not listed
  }
  return tokens;
}

/** x/X for each ASCII letter, 0 for each digit, by character code; everything else as it is. */
const RELABEL = Array.from({ length: 128 }, (_, c) => (c >= 97 && c <= 122 ? 120 : c >= 65 && c <= 90 ? 88 : c >= 48 && c <= 57 ? 48 : c));

// Identifiers and comments repeat across the files of a run (every lister names its package,
// every file carries the header): each distinct text is relabelled once. Bounded, since the texts
// of one run are what it holds; cleared when full rather than evicting one by one.
const relabelled = new Map<string, string>();

/** x/X for letters, 0 for digits, everything else as it is. */
function relabel(s: string): string {
  let out = relabelled.get(s);
  if (out !== undefined) return out;
  const codes = new Array<number>(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    codes[i] = c < 128 ? (RELABEL[c] ?? c) : c;
  }
  out = "";
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.slice(i, i + 8192));
  if (relabelled.size >= 100_000) relabelled.clear();
  relabelled.set(s, out);
  return out;
}

const substitutableString = (content: string): boolean => !/[\\\u0080-\uffff]|^[0-9]/.test(content);
const substitutableComment = (comment: string): boolean => !/prettier|[\u0080-\uffff]/i.test(comment);

/** The shape of `text`, or undefined when it has none (the text is then formatted as it is). */
export function shapeOf(text: string): Shape | undefined {
  const tokens = scan(text);
  if (tokens === undefined) return undefined;
  const words: Word[] = [];
  const comments: string[] = [];
  let key = "";
  let at = 0;
  for (const t of tokens) {
    const raw = text.slice(t.start, t.end);
    let shaped = raw;
    if (t.kind === "identifier" && !VERBATIM.has(raw)) {
      shaped = relabel(raw);
      words.push({ text: raw, shape: shaped });
    } else if (t.kind === "string" && substitutableString(raw.slice(1, -1))) {
      const content = raw.slice(1, -1);
      shaped = `${raw[0]}${relabel(content)}${raw[0]}`;
      words.push({ text: content, shape: relabel(content) });
    } else if (t.kind === "comment" && substitutableComment(raw)) {
      shaped = relabel(raw);
      comments.push(raw);
    }
    if (shaped !== raw) {
      key += text.slice(at, t.start) + shaped;
      at = t.end;
    }
  }
  key += text.slice(at);
  return { key, words, comments };
}

const alnum = /[A-Za-z0-9]/;

/**
 * Writes `shape`'s own tokens back into `formatted` (prettier's output for `shape.key`), or
 * undefined when the formatted text's tokens do not line up with the shape's one for one.
 */
export function restoreShape(formatted: string, shape: Shape): string | undefined {
  const tokens = scan(formatted);
  if (tokens === undefined) return undefined;
  let w = 0;
  let c = 0;
  let out = "";
  let at = 0;
  for (const t of tokens) {
    const raw = formatted.slice(t.start, t.end);
    let restored: string | undefined;
    if (t.kind === "identifier" && !VERBATIM.has(raw)) {
      // An identifier here may have been a quoted key before (prettier unquotes keys as needed).
      const word = shape.words[w++];
      if (word === undefined || word.shape !== raw) return undefined;
      restored = word.text;
    } else if (t.kind === "string" && substitutableString(raw.slice(1, -1))) {
      // Prettier picks the quote (and may quote a key); the content is the original's.
      const word = shape.words[w++];
      if (word === undefined || word.shape !== raw.slice(1, -1)) return undefined;
      restored = `${raw[0]}${word.text}${raw[0]}`;
    } else if (t.kind === "comment" && substitutableComment(raw)) {
      // Prettier re-indents the lines of a block comment; letters and digits keep their order.
      const original = shape.comments[c++];
      if (original === undefined) return undefined;
      const shaped = relabel(original);
      // Most comments come back as they went (a line comment, a block comment already indented).
      if (shaped === raw) restored = original;
      else {
        if (shaped.replace(/\s+/g, "") !== raw.replace(/\s+/g, "")) return undefined;
        const chars = [...original].filter((ch) => alnum.test(ch));
        let k = 0;
        restored = raw.replace(/[A-Za-z0-9]/g, () => chars[k++] ?? "");
      }
    }
    if (restored !== undefined) {
      out += formatted.slice(at, t.start) + restored;
      at = t.end;
    }
  }
  if (w !== shape.words.length || c !== shape.comments.length) return undefined;
  // Each token written back relabels to the formatted token it replaces (checked above, letter by
  // letter for comments), and writing back changes no character the scanner reads as structure, so
  // the result is an exact relabelling of the formatted shape without scanning it again.
  return out + formatted.slice(at);
}
