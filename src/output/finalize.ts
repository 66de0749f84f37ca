import { formatTypeScript, headerText } from "../emit/index.js";
import type { OutputFile } from "../generators/index.js";

/** A generated file with its final bytes. */
export interface FinalFile {
  readonly path: string;
  readonly content: string;
}

/** Adds the header and formats each file; output is sorted by path so every run lists the same order. */
export async function finalize(files: readonly OutputFile[], header: string): Promise<FinalFile[]> {
  const out = await Promise.all(
    files.map(async (f) => {
      const head = headerText(header, f.lang === "yaml" ? "#" : "//");
      const content = f.lang === "ts" ? await formatTypeScript(`${head}\n${f.body}`) : `${head}${f.body}`;
      return { path: f.path, content };
    }),
  );
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
