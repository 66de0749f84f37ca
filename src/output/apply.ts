import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
 * Applies a plan whose paths planOutput and checkWritable have already checked: each file that
 * exists is written to a temporary sibling and renamed over the target, so a reader never sees half
 * of it and a failed write loses nothing. A file the plan found missing is created in place
 * (exclusively, so nothing that took its path since is touched by it), which saves a rename per
 * file on a run from no outputs; if its path is taken by then, it is written as an existing file
 * is. Then stale generated files are removed. A write can still fail (the disk fills, or something
 * changed it since the plan): then it stops there, removes what it half wrote, and the result says
 * what was already done.
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
      if (plan.previous.has(f.path) || !createNew(abs, f.content)) {
        writeFileSync(tmp, f.content);
        renameSync(tmp, abs);
      }
    } catch (e) {
      removeQuietly(tmp);
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

/**
 * Creates `abs` with `content` if nothing is there: false when something is (the caller then writes
 * over it as over an existing file). A write that fails halfway removes the file it made.
 */
function createNew(abs: string, content: string | Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(abs, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeFileSync(fd, content);
  } catch (e) {
    closeSync(fd);
    removeQuietly(abs);
    throw e;
  }
  closeSync(fd);
  return true;
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // never made, or not ours to remove
  }
}
