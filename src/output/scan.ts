import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { OwnedArea } from "../generators/index.js";
import { isGenerated } from "../emit/index.js";

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
