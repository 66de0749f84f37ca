// rbac.authorization.k8s.io/v1 as kube-apiserver's pkg/apis/rbac and pkg/registry/rbac serve it: Roles,
// ClusterRoles, RoleBindings and ClusterRoleBindings, with their defaulting (a subject's and a roleRef's
// apiGroup), validation (pkg/apis/rbac/validation, wording as recorded in test/fixtures/rbac-1.37) and
// the immutable roleRef; and the ClusterRole aggregation rule's selection, which the aggregation
// controller (controllers/clusterrole-aggregation.ts) applies. Served only when the server enforces RBAC
// (StartOptions.authorization), so loaded only then.
import { fromLabelSelectorObject, matchesLabels } from "../selectors/label-selector.js";
import type { StatusCause } from "../status-errors.js";
import { asList, asObj, invalid, notSupported, required, strings } from "./field-causes.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import { STANDARD_VERBS } from "../registry/resource-info.js";
import { storageVersionHash } from "../registry/storage-version-hash.js";
import { builtinStrategy } from "./strategies.js";

const RBAC_GROUP = "rbac.authorization.k8s.io";

type Obj = Record<string, unknown>;

/** ValidatePolicyRule. */
function validateRule(rule: Obj, namespaced: boolean, path: string): StatusCause[] {
  const out: StatusCause[] = [];
  if (strings(rule["verbs"]).length === 0) out.push(required(`${path}.verbs`));
  const urls = strings(rule["nonResourceURLs"]);
  if (urls.length > 0) {
    if (namespaced) out.push(invalid(`${path}.nonResourceURLs`, urls, "namespaced rules cannot apply to non-resource URLs"));
    if (strings(rule["apiGroups"]).length > 0 || strings(rule["resources"]).length > 0 || strings(rule["resourceNames"]).length > 0)
      out.push(invalid(`${path}.nonResourceURLs`, urls, "rules cannot apply to both regular resources and non-resource URLs"));
    return out;
  }
  if (strings(rule["apiGroups"]).length === 0) out.push(required(`${path}.apiGroups`, "resource rules must supply at least one api group"));
  if (strings(rule["resources"]).length === 0) out.push(required(`${path}.resources`, "resource rules must supply at least one resource"));
  return out;
}

function validateRules(o: Obj, namespaced: boolean): StatusCause[] {
  return asList(o["rules"]).flatMap((r, i) => validateRule(asObj(r), namespaced, `rules[${i}]`));
}

function validateClusterRole(o: Obj): StatusCause[] {
  const out = validateRules(o, false);
  if (o["aggregationRule"] !== undefined && o["aggregationRule"] !== null) {
    if (asList(asObj(o["aggregationRule"])["clusterRoleSelectors"]).length === 0)
      out.push(required("aggregationRule.clusterRoleSelectors", "at least one clusterRoleSelector required if aggregationRule is non-nil"));
  }
  return out;
}

