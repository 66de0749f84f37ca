// go-yaml v2 sorts map keys with a "natural" order (its keyList.Less): letters compare by code
// point, a non-letter sorts before a letter, and runs of digits compare by numeric value.

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Nd}/u.test(ch);
}

const asciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const asciiDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Compares two map keys as go-yaml v2 orders them when it writes a map. */
export function compareGoYamlKeys(a: string, b: string): number {
  return compareAscii(a, b) ?? compareCodePoints(a, b);
}

/**
 * The same order on ASCII keys (nearly every CRD key), by character code without splitting the
 * keys into code points: sorting a CRD's maps called the comparison on the order of a million
 * times at 1,000 kinds. Undefined where a key is not ASCII or a run of digits is too long for an
 * exact number, for compareCodePoints to answer.
 */
function compareAscii(a: string, b: string): number | undefined {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ac = a.charCodeAt(i);
    const bc = b.charCodeAt(i);
    if (ac > 127 || bc > 127) return undefined;
    if (ac === bc) continue;
    const al = asciiLetter(ac);
    const bl = asciiLetter(bc);
    if (al && bl) return ac - bc;
    if (al || bl) return bl ? -1 : 1;
    let an = 0;
    let bn = 0;
    if (ac === 48 || bc === 48) {
      for (let j = i - 1; j >= 0 && asciiDigit(a.charCodeAt(j)); j--) {
        if (a.charCodeAt(j) !== 48) {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < a.length && asciiDigit(a.charCodeAt(ai)); ai++) an = an * 10 + (a.charCodeAt(ai) - 48);
    let bi = i;
    for (; bi < b.length && asciiDigit(b.charCodeAt(bi)); bi++) bn = bn * 10 + (b.charCodeAt(bi) - 48);
    if (ai - i > 15 || bi - i > 15 || a.charCodeAt(ai) > 127 || b.charCodeAt(bi) > 127) return undefined;
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai - bi;
    return ac - bc;
  }
  // One is a prefix of the other: the longer sorts after, in code points as in code units.
  return a.length - b.length;
}

/** The order itself, on code points: the reference compareAscii must agree with. */
export function compareCodePoints(a: string, b: string): number {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i]!;
    const bc = br[i]!;
    if (ac === bc) continue;
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return ac.codePointAt(0)! - bc.codePointAt(0)!;
    if (al || bl) return bl ? -1 : 1;
    let an = 0n;
    let bn = 0n;
    if (ac === "0" || bc === "0") {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== "0") {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10n + BigInt(ar[ai]!.codePointAt(0)! - 48);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10n + BigInt(br[bi]!.codePointAt(0)! - 48);
    if (an !== bn) return an < bn ? -1 : 1;
    if (ai !== bi) return ai - bi;
    return ac.codePointAt(0)! - bc.codePointAt(0)!;
  }
  return ar.length - br.length;
}
