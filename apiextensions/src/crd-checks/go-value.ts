// The Go renderings the CRD checks need beyond validation/go-format.ts (where %q, %#v and JSON of
// decoded values live): a []string as %#v prints it.

import { goQuote as goStrconvQuote } from "../validation/go-format.js";

/** Go's `%q` for a string (strconv.Quote: non-printable runes escaped, unlike JSON). */
export function goQuote(s: string): string {
  return goStrconvQuote(s);
}

/** Go's `%#v` for a `[]string` — `[]string{"a", "b"}`. */
export function goSharpStringSlice(xs: readonly string[] | undefined): string {
  if (xs === undefined) return "[]string(nil)";
  return `[]string{${xs.map(goQuote).join(", ")}}`;
}
