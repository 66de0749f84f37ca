// Compiling a consumer project against the packages installed in its own node_modules (no tsconfig
// paths, the strict options a consumer's strict build uses), with this repository's TypeScript,
// since such a project installs none: what the pack tests run before executing the output.
import assert from "node:assert/strict";
import { join } from "node:path";
import ts from "typescript";

/** Compiles `roots` of `project` to `outDir`, asserting no diagnostics; returns the program to inspect. */
export function compileInstalledProject(project: string, roots: readonly string[], outDir: string): ts.Program {
  const program = ts.createProgram(roots, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    typeRoots: [join(project, "node_modules/@types")],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    rootDir: project,
    outDir,
  });
  const emitted = program.emit();
  assert.deepEqual(
    [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map(
      (d) => ts.flattenDiagnosticMessageText(d.messageText, "\n") + (d.file ? ` (${d.file.fileName})` : ""),
    ),
    [],
  );
  return program;
}
