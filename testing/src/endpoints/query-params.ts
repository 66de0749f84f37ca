// Query parameters read as the server's parameter codec reads them. Booleans: present with any value
// other than "0" or "false" (any case) is true, so watch=True (as some clients send) and a bare ?watch
// are true. Integers: Go's strconv.ParseInt, whose error is the 400's message.
import { badRequest } from "../status-errors.js";

/** The parameter's value as a bool, or undefined when it is absent. */
export function queryBool(query: URLSearchParams, name: string): boolean | undefined {
  const v = query.get(name);
  if (v === null) return undefined;
  return !(v === "0" || v.toLowerCase() === "false");
}

/** The parameter as an int64, undefined when absent or empty; a malformed value is the codec's 400. */
export function queryInt(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null || v === "") return undefined;
  if (!/^[+-]?\d+$/.test(v)) throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  const n = BigInt(v);
  if (n > 9223372036854775807n || n < -9223372036854775808n)
    throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range`);
  return Number(n);
}