/** ValidateRoleBindingSubject. */
function validateSubject(s: Obj, namespaced: boolean, path: string): StatusCause[] {
  const out: StatusCause[] = [];
  const name = typeof s["name"] === "string" ? s["name"] : "";
  const apiGroup = typeof s["apiGroup"] === "string" ? s["apiGroup"] : "";
  if (name === "") out.push(required(`${path}.name`));
  switch (s["kind"]) {
    case "ServiceAccount":
      if (apiGroup !== "") out.push(notSupported(`${path}.apiGroup`, apiGroup, [""]));
      if (!namespaced && !s["namespace"]) out.push(required(`${path}.namespace`));
      break;
    case "User":
    case "Group":
      if (apiGroup !== RBAC_GROUP) out.push(notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    default:
      out.push(notSupported(`${path}.kind`, s["kind"] ?? "", ["ServiceAccount", "User", "Group"]));
  }
  return out;
}

/** ValidateRoleBinding / ValidateClusterRoleBinding, in the recorded order of the causes. */
function bindingValidator(namespaced: boolean) {
  return (o: Obj, old?: Obj): StatusCause[] => {
    const out: StatusCause[] = [];
    const ref = asObj(o["roleRef"]);
    if (ref["apiGroup"] !== RBAC_GROUP) out.push(notSupported("roleRef.apiGroup", ref["apiGroup"] ?? "", [RBAC_GROUP]));
    const kinds = namespaced ? ["Role", "ClusterRole"] : ["ClusterRole"];
    if (!kinds.includes(String(ref["kind"] ?? ""))) out.push(notSupported("roleRef.kind", ref["kind"] ?? "", kinds));
    asList(o["subjects"]).forEach((s, i) => out.push(...validateSubject(asObj(s), namespaced, `subjects[${i}]`)));
    if (!ref["name"]) out.push(required("roleRef.name"));
    if (old !== undefined) {
      const was = asObj(old["roleRef"]);
      if (was["apiGroup"] !== ref["apiGroup"] || was["kind"] !== ref["kind"] || was["name"] !== ref["name"]) {
        const shown = { APIGroup: ref["apiGroup"] ?? "", Kind: ref["kind"] ?? "", Name: ref["name"] ?? "" };
        out.push({ reason: "FieldValueInvalid", message: `Invalid value: ${JSON.stringify(shown)}: field is immutable`, field: "roleRef" });
      }
    }
    return out;
  };
}

/** A role without rules says "rules": null, as Go writes the nil slice of a role read back from storage. */
function defaultRole(o: Obj): void {
  if (!Array.isArray(o["rules"]) || o["rules"].length === 0) o["rules"] = null;
}

/** SetDefaults_RoleBinding and SetDefaults_Subject: the rbac group where a roleRef or a User/Group subject leaves it out. */
function defaultBinding(o: Obj): void {
  const ref = o["roleRef"];
  if (ref && typeof ref === "object" && !(ref as Obj)["apiGroup"]) (ref as Obj)["apiGroup"] = RBAC_GROUP;
  for (const s of asList(o["subjects"])) {
    const subject = asObj(s);
    if ((subject["kind"] === "User" || subject["kind"] === "Group") && !subject["apiGroup"]) subject["apiGroup"] = RBAC_GROUP;
  }
}

function rbacResource(resource: string, kind: string, namespaced: boolean, extra: Partial<ResourceInfo>): ResourceInfo {
  return {
    group: RBAC_GROUP,
    version: "v1",
    resource,
    kind,
    listKind: `${kind}List`,
    singular: kind.toLowerCase(),
    namespaced,
    shortNames: [],
    categories: [],
    verbs: STANDARD_VERBS,
    statusSubresource: false,
    custom: false,
    hasGeneration: false,
    // ValidateRBACName: any valid path segment ("system:discovery").
    nameRule: "path-segment",
    extraFieldSelectors: [],
    storageVersionHash: storageVersionHash(RBAC_GROUP, "v1", kind),
    strategy: builtinStrategy({ group: RBAC_GROUP, resource }),
    ...extra,
  };
}

/** The four RBAC resources. */
export function rbacResources(): ResourceInfo[] {
  return [
    rbacResource("clusterrolebindings", "ClusterRoleBinding", false, { validator: bindingValidator(false), defaulter: defaultBinding }),
    rbacResource("clusterroles", "ClusterRole", false, { validator: validateClusterRole, defaulter: defaultRole }),
    rbacResource("rolebindings", "RoleBinding", true, { validator: bindingValidator(true), defaulter: defaultBinding }),
    rbacResource("roles", "Role", true, { validator: (o) => validateRules(o, true), defaulter: defaultRole }),
  ];
}

/** Whether two policy rules are the same (the aggregation controller keeps one of equal rules). */
function sameRule(a: Obj, b: Obj): boolean {
  const fields = ["verbs", "apiGroups", "resources", "resourceNames", "nonResourceURLs"];
  return fields.every((f) => JSON.stringify(strings(a[f])) === JSON.stringify(strings(b[f])));
}

/**
 * The rules an aggregated ClusterRole should have (clusterrole-aggregation controller): the rules of every
 * other ClusterRole matching any of its clusterRoleSelectors, those roles by name, equal rules once.
 * Undefined when `role` has no aggregationRule.
 */
export function aggregatedRules(role: Obj, clusterRoles: readonly Obj[]): Obj[] | undefined {
  const rule = role["aggregationRule"];
  if (!rule || typeof rule !== "object") return undefined;
  const selectors = asList(asObj(rule)["clusterRoleSelectors"]).map((s) =>
    fromLabelSelectorObject(asObj(s) as Parameters<typeof fromLabelSelectorObject>[0]),
  );
  const self = asObj(role["metadata"])["name"];
  const matched = clusterRoles
    .filter((c) => asObj(c["metadata"])["name"] !== self)
    .filter((c) => selectors.some((s) => matchesLabels(s, asObj(asObj(c["metadata"])["labels"]) as Record<string, string>)))
    .sort((a, b) => (String(asObj(a["metadata"])["name"]) < String(asObj(b["metadata"])["name"]) ? -1 : 1));
  const out: Obj[] = [];
  for (const c of matched) for (const r of asList(c["rules"])) if (!out.some((o) => sameRule(o, asObj(r)))) out.push(asObj(r));
  return out;
}
