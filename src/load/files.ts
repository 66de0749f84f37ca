import { join } from "node:path";
import type { Diagnostic } from "../diagnostics/index.js";
import { loopCheck, probeListed, readDirNames, readText, specialSkipped } from "../fs/index.js";

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
 * so that every later stage sees the same sequence on every machine. Every entry is looked at
 * before it is opened: an unreadable directory or file, a dangling symbolic link or one that loops
 * back is an error naming it, and a FIFO, socket or device with a source file's name is skipped
 * with a warning (opening a FIFO would wait forever for a writer). `root` must be a directory.
 */
export function findPackageFiles(
  root: string,
  display: (rel: string) => string,
): { files: FoundFile[]; stray: StrayEntry[]; diagnostics: Diagnostic[] } {
  const files: FoundFile[] = [];
  const stray: StrayEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const isSource = (name: string) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts");
  // Each level lists its entries and says what to do with each: descend (a directory), take a
  // file, or ignore. Directories are checked against the real paths of those around them.
  const visit = (rel: string, abs: string, depth: number, ancestors: ReadonlySet<string>): void => {
    const listed = readDirNames(abs, display(rel));
    if ("diagnostic" in listed) return void diagnostics.push(listed.diagnostic);
    for (const name of listed.names) {
      if (name.startsWith(".") || name === "node_modules") continue;
      // A version directory's other entries are never read, whatever they are.
      if (depth === 2 && !name.endsWith(".ts")) continue;
      const childRel = rel === "" ? name : `${rel}/${name}`;
      const childAbs = join(abs, name);
      const probe = probeListed(listed, name, childAbs, display(childRel));
      if (probe.kind === "missing") continue; // removed while listing
      if (probe.kind === "problem") {
        diagnostics.push(probe.diagnostic);
        continue;
      }
      if (probe.kind === "directory") {
        // Directories below a version directory are not part of the layout and are never read.
        if (depth === 2) continue;
        const loop = loopCheck(childAbs, display(childRel), ancestors);
        if ("diagnostic" in loop) {
          diagnostics.push(loop.diagnostic);
          continue;
        }
        visit(childRel, childAbs, depth + 1, new Set([...ancestors, loop.real]));
        continue;
      }
      if (!name.endsWith(".ts")) continue;
      if (probe.kind === "special") {
        diagnostics.push(specialSkipped(display(childRel), probe.what));
        continue;
      }
      if (depth < 2) {
        stray.push({ rel: childRel, why: "file-outside-package" });
        continue;
      }
      if (!isSource(name)) continue;
      const read = readText(childAbs, display(childRel));
      if ("diagnostic" in read) diagnostics.push(read.diagnostic);
      else files.push({ rel: childRel, abs: childAbs, text: read.text });
    }
  };
  const rootLoop = loopCheck(root, display(""), new Set());
  if ("diagnostic" in rootLoop) diagnostics.push(rootLoop.diagnostic);
  else visit("", root, 0, new Set([rootLoop.real]));
  return { files, stray, diagnostics };
}
