import { decodePlain, digest, encodePlain, toolIdentity, type CacheStore } from "../cache/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import { assembleInput, findInput } from "./find-input.js";
import type { ParserThread } from "./parser-thread.js";
import type { ImportSyntax, LoadedInput, ParsedFile } from "./syntax.js";

/** Past this many files to parse, a run is mostly parsing: the main thread parses them itself. */
const THREAD_MAX_FILES = 64;

/**
 * loadInput with a parse cache: a file's syntax and its diagnostics are a function of its text, its
 * paths (which positions print) and the tool, so they are stored under a digest of those and
 * reused while the file is unchanged. Only files the cache does not hold are parsed, and only then
 * is the TypeScript compiler loaded (the largest part of a warm run's start-up otherwise, see
 * ./typescript.ts). With `parser` (a thread the cli started, ./parser-thread.ts), a few files to
 * parse go to it and are parsed while this thread decodes the cached syntax of the others; the
 * thread is stopped once it is no longer needed. Without a cache every file is parsed, as
 * loadInput does.
 */
export async function loadInputCached(
  inputRoot: string,
  cwd: string,
  cache: CacheStore | undefined,
  parser?: ParserThread,
): Promise<{ input: LoadedInput; diagnostics: Diagnostic[] }> {
  const found = findInput(inputRoot, cwd);
  const parsed = new Map<string, ParsedFile>();
  const hits: { rel: string; entry: string }[] = [];
  const misses: { rel: string; display: string; text: string; key: string }[] = [];
  for (const f of found.files) {
    if (f.generated) continue;
    const display = found.display(f.rel);
    const key = cache ? digest(["parse", toolIdentity(), f.rel, display, f.text]) : "";
    const entry = cache?.get("parse", key);
    if (entry !== undefined) hits.push({ rel: f.rel, entry });
    else misses.push({ rel: f.rel, display, text: f.text, key });
  }
  const useThread =
    parser !== undefined && misses.length > 0 && misses.length <= THREAD_MAX_FILES && hits.length > 0 && misses.every(shallowForThread);
  if (!useThread) parser?.stop();
  const threaded = useThread ? parser.parse([...misses]) : undefined;
  for (const h of hits) {
    const p = readParsed(h.entry);
    // An entry that is not the shape one is: parsed again, as a miss.
    if (p) parsed.set(h.rel, p);
    else {
      const f = found.files.find((x) => x.rel === h.rel)!;
      const display = found.display(f.rel);
      misses.push({ rel: f.rel, display, text: f.text, key: digest(["parse", toolIdentity(), f.rel, display, f.text]) });
    }
  }
  const fromThread = threaded && (await threaded);
  parser?.stop();
  if (misses.length > 0) {
    const parseFile = fromThread && fromThread.length === misses.length ? undefined : (await import("./parse.js")).parseFile;
    misses.forEach((m, i) => {
      const p = parseFile ? parseFile(m.rel, m.display, m.text) : (fromThread![i] as ParsedFile);
      parsed.set(m.rel, p);
      cache?.put("parse", m.key, encodePlain(stored(p)));
    });
  }
  return assembleInput(found, parsed);
}

/**
 * Whether a file is safe to parse on the thread: one whose type arguments cannot nest deep enough to
 * exhaust a stack. A thread's stack is not the main thread's size, so a file nested near the limit
 * (../load/parse.ts refuses brackets past MAX_NESTING_DEPTH, but not `<`) could parse on one and
 * overflow on the other; such a file is parsed on the main thread, as every run would.
 */
function shallowForThread(f: { readonly text: string }): boolean {
  let angles = 0;
  for (let i = f.text.indexOf("<"); i >= 0; i = f.text.indexOf("<", i + 1)) if (++angles > MAX_THREAD_ANGLES) return false;
  return true;
}

/** At most this many `<` in a file parsed on the thread: far from any stack's limit on either thread. */
const MAX_THREAD_ANGLES = 200;

/** A parse as stored: each import's names as a list of pairs, so an entry is plain JSON that decodePlain need not walk (it walks only text with a tag, a Map's or an undefined's). */
type StoredParse = Omit<ParsedFile, "imports"> & { readonly imports: (Omit<ImportSyntax, "names"> & { names: [string, string][] })[] };

function stored(p: ParsedFile): StoredParse {
  return { ...p, imports: p.imports.map((i) => ({ ...i, names: [...i.names] })) };
}

/** A stored parse, or undefined when the entry is absent or not the shape one is (then the file is parsed again). */
function readParsed(text: string | undefined): ParsedFile | undefined {
  if (text === undefined) return undefined;
  try {
    const v = decodePlain(text) as Partial<StoredParse> | null;
    if (v === null || typeof v !== "object" || !Array.isArray(v.imports) || !Array.isArray(v.decls) || !Array.isArray(v.diagnostics))
      return undefined;
    if (!v.imports.every((i) => Array.isArray(i.names))) return undefined;
    return { ...(v as StoredParse), imports: v.imports.map((i) => ({ ...i, names: new Map(i.names) })) };
  } catch {
    return undefined;
  }
}
