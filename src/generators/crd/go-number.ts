// Numbers as they come out of controller-gen: Go's encoding/json writes a float64, go-yaml reads
// it back as an int when it has no fraction (and fits), else as a float it prints with
// strconv.FormatFloat(f, 'g', -1, 64).

const INT64_MAX = 9223372036854775807n;
const UINT64_MAX = 18446744073709551615n;

/** The text go-yaml writes for a number that went through JSON. */
export function goFloat(x: number): string {
  if (Number.isNaN(x)) return ".nan";
  if (!Number.isFinite(x)) return x > 0 ? "+.inf" : "-.inf";
  if (Number.isInteger(x) && Math.abs(x) < 1e21) {
    const big = BigInt(x);
    if (big >= -INT64_MAX - 1n && big <= UINT64_MAX) return big.toString();
  }
  return formatG(x);
}

/** Go's %g with the shortest precision: exponent form when the decimal exponent is < -4 or >= 6 (eprec is 6 for shortest). */
function formatG(x: number): string {
  const neg = x < 0 ? "-" : "";
  const [mant, expText] = Math.abs(x).toExponential().split("e") as [string, string];
  const digits = mant.replace(".", "");
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, "0");
    return `${neg}${m}e${exp < 0 ? "-" : "+"}${e}`;
  }
  if (exp < 0) return `${neg}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  const frac = digits.slice(exp + 1);
  return `${neg}${intPart}${frac ? `.${frac}` : ""}`;
}
