import { decodePlain, digest, encodePlain, toolIdentity, type CacheStore } from "../cache/index.js";
import type { Diagnostic } from "../diagnostics/index.js";
import { assembleInput, findInput } from "./find-input.js";
import type { ImportSyntax, LoadedInput, ParsedFile } from "./syntax.js";

/**
 * loadInput with a parse cache: a file's syntax and its diagnostics are a function of its text, its
 * paths (which positions print) and the tool, so they are stored under a digest of those and
 * reused while the file is unchanged. Only files the cache does not hold are parsed, and only then
 * is the TypeScript compiler loaded (the largest part of a warm run's start-up otherwise, see
 * ./typescript.ts). Without a cache every file is parsed, as loadInput does.
 */
export async function loadInputCached(
  inputRoot: string,
  cwd: string,
  cache: CacheStore | undefined,
): Promise<{ input: LoadedInput; diagnostics: Diagnostic[] }> {
  const found = findInput(inputRoot, cwd);
  const parsed = new Map<string, ParsedFile>();
  const misses: { rel: string; display: string; text: string; key: string }[] = [];
  for (const f of found.files) {
    if (f.generated) continue;
    const display = found.display(f.rel);
    const key = cache ? digest(["parse", toolIdentity(), f.rel, display, f.text]) : "";
    const hit = cache ? readParsed(cache.get("parse", key)) : undefined;
    if (hit) parsed.set(f.rel, hit);
    else misses.push({ rel: f.rel, display, text: f.text, key });
  }
  if (misses.length > 0) {
    const { parseFile } = await import("./parse.js");
    for (const m of misses) {
      const p = parseFile(m.rel, m.display, m.text);
      parsed.set(m.rel, p);
      cache?.put("parse", m.key, encodePlain(stored(p)));
    }
  }
  return assembleInput(found, parsed);
}

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
