// Conversions of a string as cel-go makes them, with Go's strconv: double() with ParseFloat (the
// standard library's conversion here answers NaN for what is not a number, where cel-go fails,
// as it does past float64's range), int() and uint() with ParseInt and ParseUint in base 10 (here
// '0x10' and ' 5' were numbers, '-1' an overflow). The error is cel-go's "type conversion error
// from 'string' to 'int'". Same signatures as the standard overloads, so they replace them in the
// environment (library.ts).
import { celFunc, celUint, CelScalar } from "@bufbuild/cel";

const { STRING, DOUBLE, INT, UINT } = CelScalar;

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Go's underscores in a number: each between two digits. */
const UNDERSCORES = /^[+-]?\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:[eE][+-]?\d+)?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/;

/** Go's strconv.ParseFloat(s, 64), or undefined where it returns an error (past float64's range too). */
function parseGoFloat(s: string): number | undefined {
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
  else if (UNDERSCORES.test(s)) v = Number(s.replaceAll("_", ""));
  else return undefined;
  return Number.isFinite(v) ? v : undefined;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

const conversionError = (to: string): Error => new Error(`type conversion error from 'string' to '${to}'`);

export const conversionFuncs = [
  celFunc("int", [STRING], INT, (s) => {
    if (!/^[+-]?\d+$/.test(s)) throw conversionError("int");
    const v = BigInt(s);
    if (v < INT64_MIN || v > INT64_MAX) throw conversionError("int");
    return v;
  }),
  celFunc("uint", [STRING], UINT, (s) => {
    if (!/^\d+$/.test(s)) throw conversionError("uint");
    const v = BigInt(s);
    if (v > UINT64_MAX) throw conversionError("uint");
    return celUint(v);
  }),
  celFunc("double", [STRING], DOUBLE, (s) => {
    const v = parseGoFloat(s);
    if (v === undefined) throw conversionError("double");
    return v;
  }),
];
