import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Code, errorAt, type Diagnostic } from "../diagnostics/index.js";
import { fsProblem } from "../fs/index.js";
import { importCrds } from "../import/index.js";
import { applyPlan, type FinalFile } from "../output/index.js";
import { manifestFiles } from "@kube-codegen/apiextensions/validation";
import type { Out } from "./console.js";

/** The flags of `kube-codegen import`. */
export interface ImportFlags {
  readonly crds: string;
  readonly output: string;
  readonly runtimeImport: string;
  readonly force: boolean;
}

/**
 * `kube-codegen import --crds FILE|DIR --output DIR`: reads CRD manifests (multi-document YAML or
 * JSON, a directory of them recursively), writes one API package per group and version under the
 * output, and prints the diagnostics. Exit 0 (warnings may be printed), 2 on usage errors, bad
 * input or a file in the way; nothing is written then.
 */
export async function runImport(flags: ImportFlags, out: Out, cwd: string): Promise<number> {
  const root = resolve(cwd, flags.crds);
  if (!existsSync(root)) {
    out.err(`kube-codegen import: ${flags.crds} does not exist`);
    return 2;
  }
  let paths: string[];
  try {
    paths = manifestFiles(root);
  } catch (e) {
    out.err(`kube-codegen import: ${(e as Error).message}`);
    return 2;
  }
  const sources: { path: string; text: string }[] = [];
  const readProblems: Diagnostic[] = [];
  for (const p of paths) {
    const shown = relative(cwd, p) || p;
    try {
      sources.push({ path: shown, text: readFileSync(p, "utf8") });
    } catch (e) {
      readProblems.push(fsProblem(e, shown, "read", "file"));
    }
  }
  const result = await importCrds(sources, flags.runtimeImport);
  const texts = new Map(sources.map((s) => [s.path, s.text]));
  const diagnostics = [...readProblems, ...result.diagnostics];
  if (readProblems.length === 0 && result.files.length === 0 && !diagnostics.some((d) => d.severity === "error")) {
    out.printDiagnostics(diagnostics, texts);
    out.err(`kube-codegen import: ${flags.crds} holds no CustomResourceDefinition`);
    return 2;
  }
  const files: FinalFile[] = result.files.map((f) => ({ path: join(flags.output, f.path), content: f.content }));
  const write: FinalFile[] = [];
  const unchanged: FinalFile[] = [];
  for (const f of files) {
    const abs = resolve(cwd, f.path);
    if (!existsSync(abs)) {
      write.push(f);
      continue;
    }
    const before = statSync(abs).isFile() ? readFileSync(abs, "utf8") : undefined;
    if (before === f.content) unchanged.push(f);
    else if (flags.force && before !== undefined) write.push(f);
    else
      diagnostics.push(
        errorAt(
          { file: f.path, line: 1, col: 1 },
          Code.importWouldOverwrite,
          before === undefined ? `${f.path} is not a file` : `${f.path} exists with other text`,
          before === undefined ? undefined : "pass --force to replace it, or import into another --output",
        ),
      );
  }
  out.printDiagnostics(diagnostics, texts);
  if (diagnostics.some((d) => d.severity === "error")) return 2;
  const applied = applyPlan(cwd, { write, unchanged, remove: [], previous: new Map(), diagnostics: [] });
  if (applied.failure) {
    out.printDiagnostics([applied.failure], new Map());
    return 2;
  }
  out.log(`kube-codegen import: ${String(applied.written.length)} written, ${String(unchanged.length)} unchanged`);
  return 0;
}
