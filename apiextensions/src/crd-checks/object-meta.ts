// The CRD's own metadata as ValidateObjectMeta checks it on create, with the CRD-specific
// name rule (`<plural>.<group>`), plus the API-approval annotation for protected groups.
import type { InternalCrd } from "../types/index.js";
import { isDns1123Subdomain, isQualifiedName, isValidLabelValue } from "./dns.js";
import { FieldPath } from "./field-path.js";
import { forbidden, invalid, notSupported, required, type CrdProblem } from "./problem.js";

const approvalAnnotation = "api-approved.kubernetes.io";
const approvalPr = "see https://github.com/kubernetes/enhancements/pull/1111";
const totalAnnotationSizeLimit = 256 * 1024;

/** The path the approval-annotation problems name, for callers that explain how to add it. */
export const approvalAnnotationField = FieldPath.root("metadata", "annotations").key(approvalAnnotation).toString();

/** The name checks: a DNS subdomain that equals `<plural>.<group>`. */
function nameMessages(crd: InternalCrd, name: string): string[] {
  const out = isDns1123Subdomain(name);
  if (name !== `${crd.names.plural}.${crd.group}`) out.push('must be spec.names.plural+"."+spec.group');
  return out;
}

/** ValidateObjectMeta for a cluster-scoped CRD on create. */
export function checkObjectMeta(crd: InternalCrd): CrdProblem[] {
  const p = FieldPath.root("metadata");
  const out: CrdProblem[] = [];
  if (crd.generateName !== "") {
    for (const m of nameMessages(crd, crd.generateName)) out.push(invalid(p.child("generateName"), crd.generateName, m));
  }
  if (crd.name === "") out.push(required(p.child("name"), "name or generateName is required"));
  else for (const m of nameMessages(crd, crd.name)) out.push(invalid(p.child("name"), crd.name, m));
  return [...out, ...checkMetaFields(crd)];
}

/** The metadata checks shared by create and update: namespace, labels, annotations. */
export function checkMetaFields(crd: InternalCrd): CrdProblem[] {
  const p = FieldPath.root("metadata");
  const out: CrdProblem[] = [];
  if (crd.namespace !== "") out.push(forbidden(p.child("namespace"), "not allowed on this type"));
  for (const k of Object.keys(crd.labels).sort()) {
    for (const m of isQualifiedName(k)) out.push(invalid(p.child("labels"), k, m));
    for (const m of isValidLabelValue(crd.labels[k]!)) out.push(invalid(p.child("labels"), crd.labels[k], m));
  }
  let size = 0;
  for (const k of Object.keys(crd.annotations).sort()) {
    for (const m of isQualifiedName(k.toLowerCase())) out.push(invalid(p.child("annotations"), k, m));
    size += k.length + crd.annotations[k]!.length;
  }
  if (size > totalAnnotationSizeLimit) {
    out.push({
      field: p.child("annotations").toString(),
      reason: "FieldValueTooLong",
      message: `Too long: must have at most ${totalAnnotationSizeLimit} bytes`,
    });
  }
  return out;
}

/** Groups reserved for the Kubernetes project, which need the approval annotation. */
function isProtectedGroup(group: string): boolean {
  return group === "k8s.io" || group.endsWith(".k8s.io") || group === "kubernetes.io" || group.endsWith(".kubernetes.io");
}

/** Go's url.ParseRequestURI acceptance, roughly: an absolute URI or an absolute path. */
function parsesAsRequestUri(s: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(s) || /^\/\S*$/.test(s);
}

type ApprovalState = "missing" | "bypassed" | "invalid" | "approved";

function approvalState(annotations: Record<string, string>): ApprovalState {
  const value = annotations[approvalAnnotation] ?? "";
  if (value === "") return "missing";
  if (value.startsWith("unapproved")) return "bypassed";
  return parsesAsRequestUri(value) ? "approved" : "invalid";
}

/** validateAPIApproval; on update an unchanged approval state is never an error. */
export function checkApiApproval(crd: InternalCrd, old?: InternalCrd): CrdProblem[] {
  if (!isProtectedGroup(crd.group)) return [];
  if (old !== undefined && approvalState(old.annotations) === approvalState(crd.annotations)) return [];
  const field = FieldPath.root("metadata", "annotations").key(approvalAnnotation);
  const value = crd.annotations[approvalAnnotation] ?? "";
  if (value === "") {
    return [required(field, `protected groups must have approval annotation "${approvalAnnotation}", ${approvalPr}`)];
  }
  if (value.startsWith("unapproved") || parsesAsRequestUri(value)) return [];
  return [
    invalid(
      field,
      value,
      `protected groups must have approval annotation "${approvalAnnotation}" with either a URL or a reason starting with "unapproved", ${approvalPr}`,
    ),
  ];
}

/**
 * Only apiextensions.k8s.io/v1 CRDs are checked (v1beta1 is gone since 1.22); apiVersion and kind
 * may be left out by callers that build the object themselves.
 */
export function checkTypeMeta(crd: unknown): CrdProblem[] {
  if (crd === null || typeof crd !== "object") return [];
  const { apiVersion, kind } = crd as { apiVersion?: unknown; kind?: unknown };
  const out: CrdProblem[] = [];
  if (apiVersion !== undefined && apiVersion !== "apiextensions.k8s.io/v1") {
    out.push(notSupported(FieldPath.root("apiVersion"), apiVersion, ["apiextensions.k8s.io/v1"]));
  }
  if (kind !== undefined && kind !== "CustomResourceDefinition")
    out.push(notSupported(FieldPath.root("kind"), kind, ["CustomResourceDefinition"]));
  return out;
}
