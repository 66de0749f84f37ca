// Object metadata checks the real server runs before any schema validation (ValidateObjectMeta):
// names, generateName, labels, annotations, finalizers, ownerReferences. Messages follow apimachinery's wording
// because clients and tests match on them.
import type { StatusCause } from "./status-errors.js";

const DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const QUALIFIED_NAME = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_VALUE = `(${QUALIFIED_NAME})?`;

const subdomainRe = new RegExp(`^${DNS1123_SUBDOMAIN}$`);
const labelRe = new RegExp(`^${DNS1123_LABEL}$`);
const qualifiedRe = new RegExp(`^${QUALIFIED_NAME}$`);
const labelValueRe = new RegExp(`^${LABEL_VALUE}$`);

/** How a resource's names are validated: DNS subdomain (most, and all custom resources) or DNS label (namespaces). */
export type NameRule = "subdomain" | "label" | "path-segment";

function q(v: string): string {
  return JSON.stringify(v);
}

/** Problems with a name under `rule`, as messages without the "Invalid value" prefix. */
export function nameProblems(name: string, rule: NameRule): string[] {
  if (rule === "path-segment") {
    if (name === "." || name === "..") return [`may not be '${name}'`];
    return /[/%]/.test(name) ? [`may not contain '/'`] : [];
  }
  const out: string[] = [];
  if (rule === "label") {
    if (name.length > 63) out.push("must be no more than 63 characters");
    if (!labelRe.test(name))
      out.push(
        `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${DNS1123_LABEL}')`,
      );
    return out;
  }
  if (name.length > 253) out.push("must be no more than 253 characters");
  if (!subdomainRe.test(name))
    out.push(
      `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '${DNS1123_SUBDOMAIN}')`,
    );
  return out;
}

