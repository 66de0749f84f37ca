// The strings extension's functions whose port here differs from cel-go's ext/strings.go, as cel-go
// has them. Offsets count code points (the port counts UTF-16 units), a search from past the end
// finds nothing (-1, not an error), and the errors are cel-go's ("index out of range: 50",
// "invalid substring range. start: 3, end: 1"); replace() and split() take a count as Go's
// strings.Replace and strings.SplitN do (negative: all; an empty separator or pattern: between code
// points). They replace the port's versions in the environment (library.ts).
import { celList, celMethod, CelScalar, listType } from "@bufbuild/cel";

const { STRING, INT } = CelScalar;

const outOfRange = (i: number): Error => new Error(`index out of range: ${String(i)}`);

function indexOfOffset(s: string, sub: string, offset: number): number {
  if (offset < 0) throw outOfRange(offset);
  const runes = [...s];
  if (sub === "") return Math.min(offset, runes.length);
  const subRunes = [...sub];
  if (offset >= runes.length) return -1;
  for (let i = offset; i < runes.length - (subRunes.length - 1); i++) if (subRunes.every((r, j) => runes[i + j] === r)) return i;
  return -1;
}

function lastIndexOfOffset(s: string, sub: string, offset: number): number {
  if (offset < 0) throw outOfRange(offset);
  const runes = [...s];
  if (sub === "") return Math.min(offset, runes.length);
  const subRunes = [...sub];
  if (offset >= runes.length) return -1;
  for (let i = Math.min(offset, runes.length - subRunes.length); i >= 0; i--) if (subRunes.every((r, j) => runes[i + j] === r)) return i;
  return -1;
}

function lastIndexOf(s: string, sub: string): number {
  const runes = [...s];
  if (sub === "") return runes.length;
  if (s.length < sub.length) return -1;
  return lastIndexOfOffset(s, sub, runes.length - 1);
}

function substring(s: string, start: number, end?: number): string {
  const runes = [...s];
  if (end !== undefined && start > end) throw new Error(`invalid substring range. start: ${String(start)}, end: ${String(end)}`);
  if (start < 0 || start > runes.length) throw outOfRange(start);
  if (end !== undefined && (end < 0 || end > runes.length)) throw outOfRange(end);
  return runes.slice(start, end).join("");
}

/** Go's strings.Replace(s, old, repl, n). */
function replace(s: string, old: string, repl: string, n: number): string {
  if (n === 0 || old === repl) return s;
  if (old === "") {
    // Before each code point and at the end, n times at most.
    const runes = [...s];
    const limit = n < 0 ? runes.length + 1 : Math.min(n, runes.length + 1);
    let out = "";
    for (let i = 0; i < runes.length; i++) out += (i < limit ? repl : "") + runes[i]!;
    return out + (limit > runes.length ? repl : "");
  }
  const parts = s.split(old);
  if (n < 0 || n >= parts.length - 1) return parts.join(repl);
  return parts.slice(0, n + 1).join(repl) + old + parts.slice(n + 1).join(old);
}

/** Go's strings.SplitN(s, sep, n). */
function splitN(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  const parts = sep === "" ? [...s] : s.split(sep);
  if (n < 0 || parts.length <= n) return parts;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
}

/** The names of the functions these replace (on a string receiver; lists have their own indexOf). */
export const REPLACED_STRING_FUNCTIONS = new Set(["charAt", "indexOf", "lastIndexOf", "substring", "replace", "split"]);

export const stringFuncs = [
  celMethod("replace", STRING, [STRING, STRING], STRING, function (old, repl) {
    return replace(this, old, repl, -1);
  }),
  celMethod("replace", STRING, [STRING, STRING, INT], STRING, function (old, repl, n) {
    return replace(this, old, repl, Number(n));
  }),
  celMethod("split", STRING, [STRING], listType(STRING), function (sep) {
    return celList(splitN(this, sep, -1));
  }),
  celMethod("split", STRING, [STRING, INT], listType(STRING), function (sep, n) {
    return celList(splitN(this, sep, Number(n)));
  }),
  celMethod("charAt", STRING, [INT], STRING, function (i) {
    const runes = [...this];
    const n = Number(i);
    if (n < 0 || n > runes.length) throw outOfRange(n);
    return runes[n] ?? "";
  }),
  celMethod("indexOf", STRING, [STRING], INT, function (sub) {
    return BigInt(indexOfOffset(this, sub, 0));
  }),
  celMethod("indexOf", STRING, [STRING, INT], INT, function (sub, offset) {
    return BigInt(indexOfOffset(this, sub, Number(offset)));
  }),
  celMethod("lastIndexOf", STRING, [STRING], INT, function (sub) {
    return BigInt(lastIndexOf(this, sub));
  }),
  celMethod("lastIndexOf", STRING, [STRING, INT], INT, function (sub, offset) {
    return BigInt(lastIndexOfOffset(this, sub, Number(offset)));
  }),
  celMethod("substring", STRING, [INT], STRING, function (start) {
    return substring(this, Number(start));
  }),
  celMethod("substring", STRING, [INT, INT], STRING, function (start, end) {
    return substring(this, Number(start), Number(end));
  }),
];
