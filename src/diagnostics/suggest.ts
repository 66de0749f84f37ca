/**
 * Edit distance (optimal string alignment: insertions, deletions, substitutions and swaps of
 * neighbours each cost 1), compared case-insensitively because `minLength` for `MinLength` is
 * the commonest slip.
 */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row = new Array<number>(t.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0]!;
  for (let j = 0; j <= t.length; j++) first[j] = j;
  for (let i = 1; i <= s.length; i++) {
    const row = rows[i]!;
    const prev = rows[i - 1]!;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
    }
  }
  return rows[s.length]![t.length]!;
}

/** How far a candidate may be from the written word and still be offered as "did you mean". */
function threshold(word: string): number {
  return Math.min(4, Math.max(2, Math.floor(word.length / 4)));
}

/**
 * The candidates closest to `word`, best first: an exact case-insensitive match, then names whose
 * last `:` segment matches (a marker written with the wrong prefix), then by edit distance within
 * a threshold. Ties keep the candidates' order, so results are deterministic.
 */
export function closest(word: string, candidates: readonly string[], max = 3): string[] {
  const lastSeg = (s: string) => s.slice(s.lastIndexOf(":") + 1).toLowerCase();
  const head = (s: string) => s.split(":")[0]!.toLowerCase();
  const scored: { name: string; score: number; index: number }[] = [];
  candidates.forEach((name, index) => {
    if (name === word) return;
    let score: number;
    if (name.toLowerCase() === word.toLowerCase()) score = -2;
    else if (word.includes(":") || name.includes(":") ? lastSeg(name) === lastSeg(word) && lastSeg(word) !== "" : false) {
      // Same last segment: prefer the same namespace, then the same case, then the nearer spelling.
      const sameHead = head(name) === head(word) ? 0 : 0.5;
      const sameCase = name.slice(name.lastIndexOf(":") + 1) === word.slice(word.lastIndexOf(":") + 1) ? 0 : 0.25;
      score = -1 + sameHead + sameCase + editDistance(word, name) / 1000;
    } else {
      // The distance is at least the difference in (compared, lower-case) length: a name that much
      // longer or shorter is out of reach without computing it.
      if (Math.abs(name.toLowerCase().length - word.toLowerCase().length) > threshold(word)) return;
      const d = editDistance(word, name);
      if (d > threshold(word)) return;
      score = d;
    }
    scored.push({ name, score, index });
  });
  scored.sort((x, y) => x.score - y.score || x.index - y.index);
  // Only the best-scoring candidates: a far second guess is noise next to a near first one.
  const best = scored[0]?.score;
  return scored
    .filter((s) => s.score === best)
    .slice(0, max)
    .map((s) => s.name);
}

/** Formats suggestions as a hint: `did you mean +a?` or `did you mean one of +a, +b?`. */
export function didYouMean(suggestions: readonly string[], prefix = ""): string | undefined {
  if (suggestions.length === 0) return undefined;
  if (suggestions.length === 1) return `did you mean ${prefix}${suggestions[0]}?`;
  return `did you mean one of ${suggestions.map((s) => prefix + s).join(", ")}?`;
}
