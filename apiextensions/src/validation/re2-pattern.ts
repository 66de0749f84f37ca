// Schema `pattern` with Go regexp (RE2) semantics: the server matches with regexp.MatchString (unanchored,
// no backreferences or lookaround, \d ASCII-only, (?i) flags), which JavaScript's RegExp does not reproduce.
import { re2 } from "./re2.js";

/** A compiled pattern, or the compile error the server would report. */
export type CompiledPattern = { ok: true; test(s: string): boolean } | { ok: false; error: string };

const cache = new Map<string, CompiledPattern>();

/** Compiles (once per distinct pattern) an RE2 pattern for unanchored matching. */
export function compilePattern(pattern: string): CompiledPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let compiled: CompiledPattern;
  try {
    const re = re2.get().RE2JS.compile(pattern);
    compiled = { ok: true, test: (s) => re.test(s) };
  } catch (e) {
    compiled = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  cache.set(pattern, compiled);
  return compiled;
}
