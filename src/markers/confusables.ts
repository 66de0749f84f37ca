// The Latin look-alikes that turn a marker into prose without anyone noticing: letters of other
// scripts drawn like Latin ones, invisible characters, and compatibility forms (fullwidth `＋`,
// `：`, `ｋ`) that NFKC maps to ASCII. Folding is used only to decide whether a line that is not a
// marker was meant to be one (near-miss.ts); marker text itself is never rewritten.

/** A character that stands in for an ASCII one (or for nothing, when invisible), with its name. */
interface Confusable {
  readonly ascii: string;
  readonly name: string;
}

const table = new Map<string, Confusable>([
  // Cyrillic.
  ["\u0430", { ascii: "a", name: "CYRILLIC SMALL LETTER A" }],
  ["\u0435", { ascii: "e", name: "CYRILLIC SMALL LETTER IE" }],
  ["\u043e", { ascii: "o", name: "CYRILLIC SMALL LETTER O" }],
  ["\u0440", { ascii: "p", name: "CYRILLIC SMALL LETTER ER" }],
  ["\u0441", { ascii: "c", name: "CYRILLIC SMALL LETTER ES" }],
  ["\u0443", { ascii: "y", name: "CYRILLIC SMALL LETTER U" }],
  ["\u0445", { ascii: "x", name: "CYRILLIC SMALL LETTER HA" }],
  ["\u0456", { ascii: "i", name: "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I" }],
  ["\u0458", { ascii: "j", name: "CYRILLIC SMALL LETTER JE" }],
  ["\u0501", { ascii: "d", name: "CYRILLIC SMALL LETTER KOMI DE" }],
  ["\u0455", { ascii: "s", name: "CYRILLIC SMALL LETTER DZE" }],
  ["\u0410", { ascii: "A", name: "CYRILLIC CAPITAL LETTER A" }],
  ["\u0412", { ascii: "B", name: "CYRILLIC CAPITAL LETTER VE" }],
  ["\u0415", { ascii: "E", name: "CYRILLIC CAPITAL LETTER IE" }],
  ["\u041a", { ascii: "K", name: "CYRILLIC CAPITAL LETTER KA" }],
  ["\u041c", { ascii: "M", name: "CYRILLIC CAPITAL LETTER EM" }],
  ["\u041d", { ascii: "H", name: "CYRILLIC CAPITAL LETTER EN" }],
  ["\u041e", { ascii: "O", name: "CYRILLIC CAPITAL LETTER O" }],
  ["\u0420", { ascii: "P", name: "CYRILLIC CAPITAL LETTER ER" }],
  ["\u0421", { ascii: "C", name: "CYRILLIC CAPITAL LETTER ES" }],
  ["\u0422", { ascii: "T", name: "CYRILLIC CAPITAL LETTER TE" }],
  ["\u0425", { ascii: "X", name: "CYRILLIC CAPITAL LETTER HA" }],
  ["\u0406", { ascii: "I", name: "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I" }],
  ["\u0408", { ascii: "J", name: "CYRILLIC CAPITAL LETTER JE" }],
  ["\u0405", { ascii: "S", name: "CYRILLIC CAPITAL LETTER DZE" }],
  // Greek.
  ["\u03bf", { ascii: "o", name: "GREEK SMALL LETTER OMICRON" }],
  ["\u03b1", { ascii: "a", name: "GREEK SMALL LETTER ALPHA" }],
  ["\u03bd", { ascii: "v", name: "GREEK SMALL LETTER NU" }],
  ["\u03b9", { ascii: "i", name: "GREEK SMALL LETTER IOTA" }],
  ["\u03ba", { ascii: "k", name: "GREEK SMALL LETTER KAPPA" }],
  ["\u03c1", { ascii: "p", name: "GREEK SMALL LETTER RHO" }],
  ["\u03c4", { ascii: "t", name: "GREEK SMALL LETTER TAU" }],
  ["\u0391", { ascii: "A", name: "GREEK CAPITAL LETTER ALPHA" }],
  ["\u0392", { ascii: "B", name: "GREEK CAPITAL LETTER BETA" }],
  ["\u0395", { ascii: "E", name: "GREEK CAPITAL LETTER EPSILON" }],
  ["\u0396", { ascii: "Z", name: "GREEK CAPITAL LETTER ZETA" }],
  ["\u0397", { ascii: "H", name: "GREEK CAPITAL LETTER ETA" }],
  ["\u0399", { ascii: "I", name: "GREEK CAPITAL LETTER IOTA" }],
  ["\u039a", { ascii: "K", name: "GREEK CAPITAL LETTER KAPPA" }],
  ["\u039c", { ascii: "M", name: "GREEK CAPITAL LETTER MU" }],
  ["\u039d", { ascii: "N", name: "GREEK CAPITAL LETTER NU" }],
  ["\u039f", { ascii: "O", name: "GREEK CAPITAL LETTER OMICRON" }],
  ["\u03a1", { ascii: "P", name: "GREEK CAPITAL LETTER RHO" }],
  ["\u03a4", { ascii: "T", name: "GREEK CAPITAL LETTER TAU" }],
  ["\u03a5", { ascii: "Y", name: "GREEK CAPITAL LETTER UPSILON" }],
  ["\u03a7", { ascii: "X", name: "GREEK CAPITAL LETTER CHI" }],
  // Latin letters that are not ASCII but read as ASCII.
  ["\u0131", { ascii: "i", name: "LATIN SMALL LETTER DOTLESS I" }],
  // Dashes and colons NFKC leaves alone.
  ["\u2010", { ascii: "-", name: "HYPHEN" }],
  ["\u2011", { ascii: "-", name: "NON-BREAKING HYPHEN" }],
  ["\u2212", { ascii: "-", name: "MINUS SIGN" }],
  ["\u2236", { ascii: ":", name: "RATIO" }],
  ["\ua789", { ascii: ":", name: "MODIFIER LETTER COLON" }],
  // Invisible: removed.
  ["\u200b", { ascii: "", name: "ZERO WIDTH SPACE" }],
  ["\u200c", { ascii: "", name: "ZERO WIDTH NON-JOINER" }],
  ["\u200d", { ascii: "", name: "ZERO WIDTH JOINER" }],
  ["\u2060", { ascii: "", name: "WORD JOINER" }],
  ["\ufeff", { ascii: "", name: "ZERO WIDTH NO-BREAK SPACE" }],
  ["\u00ad", { ascii: "", name: "SOFT HYPHEN" }],
  ["\u180e", { ascii: "", name: "MONGOLIAN VOWEL SEPARATOR" }],
]);

