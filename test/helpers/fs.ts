import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

/** A fresh temporary directory. */
export function tempDir(prefix = "kcg-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Copies a directory tree into a new temporary directory and returns it. */
export function copyToTemp(src: string): string {
  const dir = tempDir();
  cpSync(src, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (relative, posix) with its text, sorted: a snapshot to compare before and after. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split("\\").join("/"), readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return out;
}
