import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics/index.js";
import { Code } from "../diagnostics/index.js";
import { fsProblem, pathError, probePath } from "../fs/index.js";
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
 * of it and a failed write loses nothing; a new file is created in place (there is nothing to lose,
 * and creating it exclusively fails if something made it since the plan), which saves a rename
 * per file on a run from no outputs. Then stale generated files are removed. A write can still
 * fail (the disk fills, or something changed it since the plan): then it stops there, removes the
 * half-written file, and the result says what was already done.
 */
export function applyPlan(cwd: string, plan: OutputPlan): ApplyResult {
  const written: string[] = [];
  const removed: string[] = [];
  // Folders made (or found) so far: many files share one, and each mkdir is a system call.
  const made = new Set<string>();
  for (const f of plan.write) {
    const abs = resolve(cwd, f.path);
    const replaces = plan.previous.has(f.path);
    const target = replaces ? `${abs}.kcg-${process.pid}.tmp` : abs;
    try {
      const dir = dirname(abs);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(target, f.content, { flag: replaces ? "w" : "wx" });
      if (replaces) renameSync(target, abs);
    } catch (e) {
      // What this write made, if anything: the temporary file, or the new file half written (not
      // one that something else made since the plan, which the exclusive create refused).
      if (replaces || (e as NodeJS.ErrnoException).code !== "EEXIST") {
        try {
          rmSync(target, { force: true });
        } catch {
          // the file was never made, or is not ours to remove
        }
      }
      return { written, removed, failure: writeProblem(e, abs, f.path, replaces) };
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
 * The diagnostic for a failed write. A new file's exclusive create fails with EEXIST when something
 * took its path since the plan: said as what is there now, which was left as it is.
 */
function writeProblem(e: unknown, abs: string, display: string, replaces: boolean): Diagnostic {
  if (replaces || (e as NodeJS.ErrnoException).code !== "EEXIST") return fsProblem(e, display, "write", "file");
  const now = probePath(abs, display);
  if (now.kind === "directory" || now.kind === "special")
    return pathError(display, Code.notAFile, `is a ${now.what} where kube-codegen writes a generated file`, "move it out of the way");
  return pathError(
    display,
    Code.handWrittenFile,
    "appeared after kube-codegen checked the output, so it was not overwritten",
    "run kube-codegen generate again once nothing else writes there",
  );
}
