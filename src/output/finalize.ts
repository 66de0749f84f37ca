import { posix } from "node:path";
import { digest, toolIdentity, type CacheStore } from "../cache/index.js";
import { formatTypeScript, headerText, type FormatStore, newFormatMemo } from "../emit/index.js";
import type { OutputFile } from "../generators/index.js";
import { collectIfGrown } from "../memory/index.js";

/** A generated file with its final text. */
export interface FinalFile {
  readonly path: string;
  readonly content: string;
  /**
   * Set when the file is known to be on disk with this final text already (a unit the cache gave,
   * OutputFile.onDisk): the digest of its bytes. Its `content` is then read from the disk only if
   * something asks for it, and the output stage takes the file as unchanged.
   */
  readonly onDisk?: string;
}

/** A file that is on disk as the run would make it, its text read from there the first time `content` is read. */
function fromDisk(path: string, onDisk: NonNullable<OutputFile["onDisk"]>): FinalFile {
  let text: string | undefined;
  return {
    path,
    onDisk: onDisk.digest,
    get content(): string {
      return (text ??= onDisk.text());
    },
  };
}

/**
 * Adds the header and formats each file; output is sorted by path so every run lists the same order.
 * It takes `files` over, leaving the array empty.
 * A file a cached unit gave (OutputFile.onDisk) is final already. With a cache, the TypeScript files
 * of one folder are looked up together by their texts and the tool (which pins prettier's version
 * and options: formatting is a pure function of those), so a run that changed one kind reads a few
 * entries and formats one folder's files; within a folder that did change, prettier's output is
 * looked up by shape (emit/format.ts), so an unchanged layout is never formatted twice.
 */
export async function finalize(files: OutputFile[], header: string, cache?: CacheStore): Promise<FinalFile[]> {
  const memo = newFormatMemo();
  const store = cache === undefined ? undefined : formatStore(cache);
  const tsHead = `${headerText(header, "//")}\n`;
  const yamlHead = headerText(header, "#");
  const format = (f: OutputFile): Promise<string> => formatTypeScript(`${tsHead}${f.body}`, store, memo);
  const out: FinalFile[] = [];
  const byFolder = new Map<string, OutputFile[]>();
  for (const f of files) {
    if (f.onDisk !== undefined) out.push(fromDisk(f.path, f.onDisk));
    else if (f.lang === "yaml") out.push({ path: f.path, content: `${yamlHead}${f.body}` });
    else {
      const folder = posix.dirname(f.path);
      const list = byFolder.get(folder);
      if (list) list.push(f);
      else byFolder.set(folder, [f]);
    }
  }
  // Each file is now held once, by `out` or its folder's list, which lets go of it once formatted:
  // at 1,000 kinds, bodies and final texts held side by side would be tens of megabytes more.
  files.length = 0;
  const folderContents = async (list: readonly OutputFile[]): Promise<string[]> => {
    if (cache === undefined) return Promise.all(list.map(format));
    const key = digest(["final", toolIdentity(), header, ...list.flatMap((f) => [f.path, f.body])]);
    const stored = readContents(cache.get("final", key), list.length);
    if (stored) return stored;
    const contents = await Promise.all(list.map(format));
    cache.put("final", key, JSON.stringify(contents));
    return contents;
  };
  // One folder at a time: formatting every folder at once held each one's work in progress side
  // by side, about 80 MB more at the peak of a 1,000-kind run, for no gain (prettier's work is
  // synchronous between its awaits).
  for (const list of byFolder.values()) {
    collectIfGrown();
    const contents = await folderContents(list);
    list.forEach((f, i) => out.push({ path: f.path, content: contents[i] as string }));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A folder's stored contents, or undefined when the entry is absent or not `count` strings (then the folder is formatted). */
function readContents(text: string | undefined, count: number): string[] | undefined {
  if (text === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.length === count && v.every((c) => typeof c === "string") ? v : undefined;
  } catch {
    return undefined;
  }
}

function formatStore(cache: CacheStore): FormatStore {
  const identity = toolIdentity();
  return {
    get: (key) => cache.get("format", digest(["format", identity, key])),
    put: (key, formatted) => cache.put("format", digest(["format", identity, key]), formatted),
  };
}
