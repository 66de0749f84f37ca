import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FinalFile } from "./finalize.js";

/** What applying a run's output would change on disk. */
export interface OutputPlan {
  readonly write: FinalFile[];
  readonly unchanged: FinalFile[];
  /** Generated files no longer produced. */
  readonly remove: string[];
  /** The text on disk of files that would change (absent for new files). */
  readonly previous: ReadonlyMap<string, string>;
}

/** Compares the produced files with the disk. */
export function planOutput(cwd: string, files: readonly FinalFile[], existing: readonly string[]): OutputPlan {
  const write: FinalFile[] = [];
  const unchanged: FinalFile[] = [];
  const previous = new Map<string, string>();
  for (const f of files) {
    const abs = resolve(cwd, f.path);
    const old = existsSync(abs) ? readFileSync(abs, "utf8") : undefined;
    if (old === f.content) unchanged.push(f);
    else {
      write.push(f);
      if (old !== undefined) previous.set(f.path, old);
    }
  }
  const produced = new Set(files.map((f) => f.path));
  const remove = existing.filter((p) => !produced.has(p));
  for (const p of remove) previous.set(p, readFileSync(resolve(cwd, p), "utf8"));
  return { write, unchanged, remove, previous };
}
