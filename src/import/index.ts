// Stage: import (`kube-codegen import`). Third-party CustomResourceDefinitions into API packages of
// our input dialect, the TypeScript counterpart of kube-rs's kopium, in three pure stages: parse
// (YAML text → documents with positions), model (documents → packages of declarations and marker
// lines, with positioned diagnostics) and emit (packages → formatted files). It reads no files and
// writes none: the CLI does, and only when no diagnostic is an error.
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/index.js";
import { emitPackages, type ImportedFile } from "./emit.js";
import { buildImportModel } from "./model.js";
import { parseCrdFile, type ParsedDocument } from "./parse.js";

export type { ImportedFile } from "./emit.js";

/** What an import gives: the files (empty when any diagnostic is an error) and the diagnostics. */
export interface ImportResult {
  readonly files: ImportedFile[];
  readonly diagnostics: Diagnostic[];
}

/** Imports the CRDs of the given files (path and text); the order of `sources` does not matter. */
export async function importCrds(
  sources: readonly { path: string; text: string }[],
  runtimeImport = "@kube-codegen/runtime",
): Promise<ImportResult> {
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedDocument[] = [];
  for (const s of [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const parsed = parseCrdFile(s.path, s.text);
    diagnostics.push(...parsed.diagnostics);
    documents.push(...parsed.documents);
  }
  const model = buildImportModel(documents);
  diagnostics.push(...model.diagnostics);
  const sorted = sortDiagnostics(diagnostics);
  if (hasErrors(sorted)) return { files: [], diagnostics: sorted };
  return { files: await emitPackages(model.packages, runtimeImport), diagnostics: sorted };
}
