import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { OutputPlan } from "./plan.js";

/**
 * Applies a plan: each file is written to a temporary sibling and renamed over the target, so a
 * reader never sees half a file; then stale generated files are removed.
 */
export function applyPlan(cwd: string, plan: OutputPlan): void {
  for (const f of plan.write) {
    const abs = resolve(cwd, f.path);
    mkdirSync(dirname(abs), { recursive: true });
    const tmp = `${abs}.kcg-${process.pid}.tmp`;
    writeFileSync(tmp, f.content);
    renameSync(tmp, abs);
  }
  for (const p of plan.remove) rmSync(resolve(cwd, p));
}
