import { relative, resolve, sep } from "node:path";
import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { GENERATED_LINE } from "../emit/index.js";
import { findPackageFiles } from "./files.js";
import { pathError, probePath } from "../fs/index.js";
import { createParser, parseFile } from "./parse.js";
import type { LoadedFile, LoadedInput, LoadedPackage } from "./syntax.js";

/**
 * Reads every API package under `inputRoot` into plain syntax, in sorted order.
 * Generated files (those carrying GENERATED_LINE) are skipped: they are output, not input.
 */
export function loadInput(inputRoot: string, cwd: string = process.cwd()): { input: LoadedInput; diagnostics: Diagnostic[] } {
  const root = resolve(cwd, inputRoot);
  const diagnostics: Diagnostic[] = [];
  const display = (rel: string) => toPosix(relative(cwd, resolve(root, rel))) || rel || ".";
  const probe = probePath(root, display(""));
  if (probe.kind !== "directory") {
    if (probe.kind === "problem") diagnostics.push(probe.diagnostic);
    else if (probe.kind === "missing")
      diagnostics.push(
        errorAt(
          undefined,
          Code.inputDirMissing,
          `input directory ${inputRoot} does not exist`,
          "pass --input DIR or set input in the config file",
        ),
      );
    else
      diagnostics.push(
        pathError(
          display(""),
          Code.notADirectory,
          `the input directory is a ${probe.what}, not a directory`,
          "pass --input DIR or set input in the config file",
        ),
      );
    return { input: { inputRoot: root, packages: [] }, diagnostics };
  }
  const { files, stray, diagnostics: found } = findPackageFiles(root, display);
  diagnostics.push(...found);
  for (const s of stray) {
    diagnostics.push(
      errorAt(
        { file: display(s.rel), line: 1, col: 1 },
        Code.strayFile,
        `${s.rel} is not inside a <group>/<version>/ directory`,
        "API packages live at <input>/<group>/<version>/*.ts",
      ),
    );
  }
  const project = createParser();
  const byDir = new Map<string, LoadedFile[]>();
  for (const f of files) {
    const generated = f.text.includes(GENERATED_LINE);
    const parsed = generated ? { imports: [], decls: [], diagnostics: [] } : parseFile(project, f.rel, display(f.rel), f.text);
    diagnostics.push(...parsed.diagnostics);
    const dir = f.rel.slice(0, f.rel.lastIndexOf("/"));
    const list = byDir.get(dir) ?? [];
    list.push({
      rel: f.rel,
      display: display(f.rel),
      text: f.text,
      imports: parsed.imports,
      decls: parsed.decls,
      generated,
      ...(parsed.unparsed ? { unparsed: true as const } : {}),
    });
    byDir.set(dir, list);
  }
  const packages: LoadedPackage[] = [];
  for (const [dir, list] of [...byDir].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [groupDir = "", versionDir = ""] = dir.split("/");
    const inputs = list.filter((f) => !f.generated);
    if (inputs.length === 0) continue;
    const docFile = inputs.find((f) => f.rel.endsWith("/doc.ts"));
    packages.push({ dir, groupDir, versionDir, ...(docFile ? { docFile } : {}), files: inputs });
  }
  return { input: { inputRoot: root, packages }, diagnostics };
}

function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}
