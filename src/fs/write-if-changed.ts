import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes text to path only when the file's bytes differ (or it is absent, then with its folder),
 * and says whether it wrote. Every script that regenerates a committed file goes through it: rewriting a file with the
 * same bytes changes nothing a reader sees but its mtime, and tools that judge by mtime (make, an
 * editor's reload, a build cache) would take that for a change.
 */
export function writeIfChanged(path: string, text: string): boolean {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return true;
}
