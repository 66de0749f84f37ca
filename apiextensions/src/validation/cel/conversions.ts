// double(string) as cel-go converts it, with Go's strconv.ParseFloat: the standard library's
// conversion here answers NaN for what is not a number, where cel-go fails ("type conversion error
// from 'string' to 'double'"), as it does for a number past float64's range. Same signature as the
// standard overload, so it replaces it in the environment (library.ts).
import { celFunc, CelScalar } from "@bufbuild/cel";

const { STRING, DOUBLE } = CelScalar;

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/;

/** Go's strconv.ParseFloat(s, 64), or undefined where it returns an error (underscores, accepted after a base prefix, are not). */
export function parseGoFloat(s: string): number | undefined {
  const special = SPECIAL.exec(s);
  if (special) return special[2]!.toLowerCase() === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
  let v: number;
  const hex = HEX.exec(s);
  if (hex) {
    const [, sign, whole, fraction, exponent] = hex;
    if (whole === "" && fraction === "") return undefined;
    v = parseInt(`${whole!}${fraction!}` || "0", 16) * 2 ** (Number(exponent) - 4 * fraction!.length);
    if (sign === "-") v = -v;
  } else if (DECIMAL.test(s)) v = Number(s);
  else return undefined;
  return Number.isFinite(v) ? v : undefined;
}

export const conversionFuncs = [
  celFunc("double", [STRING], DOUBLE, (s) => {
    const v = parseGoFloat(s);
    if (v === undefined) throw new Error("type conversion error from 'string' to 'double'");
    return v;
  }),
];
