import { createRequire } from "node:module";
import type * as Diff from "diff";
import type { OutputPlan } from "./plan.js";

// Required when a diff is first printed, not imported with the stage: only a verify that finds
// drift prints one, and the package is about 30 modules that every generate would otherwise load.
const require = createRequire(import.meta.url);
let diff: typeof Diff | undefined;

/**
 * A unified diff of what `generate` would change: disk ("a/") against freshly generated ("b/"),
 * covering changed, missing and stale files.
 */
export function planDiff(plan: OutputPlan): string {
  diff ??= require("diff") as typeof Diff;
  const { createTwoFilesPatch } = diff;
  const parts: string[] = [];
  for (const f of plan.write) {
    const old = plan.previous.get(f.path);
    parts.push(
      createTwoFilesPatch(
        old === undefined ? "/dev/null" : `a/${f.path}`,
        `b/${f.path}`,
        old ?? "",
        f.content,
        old === undefined ? "missing" : "changed",
        "",
      ),
    );
  }
  for (const p of plan.remove) {
    parts.push(createTwoFilesPatch(`a/${p}`, "/dev/null", plan.previous.get(p) ?? "", "", "stale", ""));
  }
  return parts.join("");
}
