import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { checkCrd, formatCrdProblem } from "../crd-checks/index.js";
import { formatValidationReport, manifestFiles, parseManifests, validateFiles, validationExitCode } from "../validation/index.js";
import type { Out } from "./console.js";

/**
 * `kube-codegen validate --crds DIR FILE...`: first the CRDs themselves get the API server's
 * CRD checks (a CRD the server would reject makes every verdict moot), then each custom resource
 * is pruned, defaulted and validated as the server would on create. Exit 1 when anything is invalid.
 */
export async function runValidate(crds: string, files: readonly string[], out: Out): Promise<number> {
  // Paths that do not exist are usage errors (exit 2), not invalid resources (exit 1).
  const missing = [crds, ...files].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    for (const p of missing) out.err(`kube-codegen validate: ${p} does not exist`);
    return 2;
  }
  if (files.length === 0) {
    out.err("kube-codegen validate: name at least one file of resources to check");
    return 2;
  }
  // Paths that cannot be read are bad input too, found before anything is read: a FIFO would wait
  // forever for a writer, and a loop of directory links would be walked until the system gives up.
  const unusable = unreadable(crds, files);
  if (unusable.length > 0) {
    for (const p of unusable) out.err(`kube-codegen validate: ${p}`);
    return 2;
  }
  const crdProblems = checkCrdFiles(crds);
  const report = await validateFiles({ crdsDir: crds, files });
  for (const p of crdProblems) out.log(p);
  out.log(formatValidationReport(report).trimEnd());
  return crdProblems.length > 0 ? 1 : validationExitCode(report);
}

/** Why each path cannot be read as manifests, as a sentence naming it; empty when all can. */
function unreadable(crds: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  let crdFiles: string[] = [];
  try {
    crdFiles = manifestFiles(crds);
  } catch (e) {
    problems.push((e as Error).message);
  }
  for (const p of [...crdFiles, ...files]) {
    let st;
    try {
      st = statSync(p);
      accessSync(p, constants.R_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problems.push(
        `${p} cannot be read: ${code === "EACCES" ? "permission denied" : code === "ELOOP" ? "a symbolic link that loops" : code}`,
      );
      continue;
    }
    if (!st.isFile())
      problems.push(`${p} is ${st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO" : "a special file"}, not a file of manifests`);
  }
  return problems;
}

function checkCrdFiles(path: string): string[] {
  const lines: string[] = [];
  let files: string[];
  try {
    files = manifestFiles(path);
  } catch {
    return lines; // validateFiles reports the unreadable path
  }
  for (const file of files) {
    const { documents } = parseManifests(file, readFileSync(file, "utf8"));
    for (const doc of documents) {
      const v = doc.value as { kind?: unknown; metadata?: { name?: unknown } } | null;
      if (!v || v.kind !== "CustomResourceDefinition") continue;
      for (const p of checkCrd(v)) {
        lines.push(
          `${file}[${doc.documentIndex}] CustomResourceDefinition ${String(v.metadata?.name ?? "")}: the API server would reject it: ${formatCrdProblem(p)}`,
        );
      }
    }
  }
  return lines;
}
