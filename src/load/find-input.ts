import { relative, resolve, sep } from "node:path";
import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { GENERATED_LINE } from "../emit/generated-line.js";
import { pathError, probePath } from "../fs/index.js";
import { findPackageFiles, type FoundFile } from "./files.js";
import type { LoadedFile, LoadedInput, LoadedPackage, ParsedFile } from "./syntax.js";

/** The input's files before parsing: what every way of loading (cached or not) starts from. */
export interface FoundInput {
  readonly root: string;
  /** The path diagnostics print for a path relative to the input root. */
  readonly display: (rel: string) => string;
  /** Sorted by path; generated files are among them, marked, and never parsed. */
  readonly files: readonly (FoundFile & { readonly generated: boolean })[];
  readonly diagnostics: Diagnostic[];
}

/**
 * Finds the input's `<group>/<version>/*.ts` files, in sorted order, with their texts. Generated
 * files (those carrying GENERATED_LINE) are marked: they are output, not input.
 */
export function findInput(inputRoot: string, cwd: string): FoundInput {
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
    return { root, display, files: [], diagnostics };
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
  return { root, display, files: files.map((f) => ({ ...f, generated: f.text.includes(GENERATED_LINE) })), diagnostics };
}

/** The loaded input from the found files and each input file's parse (by path relative to the root). */
export function assembleInput(
  found: FoundInput,
  parsed: ReadonlyMap<string, ParsedFile>,
): { input: LoadedInput; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [...found.diagnostics];
  const byDir = new Map<string, LoadedFile[]>();
  for (const f of found.files) {
    const p = f.generated ? { imports: [], decls: [], diagnostics: [] } : parsed.get(f.rel);
    if (!p) throw new Error(`assembleInput: ${f.rel} was not parsed`);
    diagnostics.push(...p.diagnostics);
    const dir = f.rel.slice(0, f.rel.lastIndexOf("/"));
    const list = byDir.get(dir) ?? [];
    list.push({
      rel: f.rel,
      display: found.display(f.rel),
      text: f.text,
      imports: p.imports,
      decls: p.decls,
      generated: f.generated,
      ...(p.unparsed ? { unparsed: true as const } : {}),
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
  return { input: { inputRoot: found.root, packages }, diagnostics };
}

function toPosix(p: string): string {
  return sep === "/" ? p : p.split(sep).join("/");
}
