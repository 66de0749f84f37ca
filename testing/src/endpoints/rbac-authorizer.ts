// The RBAC authorizer, with the semantics of k8s.io/kubernetes plugin/pkg/auth/authorizer/rbac: the
// ClusterRoleBindings, then the RoleBindings of the request's namespace, are visited; a binding applies
// when one of its subjects is the user (User), one of its groups (Group) or the user's service account
// (ServiceAccount, "system:serviceaccount:NS:NAME"); its Role or ClusterRole's rules allow the request
// when the verb, API group, resource (or "resource/subresource", "*", "*/subresource"), resource name
// (only when the rule lists names and the request has one) or, for non-resource requests, the path (a
// trailing "*" matching any rest) match. Reasons are worded as the real authorizer's
// (test/fixtures/rbac-1.37). The system:masters group is allowed before RBAC, as the real server's
// privileged-group authorizer does. Loaded only when StartOptions.authorization is "RBAC".
import type { Authorizer, Decision, RequestAttributes, ServerState, UserInfo } from "../server-state.js";
import { getStored, listStoredOf } from "../registry/controller-client.js";
import { BOOTSTRAP_ROLES } from "./bootstrap-roles-data.js";

type Obj = Record<string, unknown>;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);
const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

/** The group whose members every authorizer allows (authorizerfactory's privileged group). */
const MASTERS = "system:masters";

const RBAC = "rbac.authorization.k8s.io";

/** Whether `rule` allows the request (rbac.RuleAllows). */
export function ruleAllows(attrs: RequestAttributes, rule: Obj): boolean {
  const verbs = strings(rule["verbs"]);
  if (!verbs.includes("*") && !verbs.includes(attrs.verb)) return false;
  const r = attrs.resource;
  if (r === undefined) {
    const path = attrs.path ?? "";
    return strings(rule["nonResourceURLs"]).some((u) => u === "*" || u === path || (u.endsWith("*") && path.startsWith(u.slice(0, -1))));
  }
  const groups = strings(rule["apiGroups"]);
  if (!groups.includes("*") && !groups.includes(r.group)) return false;
  const combined = r.subresource ? `${r.resource}/${r.subresource}` : r.resource;
  const resources = strings(rule["resources"]);
  if (!resources.some((x) => x === "*" || x === combined || (r.subresource !== "" && x === `*/${r.subresource}`))) return false;
  const names = strings(rule["resourceNames"]);
  return names.length === 0 || (r.name !== "" && names.includes(r.name));
}

/** Whether a binding's subject is `user` (rbac.appliesToUser); a ServiceAccount without namespace is the binding's. */
function appliesTo(user: UserInfo, subject: Obj, namespace: string): boolean {
  const name = String(subject["name"] ?? "");
  switch (subject["kind"]) {
    case "User":
      return user.name === name;
    case "Group":
      return user.groups.includes(name);
    case "ServiceAccount": {
      const ns = typeof subject["namespace"] === "string" && subject["namespace"] !== "" ? subject["namespace"] : namespace;
      return ns !== "" && user.name === `system:serviceaccount:${ns}:${name}`;
    }
    default:
      return false;
  }
}

/** A subject as the reason names it: `ServiceAccount "foo/default"`, `User "jane"`, `Group "devs"`. */
function describeSubject(subject: Obj): string {
  const name = String(subject["name"] ?? "");
  const ns = typeof subject["namespace"] === "string" && subject["namespace"] !== "" ? `/${subject["namespace"]}` : "";
  return `${String(subject["kind"])} ${JSON.stringify(subject["kind"] === "ServiceAccount" ? `${name}${ns}` : name)}`;
}

/** The rules of a binding's roleRef, or the error the real rule resolver reports for a missing role. */
function roleRules(state: ServerState, ref: Obj, namespace: string): Obj[] | string {
  const name = String(ref["name"] ?? "");
  if (ref["kind"] === "ClusterRole") {
    const role = getStored(state, `${RBAC}/clusterroles`, name);
    return role ? (Array.isArray(role["rules"]) ? (role["rules"] as Obj[]) : []) : `clusterrole.${RBAC} ${JSON.stringify(name)} not found`;
  }
  const role = getStored(state, `${RBAC}/roles`, `${namespace}/${name}`);
  return role ? (Array.isArray(role["rules"]) ? (role["rules"] as Obj[]) : []) : `role.${RBAC} ${JSON.stringify(name)} not found`;
}

/** The RBAC decision for `user` on `attrs`, with the real reasons. */
export function authorize(state: ServerState, user: UserInfo, attrs: RequestAttributes): Decision {
  if (user.groups.includes(MASTERS)) return { allowed: true, reason: "" };
  const errors: string[] = [];
  const namespace = attrs.resource?.namespace ?? "";
  const visit = (binding: Obj, describe: (subject: Obj, ref: Obj) => string, bindingNamespace: string): Decision | undefined => {
    const subject = (Array.isArray(binding["subjects"]) ? (binding["subjects"] as Obj[]) : []).find((s) =>
      appliesTo(user, asObj(s), bindingNamespace),
    );
    if (!subject) return undefined;
    const ref = asObj(binding["roleRef"]);
    const rules = roleRules(state, ref, bindingNamespace);
    if (typeof rules === "string") {
      errors.push(rules);
      return undefined;
    }
    if (rules.some((rule) => ruleAllows(attrs, asObj(rule))))
      return { allowed: true, reason: `RBAC: allowed by ${describe(subject, ref)}` };
    return undefined;
  };
  for (const b of listStoredOf(state, `${RBAC}/clusterrolebindings`)) {
    const d = visit(
      b,
      (s, ref) =>
        `ClusterRoleBinding ${JSON.stringify(String(b.metadata["name"]))} of ${String(ref["kind"])} ${JSON.stringify(String(ref["name"]))} to ${describeSubject(s)}`,
      "",
    );
    if (d) return d;
  }
  if (namespace !== "") {
    for (const b of listStoredOf(state, `${RBAC}/rolebindings`)) {
      if (b.metadata["namespace"] !== namespace) continue;
      const d = visit(
        b,
        (s, ref) =>
          `RoleBinding ${JSON.stringify(`${String(b.metadata["name"])}/${namespace}`)} of ${String(ref["kind"])} ${JSON.stringify(String(ref["name"]))} to ${describeSubject(s)}`,
        namespace,
      );
      if (d) return d;
    }
  }
  // No rule allows it: RBAC has no opinion; the errors it met are the reason, named by the authorizer chain.
  if (errors.length === 0) return { allowed: false, reason: "" };
  return { allowed: false, reason: `rbac: RBAC: ${errors.length === 1 ? errors[0] : `[${errors.join(", ")}]`}` };
}