/** One character the fold replaced: where it was in the original text, what it was and became. */
export interface FoldedChar {
  readonly offset: number;
  readonly char: string;
  readonly ascii: string;
  /** The Unicode name, or a description for NFKC compatibility forms. */
  readonly name: string;
}

/** Text with its look-alikes folded to ASCII, and where each folded character came from. */
export interface Folded {
  readonly text: string;
  /** For each UTF-16 index of `text` (and one past its end), the index in the original text. */
  readonly origin: readonly number[];
  readonly changes: readonly FoldedChar[];
}

/** `U+0131` for `ı`. */
export function codePointLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What a non-ASCII character stands in for, if it is a known look-alike or an ASCII compatibility form. */
function lookAlike(char: string): Confusable | undefined {
  const known = table.get(char);
  if (known) return known;
  const nfkc = char.normalize("NFKC");
  // Fullwidth letters, `＋`, `：`, `＝`, ligatures such as `ﬁ`: NFKC makes them ASCII.
  if (nfkc !== char && /^[\x21-\x7e]+$/.test(nfkc)) return { ascii: nfkc, name: "compatibility form" };
  return undefined;
}

/**
 * Format characters that are invisible but not folded away (direction marks, line and paragraph
 * separators, the invisible operators): shown in messages, never read as part of a marker name.
 */
const SHOWN_ONLY = "\u200e\u200f\u2028-\u202e\u2061-\u206f";

/** Control characters and every invisible character, folded (ascii "" in the table) or shown only. */
const INVISIBLE = new RegExp(
  `[\u0000-\u001f\u007f-\u009f${[...table]
    .filter(([, c]) => c.ascii === "")
    .map(([char]) => char)
    .join("")}${SHOWN_ONLY}]`,
  "g",
);

/** The text with invisible and control characters spelled as `<U+200B>`, so a message shows them. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `<${codePointLabel(c)}>`);
}

/** Folds look-alikes to ASCII (invisible characters removed); other characters are kept as written. */
export function foldConfusables(text: string): Folded {
  let out = "";
  const origin: number[] = [];
  const changes: FoldedChar[] = [];
  for (let i = 0; i < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const alike = char.charCodeAt(0) < 0x80 ? undefined : lookAlike(char);
    const written = alike ? alike.ascii : char;
    if (alike) changes.push({ offset: i, char, ascii: alike.ascii, name: alike.name });
    for (let k = 0; k < written.length; k++) origin.push(i);
    out += written;
    i += char.length;
  }
  origin.push(text.length);
  return { text: out, origin, changes };
}
