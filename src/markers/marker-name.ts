/** A marker line's name: `+` and a letter, then letters, digits and `_ . - / :` (the value follows `=`). */
export const MARKER_NAME = /^\+([A-Za-z][A-Za-z0-9_.\-/:]*)/;

/** The name a marker line is written with, `:` before `=` dropped (`+kubebuilder:default:=3`); undefined for prose. */
export function writtenMarkerName(raw: string): string | undefined {
  const m = MARKER_NAME.exec(raw);
  if (!m) return undefined;
  const name = m[1]!;
  return name.endsWith(":") && raw[m[0].length] === "=" ? name.slice(0, -1) : name;
}
