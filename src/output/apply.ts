import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/index.js";
import { fsProblem } from "../fs/index.js";
import type { OutputPlan } from "./plan.js";

/** What applying a plan did: the files written and removed, and the failure that stopped it, if any. */
export interface ApplyResult {
  readonly written: string[];
  readonly removed: string[];
  readonly failure?: Diagnostic;
}

/**
 * Applies a plan whose paths planOutput and checkWritable have already checked: each file is
 * written to a temporary sibling and renamed over the target, so a reader never sees half a file;
 * then stale generated files are removed. A write can still fail (the disk fills, or something
 * changed it since the plan): then it stops there, and the result says what was already done.
 */
export function applyPlan(cwd: string, plan: OutputPlan): ApplyResult {
  const written: string[] = [];
  const removed: string[] = [];
  // Folders made (or found) so far: many files share one, and each mkdir is a system call.
  const made = new Set<string>();
  for (const f of plan.write) {
    const abs = resolve(cwd, f.path);
    const tmp = `${abs}.kcg-${process.pid}.tmp`;
    try {
      const dir = dirname(abs);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(tmp, f.content);
      renameSync(tmp, abs);
    } catch (e) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // the temporary file was never made, or is not ours to remove
      }
      return { written, removed, failure: fsProblem(e, f.path, "write", "file") };
    }
    written.push(f.path);
  }
  for (const p of plan.remove) {
    try {
      rmSync(resolve(cwd, p));
    } catch (e) {
      return { written, removed, failure: fsProblem(e, p, "write", "file") };
    }
    removed.push(p);
  }
  return { written, removed };
}
