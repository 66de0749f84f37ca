// Type-checking files the way a consumer compiles generated code: strict, exact optional
// properties, checked index access, with `@kube-codegen/runtime` resolved to the runtime's sources.
import { join, resolve } from "node:path";
import ts from "typescript";
import { createProgram } from "./program-cache.js";

const repo = resolve(import.meta.dirname, "../..");

/** The diagnostics of `files` (absolute paths) under those options plus `extra`, as "file: message" lines. */
export function strictTypeCheck(files: readonly string[], extra: ts.CompilerOptions = {}): string[] {
  const program = createProgram(files, {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts"],
    types: [],
    noEmit: true,
    skipLibCheck: true,
    baseUrl: repo,
    paths: { "@kube-codegen/runtime": [join(repo, "runtime/src/index.ts")] },
    ...extra,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
