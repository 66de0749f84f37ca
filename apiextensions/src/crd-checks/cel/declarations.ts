// The functions a CEL environment declares, by the environment's minor (the server's minus one:
// celEnvironmentMinor), from the table read off k8s.io/apiserver (declared-functions.ts). The type
// checker refuses a call of a name outside it, as cel-go does.
import { FUNCTIONS_ADDED } from "./declared-functions.js";

const cache = new Map<number, ReadonlySet<string>>();
const FIRST = Math.min(...Object.keys(FUNCTIONS_ADDED).map(Number));

/** Every function name declared at environment minor 1.`envMinor` (the oldest table's below it). */
export function declaredFunctions(envMinor: number): ReadonlySet<string> {
  const m = Math.max(envMinor, FIRST);
  let set = cache.get(m);
  if (set === undefined) {
    set = new Set(
      Object.entries(FUNCTIONS_ADDED)
        .filter(([k]) => Number(k) <= m)
        .flatMap(([, names]) => names),
    );
    cache.set(m, set);
  }
  return set;
}
