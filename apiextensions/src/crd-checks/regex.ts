// Pattern checks with an RE2 engine: the server compiles `pattern` with Go's regexp (RE2
// syntax), so lookaheads and backreferences are rejected even though JavaScript accepts them.
// @bufbuild/re2 ports Go's parser, so its error text matches Go's ("error parsing regexp: ...").
import { re2 } from "../validation/re2.js";

/** The Go regexp compile error for `pattern`, or undefined when it compiles. */
export function re2CompileError(pattern: string): string | undefined {
  try {
    re2.get().RE2JS.compile(pattern);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