function qualifiedNameProblems(key: string): string[] {
  const parts = key.split("/");
  let name = key;
  const out: string[] = [];
  if (parts.length === 2) {
    const prefix = parts[0] ?? "";
    name = parts[1] ?? "";
    if (prefix.length === 0) out.push("prefix part must be non-empty");
    else out.push(...nameProblems(prefix, "subdomain").map((m) => `prefix part ${m}`));
  } else if (parts.length > 2) {
    return [
      `a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) out.push("name part must be non-empty");
  else if (name.length > 63) out.push("name part must be no more than 63 characters");
  if (name.length > 0 && !qualifiedRe.test(name))
    out.push(
      `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${QUALIFIED_NAME}')`,
    );
  return out;
}

/** Label-selector and label map checks shared with selector parsing. */
export function labelValueProblems(value: string): string[] {
  const out: string[] = [];
  if (value.length > 63) out.push("must be no more than 63 characters");
  if (!labelValueRe.test(value))
    out.push(
      `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '${LABEL_VALUE}')`,
    );
  return out;
}

/** Label key checks (qualified names). */
export function labelKeyProblems(key: string): string[] {
  return qualifiedNameProblems(key);
}

function invalidCause(field: string, value: unknown, message: string): StatusCause {
  const shown = typeof value === "string" ? q(value) : JSON.stringify(value);
  return { reason: "FieldValueInvalid", message: `Invalid value: ${shown}: ${message}`, field };
}

/** The metadata fields that ValidateObjectMeta inspects. */
export interface MetaInput {
  name?: unknown;
  generateName?: unknown;
  namespace?: unknown;
  labels?: unknown;
  annotations?: unknown;
  finalizers?: unknown;
  ownerReferences?: unknown;
}

/** Causes for invalid metadata on create or update (names, labels, annotations, finalizers, owner references). */
export function validateObjectMeta(meta: MetaInput, rule: NameRule, namespaced: boolean): StatusCause[] {
  const causes: StatusCause[] = [];
  const name = typeof meta.name === "string" ? meta.name : "";
  if (!name && !meta.generateName) {
    causes.push({ reason: "FieldValueRequired", message: "Required value: name or generateName is required", field: "metadata.name" });
  } else if (name) {
    for (const m of nameProblems(name, rule)) causes.push(invalidCause("metadata.name", name, m));
  }
  if (typeof meta.generateName === "string" && meta.generateName) {
    // generateName is checked with its trailing dash allowed, as the server trims it first.
    const base = meta.generateName.replace(/-$/, "");
    if (base) for (const m of nameProblems(base, rule)) causes.push(invalidCause("metadata.generateName", meta.generateName, m));
  }
  if (!namespaced && typeof meta.namespace === "string" && meta.namespace !== "") {
    causes.push({ reason: "FieldValueForbidden", message: "Forbidden: not allowed on this type", field: "metadata.namespace" });
  }
  causes.push(...validateLabels(meta.labels));
  causes.push(...validateAnnotations(meta.annotations));
  causes.push(...validateFinalizers(meta.finalizers));
  causes.push(...validateOwnerReferences(meta.ownerReferences));
  return causes;
}

function validateLabels(labels: unknown): StatusCause[] {
  if (labels === undefined || labels === null) return [];
  const causes: StatusCause[] = [];
  for (const [k, v] of Object.entries(labels as Record<string, unknown>)) {
    for (const m of labelKeyProblems(k)) causes.push(invalidCause("metadata.labels", k, m));
    const value = typeof v === "string" ? v : String(v);
    for (const m of labelValueProblems(value)) causes.push(invalidCause("metadata.labels", value, m));
  }
  return causes;
}

function validateAnnotations(annotations: unknown): StatusCause[] {
  if (annotations === undefined || annotations === null) return [];
  const causes: StatusCause[] = [];
  let total = 0;
  for (const [k, v] of Object.entries(annotations as Record<string, unknown>)) {
    for (const m of qualifiedNameProblems(k.toLowerCase())) causes.push(invalidCause("metadata.annotations", k, m));
    total += k.length + String(v).length;
  }
  if (total > 256 * 1024)
    causes.push({ reason: "FieldValueTooLong", message: "Too long: must have at most 262144 bytes", field: "metadata.annotations" });
  return causes;
}

function validateFinalizers(finalizers: unknown): StatusCause[] {
  if (!Array.isArray(finalizers)) return [];
  const causes: StatusCause[] = [];
  finalizers.forEach((f, i) => {
    const field = `metadata.finalizers[${i}]`;
    if (typeof f !== "string") return;
    for (const m of qualifiedNameProblems(f)) causes.push(invalidCause(field, f, m));
    if (!f.includes("/") && !STANDARD_FINALIZERS.has(f))
      causes.push(invalidCause(field, f, "name is neither a standard finalizer name nor is it fully qualified"));
  });
  return causes;
}

const STANDARD_FINALIZERS = new Set(["kubernetes", "orphan", "foregroundDeletion"]);

function validateOwnerReferences(refs: unknown): StatusCause[] {
  if (!Array.isArray(refs)) return [];
  const causes: StatusCause[] = [];
  let controllers = 0;
  refs.forEach((r: Record<string, unknown>, i) => {
    const base = `metadata.ownerReferences[${i}]`;
    if (!r["apiVersion"]) causes.push(invalidCause(`${base}.apiVersion`, "", "version must not be empty"));
    if (!r["kind"]) causes.push(invalidCause(`${base}.kind`, "", "kind must not be empty"));
    if (!r["name"]) causes.push(invalidCause(`${base}.name`, "", "name must not be empty"));
    if (!r["uid"]) causes.push(invalidCause(`${base}.uid`, "", "uid must not be empty"));
    if (r["controller"] === true) controllers++;
  });
  if (controllers > 1)
    causes.push(invalidCause("metadata.ownerReferences", refs, "Only one reference can have Controller set to true"));
  return causes;
}

/** Update-only metadata rules (ValidateObjectMetaUpdate): no new finalizers once deletion has started. */
export function validateObjectMetaUpdate(meta: MetaInput & { deletionTimestamp?: unknown }, old: MetaInput & { deletionTimestamp?: unknown }): StatusCause[] {
  if (!old.deletionTimestamp) return [];
  const before = new Set(Array.isArray(old.finalizers) ? (old.finalizers as string[]) : []);
  const extra = (Array.isArray(meta.finalizers) ? (meta.finalizers as string[]) : []).filter((f) => !before.has(f)).sort();
  if (extra.length === 0) return [];
  return [
    {
      reason: "FieldValueForbidden",
      message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${extra.map((f) => JSON.stringify(f)).join(", ")}}`,
      field: "metadata.finalizers",
    },
  ];
}
