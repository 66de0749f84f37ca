import { join, resolve } from "node:path";
import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { loopCheck, probePath, probeListed, readDirNames, readText, specialSkipped } from "../fs/index.js";

/** A controller source file: its path as shown (relative to cwd, posix) and its text. */
export interface ControllerSource {
  readonly display: string;
  readonly text: string;
}

const isSource = (name: string): boolean =>
  name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts") && !/^zz_generated\./.test(name);

/**
 * The controller sources the `controllers` option names (docs/architecture.md#the-pipeline): each
 * path a `.ts` file, or a directory searched recursively for `.ts` files (not declarations, tests,
 * generated files, dot-directories or node_modules), sorted by path whatever order they are given
 * or listed in, each file once. A path that does not exist is an error.
 */
export function loadControllerSources(paths: readonly string[], cwd: string): { files: ControllerSource[]; diagnostics: Diagnostic[] } {
  const found = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const take = (display: string, abs: string): void => {
    if (found.has(display)) return;
    const read = readText(abs, display);
    if ("diagnostic" in read) diagnostics.push(read.diagnostic);
    else found.set(display, read.text);
  };
  const visit = (display: string, abs: string, ancestors: ReadonlySet<string>): void => {
    const listed = readDirNames(abs, display);
    if ("diagnostic" in listed) return void diagnostics.push(listed.diagnostic);
    for (const name of listed.names) {
      if (name.startsWith(".") || name === "node_modules") continue;
      const childDisplay = `${display}/${name}`;
      const childAbs = join(abs, name);
      const probe = probeListed(listed, name, childAbs, childDisplay);
      if (probe.kind === "missing") continue;
      if (probe.kind === "problem") {
        diagnostics.push(probe.diagnostic);
        continue;
      }
      if (probe.kind === "directory") {
        const loop = loopCheck(childAbs, childDisplay, ancestors);
        if ("diagnostic" in loop) diagnostics.push(loop.diagnostic);
        else visit(childDisplay, childAbs, new Set([...ancestors, loop.real]));
        continue;
      }
      if (!isSource(name)) continue;
      if (probe.kind === "special") diagnostics.push(specialSkipped(childDisplay, probe.what));
      else take(childDisplay, childAbs);
    }
  };
  for (const path of paths) {
    const abs = resolve(cwd, path);
    const probe = probePath(abs, path);
    if (probe.kind === "problem") diagnostics.push(probe.diagnostic);
    else if (probe.kind === "directory") {
      const loop = loopCheck(abs, path, new Set());
      if ("diagnostic" in loop) diagnostics.push(loop.diagnostic);
      else visit(path, abs, new Set([loop.real]));
    } else if (probe.kind === "file" && path.endsWith(".ts")) take(path, abs);
    else
      diagnostics.push(
        errorAt(
          undefined,
          Code.controllersMissing,
          probe.kind === "missing"
            ? `controllers: ${path} does not exist`
            : `controllers: ${path} is ${probe.kind === "file" ? "not a .ts file" : `a ${probe.what}`}`,
          "name .ts files or directories of controller sources, relative to the working directory",
        ),
      );
  }
  const files = [...found].map(([display, text]) => ({ display, text }));
  files.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  return { files, diagnostics };
}
