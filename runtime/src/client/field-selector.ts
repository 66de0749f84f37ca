// Field selectors from a map: { "metadata.name": "x" } is "metadata.name=x", and { field: { not:
// "v" } } is "field!=v". Values are escaped as fields.EscapeValue does, so a value holding "," or
// "=" stays one term.

/** A selector string, or field paths mapped to the value they must equal (or `{ not }` to differ from). */
export type FieldSelectorInput = string | Readonly<Record<string, string | { readonly not: string }>>;

/** fields.EscapeValue: backslash, comma and equals sign are backslash-escaped. */
export function escapeFieldValue(v: string): string {
  return v.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** The query-string form of `selector`; "" selects everything. */
export function fieldSelectorString(selector: FieldSelectorInput): string {
  if (typeof selector === "string") return selector;
  return Object.keys(selector)
    .sort()
    .map((k) => {
      const v = selector[k]!;
      return typeof v === "string" ? `${k}=${escapeFieldValue(v)}` : `${k}!=${escapeFieldValue(v.not)}`;
    })
    .join(",");
}