/**
 * The rules that apply to `user` in `namespace` (rbac's RulesFor, as a SelfSubjectRulesReview reports
 * them): every rule of every ClusterRoleBinding's and the namespace's RoleBindings' roles that name the
 * user, split into resource and non-resource rules; a missing role makes the answer incomplete.
 */
export function rulesFor(state: ServerState, user: UserInfo, namespace: string): Record<string, unknown> {
  const resourceRules: Obj[] = [];
  const nonResourceRules: Obj[] = [];
  const errors: string[] = [];
  const collect = (b: Obj, bindingNamespace: string): void => {
    const subjects = Array.isArray(b["subjects"]) ? (b["subjects"] as Obj[]) : [];
    if (!subjects.some((s) => appliesTo(user, asObj(s), bindingNamespace))) return;
    const rules = roleRules(state, asObj(b["roleRef"]), bindingNamespace);
    if (typeof rules === "string") return void errors.push(rules);
    for (const r of rules.map(asObj)) {
      const pick = (fields: string[]): Obj =>
        Object.fromEntries(fields.filter((f) => strings(r[f]).length > 0).map((f) => [f, strings(r[f])]));
      if (strings(r["nonResourceURLs"]).length > 0) nonResourceRules.push(pick(["verbs", "nonResourceURLs"]));
      else resourceRules.push(pick(["verbs", "apiGroups", "resources", "resourceNames"]));
    }
  };
  for (const b of listStoredOf(state, `${RBAC}/clusterrolebindings`)) collect(b, "");
  if (namespace !== "")
    for (const b of listStoredOf(state, `${RBAC}/rolebindings`)) if (b.metadata["namespace"] === namespace) collect(b, namespace);
  return {
    resourceRules,
    nonResourceRules,
    incomplete: errors.length > 0,
    ...(errors.length > 0 ? { evaluationError: errors.join(", ") } : {}),
  };
}

export const rbacAuthorizer: Authorizer = { authorize, rules: rulesFor };

/**
 * The policy a fresh kube-apiserver bootstraps that the test server's requests meet (recorded in
 * test/fixtures/rbac-1.37): discovery for authenticated users, the self reviews, the public health and
 * version paths for everyone, cluster-admin bound to system:masters, and the user-facing roles admin,
 * edit and view (bootstrap-roles-data.ts), whose rules the aggregation controller fills.
 */
export function bootstrapPolicy(): Obj[] {
  const labels = { "kubernetes.io/bootstrapping": "rbac-defaults" };
  const annotations = { "rbac.authorization.kubernetes.io/autoupdate": "true" };
  const role = (name: string, rules: Obj[]): Obj => ({
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRole",
    metadata: { name, labels, annotations },
    rules,
  });
  const binding = (name: string, ...groups: string[]): Obj => ({
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRoleBinding",
    metadata: { name, labels, annotations },
    roleRef: { apiGroup: RBAC, kind: "ClusterRole", name },
    subjects: groups.map((group) => ({ kind: "Group", apiGroup: RBAC, name: group })),
  });
  return [
    role("cluster-admin", [
      { verbs: ["*"], apiGroups: ["*"], resources: ["*"] },
      { verbs: ["*"], nonResourceURLs: ["*"] },
    ]),
    role("system:discovery", [
      {
        verbs: ["get"],
        nonResourceURLs: [
          "/api",
          "/api/*",
          "/apis",
          "/apis/*",
          "/healthz",
          "/livez",
          "/openapi",
          "/openapi/*",
          "/readyz",
          "/version",
          "/version/",
        ],
      },
    ]),
    role("system:basic-user", [
      { verbs: ["create"], apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectaccessreviews", "selfsubjectrulesreviews"] },
      { verbs: ["create"], apiGroups: ["authentication.k8s.io"], resources: ["selfsubjectreviews"] },
    ]),
    role("system:public-info-viewer", [{ verbs: ["get"], nonResourceURLs: ["/healthz", "/livez", "/readyz", "/version", "/version/"] }]),
    // admin, edit and view, which projects bind their users to, and the roles they aggregate (recorded).
    ...BOOTSTRAP_ROLES.map((r): Obj => ({
      apiVersion: `${RBAC}/v1`,
      kind: "ClusterRole",
      metadata: { name: r.name, labels: { ...r.labels }, annotations: { ...r.annotations } },
      ...(r.aggregationRule ? { aggregationRule: structuredClone(r.aggregationRule) } : { rules: structuredClone(r.rules ?? []) }),
    })),
    binding("cluster-admin", MASTERS),
    binding("system:discovery", "system:authenticated"),
    binding("system:basic-user", "system:authenticated"),
    binding("system:public-info-viewer", "system:authenticated", "system:unauthenticated"),
  ];
}
