import { digest, toolIdentity, type CacheStore } from "../cache/index.js";
import { formatTypeScript, headerText, type ShapeMemo } from "../emit/index.js";
import type { OutputFile } from "../generators/index.js";

/** A generated file with its final bytes. */
export interface FinalFile {
  readonly path: string;
  readonly content: string;
}

/**
 * Adds the header and formats each file; output is sorted by path so every run lists the same order.
 * With a cache, prettier's output is looked up by the text (or shape) it would format and the tool,
 * which pins prettier's version and options: formatting is a pure function of those, and it is
 * most of a run's time, so an unchanged file is never formatted twice.
 */
export async function finalize(files: readonly OutputFile[], header: string, cache?: CacheStore): Promise<FinalFile[]> {
  const shapes: ShapeMemo = new Map();
  const out = await Promise.all(
    files.map(async (f) => {
      const head = headerText(header, f.lang === "yaml" ? "#" : "//");
      const content = f.lang === "ts" ? await formatCached(`${head}\n${f.body}`, cache, shapes) : `${head}${f.body}`;
      return { path: f.path, content };
    }),
  );
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function formatCached(text: string, cache: CacheStore | undefined, shapes: ShapeMemo): Promise<string> {
  if (!cache) return formatTypeScript(text, undefined, shapes);
  const identity = toolIdentity();
  return formatTypeScript(
    text,
    {
      get: (key) => cache.get("format", digest(["format", identity, key])),
      put: (key, formatted) => cache.put("format", digest(["format", identity, key]), formatted),
    },
    shapes,
  );
}
