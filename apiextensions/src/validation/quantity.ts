// resource.Quantity amounts as exact rationals: "1Gi" and "1024Mi" are the same amount. Apart from the
// CEL quantity library (./cel/quantity-library.ts) that uses it, so that a caller comparing quantities
// (the test server's semantic equality) loads no CEL.

export interface Rational {
  num: bigint;
  den: bigint;
}

const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const SYNTAX = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

/** num/den in lowest terms, the denominator positive. */
export function make(num: bigint, den: bigint): Rational {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** Parses the resource.Quantity syntax into an exact rational; undefined when the server would reject it. */
export function parseQuantity(s: string): Rational | undefined {
  const m = SYNTAX.exec(s);
  if (!m) return undefined;
  const number = m[1] ?? "";
  const suffix = m[2] ?? "";
  const negative = number.startsWith("-");
  const [whole = "", frac = ""] = number.replace(/^[+-]/, "").split(".");
  let num = BigInt(whole + frac || "0") * (negative ? -1n : 1n);
  let den = 10n ** BigInt(frac.length);
  const binary = BINARY[suffix];
  if (binary !== undefined) num *= 1024n ** BigInt(binary);
  else {
    const exp = DECIMAL[suffix] ?? Number(suffix.slice(1));
    if (exp >= 0) num *= 10n ** BigInt(exp);
    else den *= 10n ** BigInt(-exp);
  }
  return make(num, den);
}
