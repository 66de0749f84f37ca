// The core of `kube-codegen validate --crds DIR FILE...`: load CRDs from a directory, load custom resources
// from files, and check each resource as the API server would on create (ObjectMeta, prune, default, validate), giving
// a structured report, its text rendering and the exit code. The CLI only wires arguments to this.
import { readFile } from "node:fs/promises";
import { CrdCatalog, type CrdVersion } from "./crd-catalog.js";
import { formatFieldError } from "./field-error.js";
import { manifestFiles, parseManifests, type ManifestDocument } from "./load-documents.js";
import { objectMetaWarnings, validateObjectMeta } from "./object-meta.js";
import type { ServerWording } from "./name-rules.js";
import { isObject } from "./schema-node.js";

/** The outcome for one resource document. */
export interface ValidationResult {
  file: string;
  documentIndex: number;
  /** The item's index inside a `kind: List` document or JSON array. */
  itemIndex?: number;
  apiVersion: string;
  kind: string;
  name: string;
  /** Field errors as the server would return them ("spec.replicas: Invalid value: 11: ..."). */
  errors: string[];
  /** Pruned unknown fields and rules that could not be checked. */
  warnings: string[];
}

/** Everything `kube-codegen validate` found. */
export interface ValidationReport {
  results: ValidationResult[];
  /** Problems not tied to one resource: unreadable files, bad YAML, unusable CRDs. */
  problems: string[];
}

/** Inputs of validateFiles. */
export interface ValidateFilesOptions {
  /** Directory searched (recursively) for CustomResourceDefinition manifests, or a single manifest file. */
  crdsDir: string;
  /** Files holding the custom resources to check. */
  files: readonly string[];
  /** The server release whose messages the checks follow (1.24's when absent). */
  wording?: ServerWording;
  /** Whether that server knows the Kubernetes name formats (CompileSchemaOptions.nameFormats). */
  nameFormats?: boolean;
}

/** Loads every CRD found under `dir` (a directory searched recursively, or one manifest file) into a
 *  catalog; problems go to `problems`. */
export async function loadCrdCatalog(dir: string, problems: string[], wording?: ServerWording, nameFormats?: boolean): Promise<CrdCatalog> {
  const catalog = new CrdCatalog(wording, nameFormats);
  let files: string[];
  try {
    files = manifestFiles(dir);
  } catch (e) {
    problems.push(`cannot read CRD directory ${dir}: ${e instanceof Error ? e.message : String(e)}`);
    return catalog;
  }
  for (const file of files) {
    const parsed = parseManifests(file, await readFile(file, "utf8"));
    problems.push(...parsed.problems);
    for (const doc of parsed.documents) catalog.add(doc.value, `${file}[${doc.documentIndex}]`);
  }
  problems.push(...catalog.problems);
  if (catalog.size === 0) problems.push(`no CustomResourceDefinitions found in ${dir}`);
  return catalog;
}

