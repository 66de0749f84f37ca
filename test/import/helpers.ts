// Test helpers for kube-codegen import: import CRD files in-process, write the package into a temp
// input directory, run our own crd generator on it, and read back the CRDs it writes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parseAllDocuments } from "yaml";
import { importCrds, type ImportResult } from "../../src/import/index.js";
import { generateCrds } from "../generators/crd/helpers.js";
import { tempDir } from "../helpers/fs.js";

/** The repository root. */
export const repo = join(import.meta.dirname, "../..");

/** Imports files of the repository (paths relative to its root). */
export async function importRepoFiles(...paths: string[]): Promise<ImportResult> {
  return importCrds(paths.map((p) => ({ path: p, text: readFileSync(join(repo, p), "utf8") })));
}

/** Writes imported files under `<dir>/input` and runs the crd generator; returns each CRD document by file name. */
export async function regenerate(result: ImportResult): Promise<{ crds: Map<string, unknown>; errors: string[]; warnings: string[] }> {
  const dir = tempDir("kcg-import-");
  for (const f of result.files) {
    const p = join(dir, "input", f.path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, f.content);
  }
  const r = await generateCrds(dir);
  const crds = new Map<string, unknown>();
  for (const f of r.files) crds.set(relative(join(dir, "out/crds"), f.path).replace(/^.*\//, ""), parseAllDocuments(f.content)[0]!.toJS());
  const line = (d: (typeof r.diagnostics)[number]) => `${d.file ?? ""}:${String(d.line ?? 0)} ${d.code} ${d.message}`;
  return {
    crds,
    errors: r.diagnostics.filter((d) => d.severity === "error").map(line),
    warnings: r.diagnostics.filter((d) => d.severity === "warning").map(line),
  };
}
