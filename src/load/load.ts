import type { Diagnostic } from "../diagnostics/index.js";
import { assembleInput, findInput } from "./find-input.js";
import { parseFile } from "./parse.js";
import type { LoadedInput, ParsedFile } from "./syntax.js";

/**
 * Reads every API package under `inputRoot` into plain syntax, in sorted order, parsing every file.
 * Generated files (those carrying GENERATED_LINE) are skipped: they are output, not input.
 * (The pipeline loads through loadInputCached, which parses only what its cache does not hold.)
 */
export function loadInput(inputRoot: string, cwd: string = process.cwd()): { input: LoadedInput; diagnostics: Diagnostic[] } {
  const found = findInput(inputRoot, cwd);
  const parsed = new Map<string, ParsedFile>();
  for (const f of found.files) if (!f.generated) parsed.set(f.rel, parseFile(f.rel, found.display(f.rel), f.text));
  return assembleInput(found, parsed);
}
