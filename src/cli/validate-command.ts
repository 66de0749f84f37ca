import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { checkCrdForServers, formatCrdProblem, formatServerVersions } from "@kube-codegen/apiextensions/crd-checks";
import { nameFormatsAt, wordingOf } from "@kube-codegen/apiextensions/server-versions";
import {
  formatValidationReport,
  manifestFiles,
  parseManifests,
  validateFiles,
  validationExitCode,
} from "@kube-codegen/apiextensions/validation";
import type { Out } from "./console.js";

/**
 * `kube-codegen validate --crds DIR [FILE...]`: first the CRDs themselves get the API server's
 * CRD checks for each target server version (a CRD every target rejects makes every verdict moot;
 * one only some reject is a warning naming them), then each custom resource is pruned, defaulted
 * and validated as the server would on create. With no FILE only the CRDs are checked. Exit 0
 * when all is valid, 1 when anything is invalid, 2 on usage errors.
 */
export async function runValidate(crds: string, files: readonly string[], out: Out, minors: readonly number[]): Promise<number> {
  // Paths that do not exist are usage errors (exit 2), not invalid resources (exit 1).
  const missing = [crds, ...files].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    for (const p of missing) out.err(`kube-codegen validate: ${p} does not exist`);
    return 2;
  }
  // Paths that cannot be read are bad input too, found before anything is read: a FIFO would wait
  // forever for a writer, and a loop of directory links would be walked until the system gives up.
  const unusable = unreadable(crds, files);
  if (unusable.length > 0) {
    for (const p of unusable) out.err(`kube-codegen validate: ${p}`);
    return 2;
  }
  const checked = checkCrdFiles(crds, minors);
  for (const w of checked.warnings) out.err(w);
  for (const p of checked.problems) out.log(p);
  if (files.length === 0) {
    // The CRDs alone: nothing else to report.
    if (checked.count === 0) {
      out.err(`kube-codegen validate: ${crds} holds no CustomResourceDefinition; name files of resources to check, or a directory of CRDs`);
      return 2;
    }
    const invalid = checked.invalid;
    out.log(
      `${checked.count} CustomResourceDefinition${checked.count === 1 ? "" : "s"} checked for Kubernetes ${formatServerVersions(minors)}: ${
        invalid === 0 ? "all valid" : `${invalid} invalid`
      }${checked.warnings.length > 0 ? `, ${checked.warnings.length} warning${checked.warnings.length === 1 ? "" : "s"}` : ""}`,
    );
    return invalid > 0 ? 1 : 0;
  }
  // Resources are checked as the newest target server checks them, and worded as it words its answers.
  const newest = Math.max(...minors);
  const report = await validateFiles({ crdsDir: crds, files, wording: wordingOf(newest), nameFormats: nameFormatsAt(newest) });
  out.log(formatValidationReport(report).trimEnd());
  return checked.problems.length > 0 ? 1 : validationExitCode(report);
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

interface CrdFileCheck {
  /** One line per problem every target version rejects a CRD for. */
  problems: string[];
  /** One line per problem only some target versions reject a CRD for, and per warning they would send. */
  warnings: string[];
  /** CRDs found, and how many of them every target version rejects. */
  count: number;
  invalid: number;
}

function checkCrdFiles(path: string, minors: readonly number[]): CrdFileCheck {
  const out: CrdFileCheck = { problems: [], warnings: [], count: 0, invalid: 0 };
  const lines = out.problems;
  let files: string[];
  try {
    files = manifestFiles(path);
  } catch {
    return out; // validateFiles reports the unreadable path
  }
  for (const file of files) {
    const { documents } = parseManifests(file, readFileSync(file, "utf8"));
    for (const doc of documents) {
      const v = doc.value as { kind?: unknown; metadata?: { name?: unknown } } | null;
      if (!v || v.kind !== "CustomResourceDefinition") continue;
      const where = `${file}[${doc.documentIndex}] CustomResourceDefinition ${String(v.metadata?.name ?? "")}`;
      const verdict = checkCrdForServers(v, minors);
      out.count++;
      if (verdict.rejected.length > 0) out.invalid++;
      for (const p of verdict.rejected) lines.push(`${where}: the API server would reject it: ${formatCrdProblem(p)}`);
      for (const { problem, versions } of verdict.partial) {
        out.warnings.push(
          `warning: ${where}: Kubernetes ${versions} would reject it (of ${formatServerVersions(minors)}): ${formatCrdProblem(problem)}`,
        );
      }
      for (const w of verdict.warnings)
        out.warnings.push(`warning: ${where}: Kubernetes ${w.versions} would warn when it is written: ${w.field}: ${w.message}`);
    }
  }
  return out;
}
