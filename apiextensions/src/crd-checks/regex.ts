// Pattern checks with an RE2 engine: the server compiles `pattern` with Go's regexp (RE2
// syntax), so lookaheads and backreferences are rejected even though JavaScript accepts them.
// @bufbuild/re2 ports Go's parser, so its error text matches Go's ("error parsing regexp: ...").
import { re2 } from "../validation/re2.js";

/**
 * Each pattern's verdict, by its text: an API repeats its patterns (one DNS-label pattern on every
 * kind's name fields), and compiling one costs about a millisecond. Bounded, since a long-running
 * test server may see any number of CRDs.
 */
const verdicts = new Map<string, string | undefined>();
const MAX_VERDICTS = 4096;

/** The Go regexp compile error for `pattern`, or undefined when it compiles. */
export function re2CompileError(pattern: string): string | undefined {
  if (verdicts.has(pattern)) return verdicts.get(pattern);
  let verdict: string | undefined;
  try {
    re2.get().RE2JS.compile(pattern);
  } catch (e) {
    verdict = e instanceof Error ? e.message : String(e);
  }
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(pattern, verdict);
  return verdict;
}
