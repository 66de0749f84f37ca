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

/**
 * The diagnostics of one documentation example (an absolute path) under the same strict options, with
 * node's types and both packages (`@kube-codegen/runtime`, `kube-codegen/testing`) from source. Only
 * the example's own diagnostics (and global ones) are collected: checking everything it imports (the
 * whole server) would take most of a test's time for nothing.
 */
export function strictExampleCheck(file: string): string[] {
  const program = createProgram([file], {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ["node"],
    typeRoots: [join(repo, "node_modules/@types")],
    noEmit: true,
    skipLibCheck: true,
    baseUrl: repo,
    paths: {
      "@kube-codegen/runtime": ["./runtime/src/index.ts"],
      "@kube-codegen/apiextensions": ["./apiextensions/src/types/index.ts"],
      "@kube-codegen/apiextensions/server-versions": ["./apiextensions/src/crd-checks/server-versions.ts"],
      "@kube-codegen/apiextensions/*": ["./apiextensions/src/*/index.ts"],
      "@kube-codegen/testing": ["./testing/src/index.ts"],
      "kube-codegen/testing": ["./src/testing/index.ts"],
    },
  });
  const source = program.getSourceFile(file);
  if (!source) return [`${file}: not in the program`];
  return ts
    .getPreEmitDiagnostics(program, source)
    .filter((d) => d.file?.fileName === file || d.file === undefined)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}
