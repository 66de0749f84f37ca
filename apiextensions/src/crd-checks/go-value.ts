// Renders JSON values the way Go's fmt verbs print the server's decoded values, because the
// server's cause messages embed them ("Invalid value: map[string]interface {}{\"b\":\"x\"}").
// Only the shapes that reach messages are covered: JSON scalars, arrays and objects.

import { goQuote as goStrconvQuote } from "../validation/go-format.js";

/** Go's `%q` for a string (strconv.Quote: non-printable runes escaped, unlike JSON). */
export function goQuote(s: string): string {
  return goStrconvQuote(s);
}

/** Go's `%#v` for a value decoded from JSON into `interface{}` (int64 for integers, float64 otherwise). */
export function goSharpV(v: unknown, nested = false): string {
  if (v === null || v === undefined) return nested ? "interface {}(nil)" : "<nil>";
  if (typeof v === "string") return goQuote(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return goNumber(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => goSharpV(x, true)).join(", ")}}`;
  if (typeof v === "object") {
    const keys = Object.keys(v).sort();
    const body = keys.map((k) => `${goQuote(k)}:${goSharpV((v as Record<string, unknown>)[k], true)}`);
    return `map[string]interface {}{${body.join(", ")}}`;
  }
  return String(v);
}

/** Go's `%v` for a float64 or int64 decoded from JSON. */
export function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  // Go prints float64 with %v as the shortest repr, switching to exponent form at 1e21 / 1e-4.
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e21 || abs < 1e-4)) {
    const [mant, exp] = n.toExponential().split("e");
    const e = Number(exp);
    return `${mant}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  return String(n);
}

/** Go's `%#v` for a `[]string` — `[]string{"a", "b"}`. */
export function goSharpStringSlice(xs: readonly string[] | undefined): string {
  if (xs === undefined) return "[]string(nil)";
  return `[]string{${xs.map(goQuote).join(", ")}}`;
}
