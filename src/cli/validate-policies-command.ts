// `kube-codegen validate --policies DIR [--old FILE] [--crds DIR] FILE...`: the
// ValidatingAdmissionPolicies, their bindings and their params in DIR judge each resource in the
// files as a kube-apiserver 1.37 would admit it (a CREATE; an UPDATE of the object of the same kind,
// namespace and name in --old), printing the server's own denial message and Warning texts
// (@kube-codegen/apiextensions/admission-policy; test/fixtures/apiserver-1.37/validating-admission-policy.json
// records them). Exit 0 when every resource is admitted, 1 when one is denied, 2 on bad input: a
// file that cannot be read or parsed, a policy the server would refuse (an expression that does not
// compile), a resource without apiVersion, kind or name. Everything else in DIR (Namespaces aside,
// which give namespaceObject and namespace labels) may be a param.
import { existsSync, readFileSync } from "node:fs";
import type { AdmitResult, Obj, RequestAttributes } from "@kube-codegen/apiextensions/admission-policy";
import { manifestFiles, parseManifests, type ManifestDocument } from "@kube-codegen/apiextensions/validation";
import type { Out } from "./console.js";

const AR = "admissionregistration.k8s.io/v1";

/** A document with where it came from, for messages. */
interface Located {
  where: string;
  value: Obj;
}

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const metaOf = (o: Obj): Obj => asObj(o["metadata"]);

// Kinds that are cluster-scoped among the built-ins a policy may judge; a custom resource's scope
// comes from its CRD (--crds), else it is taken as namespaced.
const CLUSTER_SCOPED = new Set([
  "Namespace",
  "Node",
  "PersistentVolume",
  "ClusterRole",
  "ClusterRoleBinding",
  "CustomResourceDefinition",
  "StorageClass",
  "PriorityClass",
  "IngressClass",
  "RuntimeClass",
  "CSIDriver",
  "CSINode",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
  "APIService",
]);

