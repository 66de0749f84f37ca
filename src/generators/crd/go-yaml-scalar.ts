// How go-yaml v2 (behind sigs.k8s.io/yaml, which controller-gen writes CRDs with) chooses a
// string's style: plain when it reads back as the same string, quoted when it would read back as
// something else (true, 1, null, a timestamp), single-quoted when an indicator would confuse a
// plain reader, double-quoted when single quotes cannot hold it, literal when it has line breaks.

/** The scalar styles go-yaml emits. */
export type ScalarStyle = "plain" | "single" | "double" | "literal";

/** What the emitter's analysis of a string allows, as go-yaml's yaml_emitter_analyze_scalar computes it. */
export interface ScalarAnalysis {
  readonly multiline: boolean;
  readonly blockPlainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
}

const resolvesToNonString = new Set([
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "true",
  "True",
  "TRUE",
  "on",
  "On",
  "ON",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "false",
  "False",
  "FALSE",
  "off",
  "Off",
  "OFF",
  "~",
  "null",
  "Null",
  "NULL",
  "<<",
  ".nan",
  ".NaN",
  ".NAN",
  ".inf",
  ".Inf",
  ".INF",
  "+.inf",
  "+.Inf",
  "+.INF",
  "-.inf",
  "-.Inf",
  "-.INF",
]);
const goInt = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const yamlFloat = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const base60Float = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const timestamp =
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]| +)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?(([ \t]*)(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?$/;

/** True when go-yaml would read the unquoted text back as something other than this string. */
export function resolvesAsNonString(s: string): boolean {
  if (s === "" || resolvesToNonString.has(s)) return true;
  const first = s[0]!;
  if (first === ".") return yamlFloat.test(s);
  if (!/[-+0-9]/.test(first)) return false;
  const plain = s.replace(/_/g, "");
  return goInt.test(plain) || yamlFloat.test(plain) || base60Float.test(s) || timestamp.test(s);
}

/** yaml.v2's is_printable, on code points: tabs and characters outside the BMP are not printable. */
export function isPrintable(cp: number): boolean {
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

/** yaml.v2's is_break. */
export function isBreak(ch: string | undefined): boolean {
  return ch === "\r" || ch === "\n" || ch === "\u0085" || ch === "\u2028" || ch === "\u2029";
}

function isBlankOrEnd(ch: string | undefined): boolean {
  return ch === undefined || ch === " " || ch === "\t" || isBreak(ch);
}

/** go-yaml's analysis of a scalar (block context), on code points. */
function analyzeScalar(chars: readonly string[], s: string): ScalarAnalysis {
  if (chars.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = s.startsWith("---") || s.startsWith("...");
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const followedByWhitespace = isBlankOrEnd(chars[i + 1]);
    if (i === 0) {
      if ("#,[]{}&*!|>'\"%@`".includes(ch)) blockIndicators = true;
      else if ((ch === "?" || ch === ":") && followedByWhitespace) blockIndicators = true;
      else if (ch === "-" && followedByWhitespace) blockIndicators = true;
    } else if (ch === ":" && followedByWhitespace) blockIndicators = true;
    else if (ch === "#" && precededByWhitespace) blockIndicators = true;
    if (!isPrintable(ch.codePointAt(0)!)) special = true;
    if (ch === " ") {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(ch)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankOrEnd(ch);
  }
  let blockPlainAllowed = !(leadingSpace || leadingBreak || trailingSpace || trailingBreak);
  let singleQuotedAllowed = true;
  let blockAllowed = !trailingSpace;
  if (breakSpace) blockPlainAllowed = singleQuotedAllowed = false;
  if (spaceBreak || special) blockPlainAllowed = singleQuotedAllowed = blockAllowed = false;
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

/**
 * The style go-yaml writes a string in, as a mapping value or sequence item (`key` for mapping
 * keys): `chars` are the code points of `s`.
 */
export function scalarStyle(chars: readonly string[], key: boolean, s: string = chars.join("")): ScalarStyle {
  let style: ScalarStyle = s.includes("\n") ? "literal" : resolvesAsNonString(s) || base60Float.test(s) ? "double" : "plain";
  const a = analyzeScalar(chars, s);
  if (style === "plain") {
    if (!a.blockPlainAllowed || (chars.length === 0 && key)) style = "single";
  }
  if (style === "single" && !a.singleQuotedAllowed) style = "double";
  if (style === "literal" && (!a.blockAllowed || key)) style = "double";
  return style;
}