/** Validates custom resources in `files` against the CRDs in `crdsDir`. */
export async function validateFiles(options: ValidateFilesOptions): Promise<ValidationReport> {
  const problems: string[] = [];
  const catalog = await loadCrdCatalog(options.crdsDir, problems, options.wording, options.nameFormats);
  const documents: ManifestDocument[] = [];
  for (const file of options.files) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (e) {
      problems.push(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    const parsed = parseManifests(file, text);
    problems.push(...parsed.problems);
    documents.push(...parsed.documents);
  }
  return { results: documents.map((d) => validateDocument(catalog, d, options.crdsDir)), problems };
}

/** Validates one decoded document against the catalog, as the server would on create. */
export function validateDocument(catalog: CrdCatalog, doc: ManifestDocument, crdsDir = "the CRD directory"): ValidationResult {
  const v = doc.value;
  const obj = isObject(v) ? v : {};
  const meta = isObject(obj["metadata"]) ? obj["metadata"] : {};
  const result: ValidationResult = {
    file: doc.file,
    documentIndex: doc.documentIndex,
    ...(doc.itemIndex !== undefined ? { itemIndex: doc.itemIndex } : {}),
    apiVersion: typeof obj["apiVersion"] === "string" ? obj["apiVersion"] : "",
    kind: typeof obj["kind"] === "string" ? obj["kind"] : "",
    name:
      typeof meta["name"] === "string" ? meta["name"] : typeof meta["generateName"] === "string" ? `${meta["generateName"]}*` : "<unnamed>",
    errors: [],
    warnings: [],
  };
  if (!isObject(v)) {
    result.errors.push("document is not an object");
    return result;
  }
  if (result.apiVersion === "" || result.kind === "") {
    if (result.apiVersion === "") result.errors.push("apiVersion: Required value: must be set");
    if (result.kind === "") result.errors.push("kind: Required value: must be set");
    return result;
  }
  const slash = result.apiVersion.lastIndexOf("/");
  const group = slash < 0 ? "" : result.apiVersion.slice(0, slash);
  const version = slash < 0 ? result.apiVersion : result.apiVersion.slice(slash + 1);
  const versions = catalog.versionsOf(group, result.kind);
  if (!versions) {
    const where = group === "" ? "the core group" : `group ${JSON.stringify(group)}`;
    result.errors.push(`unknown kind: no CustomResourceDefinition in ${crdsDir} defines kind ${JSON.stringify(result.kind)} in ${where}`);
    return result;
  }
  const ver = versions.find((x) => x.version === version);
  if (!ver || !ver.served) {
    const served = versions.filter((x) => x.served).map((x) => x.version);
    const crd = versions[0]?.crdName ?? result.kind;
    result.errors.push(
      `unknown version: CustomResourceDefinition ${crd} does not serve version ${JSON.stringify(version)} (served: ${served.join(", ") || "none"})`,
    );
    return result;
  }
  checkResource(ver, structuredClone(v), result);
  return result;
}

function checkResource(ver: CrdVersion, obj: Record<string, unknown>, result: ValidationResult): void {
  const validator = ver.validator();
  const scale = ver.scale;
  // The server checks ObjectMeta before the schema (names as DNS subdomains, labels, annotations, owner
  // references, finalizers, the namespace's syntax); a missing namespace is not an error, kubectl fills it in.
  const meta = isObject(obj["metadata"]) ? obj["metadata"] : {};
  // BeforeCreate (EnsureObjectNamespaceMatchesRequestNamespace) clears the namespace of a cluster-scoped
  // object before validation, so the server accepts it there: a warning, not ValidateObjectMeta's Forbidden.
  if (!ver.namespaced && typeof meta["namespace"] === "string" && meta["namespace"] !== "") {
    result.warnings.push(
      `metadata.namespace ${JSON.stringify(meta["namespace"])} is ignored: ${ver.kind} is cluster-scoped and the server drops it`,
    );
    delete meta["namespace"];
  }
  result.errors.push(
    ...validateObjectMeta(meta, { nameRule: "subdomain", namespaced: ver.namespaced, wording: ver.wording }).map(formatFieldError),
  );
  result.warnings.push(...objectMetaWarnings(meta));
  for (const p of validator.prune(obj)) result.warnings.push(`unknown field ${JSON.stringify(p)}`);
  // With the status subresource the server drops status on create (PrepareForCreate) before validating,
  // so status errors never reach the user there; say that the status is ignored instead.
  if (ver.statusSubresource && "status" in obj) {
    delete obj["status"];
    result.warnings.push("status is dropped on create: the CRD has the status subresource, so status is written through it");
  }
  validator.applyDefaults(obj);
  const errors = validator.validate(obj, undefined, scale ? { scale } : {});
  result.errors.push(...errors.map(formatFieldError));
  for (const u of validator.uncheckedRules) result.warnings.push(`rule not checked at ${u.field} (${u.reason}): ${u.rule}`);
}

/** Renders a report: one line per error and warning, then problems, then a summary line. */
export function formatValidationReport(report: ValidationReport): string {
  const lines: string[] = [];
  for (const r of report.results) {
    const item = r.itemIndex !== undefined ? `.items[${r.itemIndex}]` : "";
    const where = `${r.file}[${r.documentIndex}]${item} ${r.kind || "<no kind>"} ${r.name}`;
    for (const e of r.errors) lines.push(`${where}: ${e}`);
    for (const w of r.warnings) lines.push(`${where}: warning: ${w}`);
  }
  for (const p of report.problems) lines.push(`error: ${p}`);
  const invalid = report.results.filter((r) => r.errors.length > 0).length;
  const n = report.results.length;
  lines.push(`${n} resource${n === 1 ? "" : "s"} checked: ${n - invalid} valid, ${invalid} invalid`);
  return lines.join("\n") + "\n";
}

/** The process exit code for a report: 0 when every resource is valid and nothing went wrong, else 1. */
export function validationExitCode(report: ValidationReport): 0 | 1 {
  return report.problems.length === 0 && report.results.every((r) => r.errors.length === 0) ? 0 : 1;
}
