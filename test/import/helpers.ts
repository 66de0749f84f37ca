// Test helpers for kube-codegen import: import CRD files in-process, write the package into a temp
// input directory, run our own crd generator on it, read back the CRDs it writes, and type-check
// the imported TypeScript the way users compile it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseAllDocuments } from "yaml";
import { importCrds, type ImportResult } from "../../src/import/index.js";
import { documentOf, generateCrds } from "../generators/crd/helpers.js";
import { tempDir } from "../helpers/fs.js";
import { strictTypeCheck } from "../helpers/type-check.js";

/** The repository root. */
export const repo = join(import.meta.dirname, "../..");

/** Imports files of the repository (paths relative to its root). */
export async function importRepoFiles(...paths: string[]): Promise<ImportResult> {
  return importCrds(paths.map((p) => ({ path: p, text: readFileSync(join(repo, p), "utf8") })));
}

/** A fresh temp dir with the imported files written under `<dir>/input`. */
export function writeImported(result: ImportResult): string {
  const dir = tempDir("kcg-import-");
  for (const f of result.files) {
    const p = join(dir, "input", f.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.content);
  }
  return dir;
}

/** One regenerated CRD: its YAML text from the `---` line on (no header), and as data. */
export interface RegeneratedCrd {
  readonly text: string;
  readonly value: unknown;
}

/** Runs the crd generator on the imported files; returns each CRD by its metadata.name. */
export async function regenerate(
  result: ImportResult,
): Promise<{ crds: Map<string, RegeneratedCrd>; errors: string[]; warnings: string[] }> {
  const dir = writeImported(result);
  const r = await generateCrds(dir);
  const crds = new Map<string, RegeneratedCrd>();
  for (const f of r.files) {
    const value = parseAllDocuments(f.content, { version: "1.1" })[0]!.toJS() as { metadata: { name: string } };
    crds.set(value.metadata.name, { text: documentOf(f.content), value });
  }
  const line = (d: (typeof r.diagnostics)[number]) => `${d.file ?? ""}:${String(d.line ?? 0)} ${d.code} ${d.message}`;
  return {
    crds,
    errors: r.diagnostics.filter((d) => d.severity === "error").map(line),
    warnings: r.diagnostics.filter((d) => d.severity === "warning").map(line),
  };
}

/** Type-checks files (absolute paths) strictly, unused locals too, with the runtime resolved from runtime/src; returns the messages. */
export function typeCheck(files: readonly string[]): string[] {
  return strictTypeCheck(files, { noUnusedLocals: true });
}
