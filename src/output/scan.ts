import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { OwnedArea } from "../generators/index.js";
import { GENERATED_LINE } from "../load/index.js";

const YAML_GENERATED_LINE = GENERATED_LINE.replace(/^\/\//, "#");

/** True when a file's text carries our generated line: only such files are ever removed. */
export function isGenerated(text: string): boolean {
  return text.includes(GENERATED_LINE) || text.includes(YAML_GENERATED_LINE);
}

/** Lists existing generated files in the owned areas (paths relative to cwd, posix, sorted). */
export function existingGenerated(cwd: string, areas: readonly OwnedArea[]): string[] {
  const found = new Set<string>();
  for (const a of areas) walk(cwd, a.dir.replace(/\\/g, "/").replace(/\/$/, ""), a, found);
  return [...found].sort();
}

function walk(cwd: string, rel: string, area: OwnedArea, found: Set<string>): void {
  const abs = resolve(cwd, rel);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) return;
  for (const name of readdirSync(abs).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const childRel = rel === "" || rel === "." ? name : `${rel}/${name}`;
    const childAbs = join(abs, name);
    if (statSync(childAbs).isDirectory()) {
      if (area.recursive) walk(cwd, childRel, area, found);
    } else if (area.match.test(name) && isGenerated(readFileSync(childAbs, "utf8"))) {
      found.add(childRel);
    }
  }
}
