import { codePointLabel, foldConfusables, showInvisible, type FoldedChar } from "./confusables.js";
import { MARKER_NAME, writtenMarkerName } from "./marker-name.js";
import type { MarkerRegistry } from "./registry.js";

/**
 * A comment line that is not a marker as written but is one once look-alike characters are folded
 * or `.` is read as `:`: what it was meant to be, and the character that kept it from being so.
 */
export interface NearMiss {
  /** Offset of the offending character in the line and its length (UTF-16 units). */
  readonly offset: number;
  readonly length: number;
  /** The marker as written, `+` and name (invisible characters shown as `<U+200B>`). */
  readonly written: string;
  /** Why it is not the marker: `U+0131 LATIN SMALL LETTER DOTLESS I "ı" stands for "i"`. */
  readonly why: string;
  /** The marker names it was likely meant to be, best first. */
  readonly meant: readonly string[];
}

/**
 * The near miss of a known marker in `raw` (a trimmed comment line), if any. Only lines whose
 * written name resolves to no marker are considered, so a look-alike inside a marker's value is
 * left to the value's own checks; and a line counts only when the folded name resolves to a
 * declared marker (or, for look-alikes, lies in a known namespace), so prose stays prose.
 */
export function nearMissMarker(raw: string, registry: MarkerRegistry): NearMiss | undefined {
  const written = writtenMarkerName(raw);
  if (written !== undefined && registry.resolve(written)) return undefined;
  // ASCII text folds to itself: only the `.` for `:` slip can apply.
  if (/^[\x00-\x7f]*$/.test(raw)) return written === undefined ? undefined : dotSlip(raw, written, registry);
  const folded = foldConfusables(raw);
  const name = writtenMarkerName(folded.text);
  if (name === undefined) return undefined;
  const nameEnd = folded.origin[MARKER_NAME.exec(folded.text)![0].length]!;
  const inName = folded.changes.filter((c) => c.offset < nameEnd);
  if (inName.length === 0) return written === undefined ? undefined : dotSlip(raw, written, registry);
  const meant = meantMarkers(name, registry);
  if (meant.length === 0) return undefined;
  const first = inName[0]!;
  return {
    offset: first.offset,
    length: first.char.length,
    written: showInvisible(raw.slice(0, nameEnd)),
    why: describe(first) + (inName.length > 1 ? ` (and ${inName.length - 1} more look-alike${inName.length > 2 ? "s" : ""})` : ""),
    meant,
  };
}

/** What a folded name was meant to be: itself, itself with `.` read as `:`, or the nearest in its namespace. */
function meantMarkers(name: string, registry: MarkerRegistry): readonly string[] {
  if (registry.resolve(name)) return [name];
  const fixed = dotFixes(name).find((n) => registry.resolve(n));
  if (fixed !== undefined) return [fixed];
  return registry.inKnownNamespace(name) ? registry.suggest(name) : [];
}

/** `+kubebuilder.validation:MaxItems`: the name with a `.` read as `:` is a declared marker. */
function dotSlip(raw: string, written: string, registry: MarkerRegistry): NearMiss | undefined {
  // A name in a known namespace is already an unknown-marker error, with its own suggestion.
  if (registry.inKnownNamespace(written)) return undefined;
  const fixed = dotFixes(written).find((n) => registry.resolve(n));
  if (fixed === undefined) return undefined;
  let dot = 0;
  while (written[dot] === fixed[dot]) dot++;
  return { offset: 1 + dot, length: 1, written: `+${written}`, why: `"." where markers separate names with ":"`, meant: [fixed] };
}

/** The name with some of its dots read as colons, fewest changes first (at most 4 dots tried). */
function dotFixes(name: string): string[] {
  const dots = [...name.matchAll(/\./g)].map((m) => m.index).slice(0, 4);
  const out: { name: string; changed: number }[] = [];
  for (let mask = 1; mask < 1 << dots.length; mask++) {
    const chars = name.split("");
    let changed = 0;
    dots.forEach((d, k) => {
      if (mask & (1 << k)) {
        chars[d] = ":";
        changed++;
      }
    });
    out.push({ name: chars.join(""), changed });
  }
  return out.sort((a, b) => a.changed - b.changed).map((o) => o.name);
}

function describe(c: FoldedChar): string {
  const what = `${codePointLabel(c.char)} ${c.name}`;
  return c.ascii === "" ? `invisible ${what}` : `${what} "${c.char}" in place of "${c.ascii}"`;
}
