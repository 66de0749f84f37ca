// The TypeScript compiler, which the parse stage uses for its parser: 9 MB of JavaScript that V8
// compiles on every run before the first file is parsed (about a fifth of a second, the largest
// part of a run that changed one file), unless the code cache (../cache/code-cache.ts) holds it.
import { createRequire } from "node:module";
import type TS from "typescript";
import { requireCompiled } from "../cache/index.js";

const require = createRequire(import.meta.url);

let loaded: typeof TS | undefined;

/**
 * The TypeScript module, with the code cache when one is enabled. Required, not imported: an ESM
 * import of a CommonJS module first scans its whole text for named exports (a quarter of a second
 * for TypeScript's).
 */
export function typescript(): typeof TS {
  loaded ??= requireCompiled(require.resolve("typescript")).exports as typeof TS;
  return loaded;
}