/** The plural resource of a kind, as Kubernetes' default RESTMapper guesses it (Ingress → ingresses, Policy → policies). */
function pluralOf(kind: string): string {
  const k = kind.toLowerCase();
  if (k === "endpoints") return k;
  if (/(s|x|z|ch|sh)$/.test(k)) return `${k}es`;
  if (/[^aeiou]y$/.test(k)) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

interface Read {
  documents: Located[];
  problems: string[];
}

function readDocuments(paths: readonly string[]): Read {
  const out: Read = { documents: [], problems: [] };
  for (const path of paths) {
    let files: string[];
    try {
      files = manifestFiles(path);
    } catch (e) {
      out.problems.push((e as Error).message);
      continue;
    }
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch (e) {
        out.problems.push(`${file} cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
        continue;
      }
      const parsed = parseManifests(file, text);
      out.problems.push(...parsed.problems);
      for (const d of parsed.documents) out.documents.push({ where: located(d), value: asObj(d.value) });
    }
  }
  return out;
}

function located(d: ManifestDocument): string {
  return `${d.file}[${String(d.documentIndex)}]${d.itemIndex === undefined ? "" : `[${String(d.itemIndex)}]`}`;
}

/** A resource's identity for messages and for pairing with --old. */
function identity(o: Obj): string {
  const ns = str(metaOf(o)["namespace"]);
  return `${str(o["kind"])} ${ns ? `${ns}/` : ""}${str(metaOf(o)["name"])}`;
}

/** What the CRDs say of each kind: its plural and scope. */
function crdNames(docs: readonly Located[]): Map<string, { plural: string; namespaced: boolean }> {
  const out = new Map<string, { plural: string; namespaced: boolean }>();
  for (const { value } of docs) {
    if (value["kind"] !== "CustomResourceDefinition") continue;
    const spec = asObj(value["spec"]);
    const names = asObj(spec["names"]);
    out.set(`${str(spec["group"])}/${str(names["kind"])}`, { plural: str(names["plural"]), namespaced: spec["scope"] !== "Cluster" });
  }
  return out;
}

function attributesOf(o: Obj, old: Obj | undefined, crds: ReadonlyMap<string, { plural: string; namespaced: boolean }>): RequestAttributes {
  const apiVersion = str(o["apiVersion"]);
  const slash = apiVersion.indexOf("/");
  const group = slash < 0 ? "" : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const kind = str(o["kind"]);
  const crd = crds.get(`${group}/${kind}`);
  const namespaced = crd ? crd.namespaced : !CLUSTER_SCOPED.has(kind);
  // kubectl sends a namespaced object without a namespace to its context's, "default" by default.
  const namespace = namespaced ? str(metaOf(o)["namespace"]) || "default" : "";
  const object = namespaced ? { ...o, metadata: { ...metaOf(o), namespace } } : o;
  return {
    operation: old ? "UPDATE" : "CREATE",
    resource: { group, version, resource: crd?.plural ?? pluralOf(kind) },
    kind: { group, version, kind },
    subresource: "",
    namespaced,
    name: str(metaOf(o)["name"]),
    namespace,
    object,
    oldObject: old ? (namespaced ? { ...old, metadata: { ...metaOf(old), namespace } } : old) : null,
    userInfo: { username: "kubernetes-admin", groups: ["system:masters", "system:authenticated"] },
    dryRun: false,
    options: { kind: old ? "UpdateOptions" : "CreateOptions", apiVersion: "meta.k8s.io/v1" },
  };
}

function report(where: string, o: Obj, r: AdmitResult, out: Out): void {
  const head = `${where} ${identity(o)}`;
  for (const w of r.warnings) out.log(`${head}: Warning: ${w}`);
  for (const [k, v] of Object.entries(r.auditAnnotations)) out.log(`${head}: audit annotation ${k}: ${v}`);
  if (r.status) out.log(`${head}: denied (${String(r.status.code)} ${r.status.reason}): ${r.status.message}`);
  else out.log(`${head}: admitted`);
}

export async function runValidatePolicies(
  policiesDir: string,
  files: readonly string[],
  oldFile: string | undefined,
  crdsDir: string | undefined,
  out: Out,
): Promise<number> {
  const missing = [policiesDir, ...files, ...(oldFile ? [oldFile] : []), ...(crdsDir ? [crdsDir] : [])].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    for (const p of missing) out.err(`kube-codegen validate: ${p} does not exist`);
    return 2;
  }
  if (files.length === 0) {
    out.err("kube-codegen validate: --policies needs files of resources to judge");
    return 2;
  }
  const lib = await import("@kube-codegen/apiextensions/admission-policy");
  const config = readDocuments([policiesDir]);
  const resources = readDocuments(files);
  const olds = readDocuments(oldFile ? [oldFile] : []);
  const crds = readDocuments(crdsDir ? [crdsDir] : []);
  const problems = [...config.problems, ...resources.problems, ...olds.problems, ...crds.problems];

  const policies: Obj[] = [];
  const bindings: Obj[] = [];
  const namespaces = new Map<string, Obj>();
  const params: Obj[] = [];
  for (const { where, value } of config.documents) {
    const kind = value["kind"];
    const name = str(metaOf(value)["name"]);
    if (value["apiVersion"] === AR && (kind === "ValidatingAdmissionPolicy" || kind === "ValidatingAdmissionPolicyBinding")) {
      if (name === "") {
        problems.push(`${where} ${kind}: metadata.name: Required value`);
        continue;
      }
      const causes = kind === "ValidatingAdmissionPolicy" ? lib.validatePolicy(value) : lib.validateBinding(value);
      for (const c of causes) problems.push(`${where} ${kind} ${name}: ${c.field}: ${c.message}`);
      (kind === "ValidatingAdmissionPolicy" ? policies : bindings).push(value);
    } else if (value["apiVersion"] === "v1" && kind === "Namespace") namespaces.set(name, value);
    else params.push(value);
  }
  for (const b of bindings) {
    const policyName = str(asObj(b["spec"])["policyName"]);
    if (!policies.some((p) => str(metaOf(p)["name"]) === policyName))
      out.err(
        `warning: ValidatingAdmissionPolicyBinding ${str(metaOf(b)["name"])} binds ${policyName}, which is not in ${policiesDir}: it judges nothing`,
      );
  }
  for (const { where, value } of [...resources.documents, ...olds.documents])
    for (const field of ["apiVersion", "kind"] as const)
      if (str(value[field]) === "") problems.push(`${where}: ${field}: Required value: a resource to judge needs one`);
  for (const { where, value } of resources.documents)
    if (str(metaOf(value)["name"]) === "") problems.push(`${where}: metadata.name: Required value: a resource to judge needs one`);
  const oldByIdentity = new Map(olds.documents.map((d) => [`${str(d.value["apiVersion"])} ${identity(d.value)}`, d.value]));
  if (oldFile)
    for (const { where, value } of resources.documents)
      if (!oldByIdentity.has(`${str(value["apiVersion"])} ${identity(value)}`))
        problems.push(`${where}: ${identity(value)} has no old object of the same apiVersion, kind, namespace and name in ${oldFile}`);
  if (problems.length > 0) {
    for (const p of problems) out.err(`kube-codegen validate: ${p}`);
    return 2;
  }
  if (policies.length === 0) out.err(`warning: ${policiesDir} holds no ValidatingAdmissionPolicy: every resource is admitted`);

  const names = crdNames(crds.documents);
  let denied = 0;
  for (const { where, value } of resources.documents) {
    const attributes = attributesOf(
      value,
      oldFile ? oldByIdentity.get(`${str(value["apiVersion"])} ${identity(value)}`) : undefined,
      names,
    );
    const namespaceObject = attributes.namespace
      ? (namespaces.get(attributes.namespace) ?? { apiVersion: "v1", kind: "Namespace", metadata: { name: attributes.namespace } })
      : null;
    const r = lib.admit(policies, bindings, { attributes, namespaceObject, params });
    if (!r.allowed) denied++;
    report(where, attributes.object ?? value, r, out);
  }
  const n = resources.documents.length;
  out.log(
    `${String(n)} resource${n === 1 ? "" : "s"} judged by ${String(policies.length)} polic${policies.length === 1 ? "y" : "ies"}: ${String(n - denied)} admitted, ${String(denied)} denied`,
  );
  return denied > 0 ? 1 : 0;
}
