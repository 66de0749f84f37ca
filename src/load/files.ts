import { readdirSync, statSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A `.ts` file found under the input root, with its text. */
export interface FoundFile {
  readonly rel: string;
  readonly abs: string;
  readonly text: string;
}

/** A directory entry found where the layout expects `<group>/<version>/`. */
export interface StrayEntry {
  readonly rel: string;
  readonly why: "file-outside-package" | "nested-directory";
}

/**
 * Lists `<root>/<group>/<version>/*.ts` in sorted order, whatever order the file system gives,
 * so that every later stage sees the same sequence on every machine.
 */
export function findPackageFiles(root: string): { files: FoundFile[]; stray: StrayEntry[] } {
  const files: FoundFile[] = [];
  const stray: StrayEntry[] = [];
  for (const group of sortedEntries(root)) {
    const gAbs = join(root, group);
    if (!isDir(gAbs)) {
      if (group.endsWith(".ts")) stray.push({ rel: group, why: "file-outside-package" });
      continue;
    }
    for (const version of sortedEntries(gAbs)) {
      const vAbs = join(gAbs, version);
      if (!isDir(vAbs)) {
        if (version.endsWith(".ts")) stray.push({ rel: `${group}/${version}`, why: "file-outside-package" });
        continue;
      }
      for (const name of sortedEntries(vAbs)) {
        const abs = join(vAbs, name);
        if (isDir(abs)) continue;
        if (!name.endsWith(".ts") || name.endsWith(".d.ts") || name.endsWith(".test.ts")) continue;
        files.push({ rel: `${group}/${version}/${name}`, abs, text: readFileSync(abs, "utf8") });
      }
    }
  }
  return { files, stray };
}

function sortedEntries(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => !n.startsWith(".") && n !== "node_modules")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function isDir(p: string): boolean {
  return statSync(p).isDirectory();
}
