// go-yaml v2 sorts map keys with a "natural" order (its keyList.Less): letters compare by code
// point, a non-letter sorts before a letter, and runs of digits compare by numeric value.

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Nd}/u.test(ch);
}

/** Compares two map keys as go-yaml v2 orders them when it writes a map. */
export function compareGoYamlKeys(a: string, b: string): number {
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
