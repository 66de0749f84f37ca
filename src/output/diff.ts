import { createTwoFilesPatch } from "diff";
import type { OutputPlan } from "./plan.js";

/**
 * A unified diff of what `generate` would change: disk ("a/") against freshly generated ("b/"),
 * covering changed, missing and stale files.
 */
export function planDiff(plan: OutputPlan): string {
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
