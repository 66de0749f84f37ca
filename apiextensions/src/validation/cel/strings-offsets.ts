// The strings extension's functions that take or give an offset, as cel-go's ext/strings.go has them:
// offsets count code points (the extension's port counts UTF-16 units), a search from past the end
// finds nothing (-1, not an error), and the errors are cel-go's ("index out of range: 50",
// "invalid substring range. start: 3, end: 1"). They replace the extension's versions in the
// environment (library.ts).
import { celMethod, CelScalar } from "@bufbuild/cel";

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

/** The names of the functions these replace (on a string receiver; lists have their own indexOf). */
export const OFFSET_FUNCTIONS = new Set(["charAt", "indexOf", "lastIndexOf", "substring"]);

export const stringOffsetFuncs = [
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
