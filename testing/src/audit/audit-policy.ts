// An audit.k8s.io/v1 Policy, as kube-apiserver's --audit-policy-file holds it, and how it decides
// each request's level and the stages left out: the first rule that matches (users, user groups,
// verbs, then either namespaces and resources, for a resource request, or non-resource URLs) gives
// the level, and its omitStages join the policy's; its omitManagedFields, when set, overrides the
// policy's. A request no rule matches is not logged (None).
// The matching is kube-apiserver's policy checker's, in its order.

/** The levels of an audit event, least to most. */
export type AuditLevel = "None" | "Metadata" | "Request" | "RequestResponse";
/** The stages a request's events are written at. */
export type AuditStage = "RequestReceived" | "ResponseStarted" | "ResponseComplete" | "Panic";

export interface AuditGroupResources {
  readonly group?: string;
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

export interface AuditPolicyRule {
  readonly level: AuditLevel;
  readonly users?: readonly string[];
  readonly userGroups?: readonly string[];
  readonly verbs?: readonly string[];
  readonly resources?: readonly AuditGroupResources[];
  readonly namespaces?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
  readonly omitStages?: readonly AuditStage[];
  readonly omitManagedFields?: boolean;
}

export interface AuditPolicy {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly rules: readonly AuditPolicyRule[];
  readonly omitStages?: readonly AuditStage[];
  /** Leave metadata.managedFields out of the logged request and response objects (and list items). */
  readonly omitManagedFields?: boolean;
}

/** What the test server logged before policies: every request at Metadata, RequestReceived left out. */
export const METADATA_POLICY: AuditPolicy = { omitStages: ["RequestReceived"], rules: [{ level: "Metadata" }] };

/** What a rule is matched against. */
export interface AuditAttributes {
  readonly user?: { readonly username: string; readonly groups: readonly string[] };
  readonly verb: string;
  /** The URL path, for non-resource requests. */
  readonly path: string;
  /** Set for a resource request. */
  readonly resource?: {
    readonly group: string;
    readonly resource: string;
    readonly subresource?: string;
    readonly namespace: string;
    readonly name: string;
  };
}

const LEVELS: readonly AuditLevel[] = ["None", "Metadata", "Request", "RequestResponse"];
const STAGES: readonly AuditStage[] = ["RequestReceived", "ResponseStarted", "ResponseComplete", "Panic"];

/** Whether `level` logs at least as much as `least`. */
export function levelAtLeast(level: AuditLevel, least: AuditLevel): boolean {
  return LEVELS.indexOf(level) >= LEVELS.indexOf(least);
}

/** How a request's events are written under a policy. */
export interface AuditDecision {
  readonly level: AuditLevel;
  readonly omitStages: ReadonlySet<AuditStage>;
  readonly omitManagedFields: boolean;
}

/** The level, the stages left out and whether managedFields are, for a request under `policy`. */
export function auditLevelOf(policy: AuditPolicy, a: AuditAttributes): AuditDecision {
  const omitManagedFields = policy.omitManagedFields ?? false;
  for (const rule of policy.rules) {
    if (!ruleMatches(rule, a)) continue;
    return {
      level: rule.level,
      omitStages: new Set([...(policy.omitStages ?? []), ...(rule.omitStages ?? [])]),
      omitManagedFields: rule.omitManagedFields ?? omitManagedFields,
    };
  }
  return { level: "None", omitStages: new Set(policy.omitStages ?? []), omitManagedFields };
}

function ruleMatches(r: AuditPolicyRule, a: AuditAttributes): boolean {
  if (r.users?.length && (a.user === undefined || !r.users.includes(a.user.username))) return false;
  if (r.userGroups?.length && !(a.user?.groups ?? []).some((g) => r.userGroups!.includes(g))) return false;
  if (r.verbs?.length && !r.verbs.includes(a.verb)) return false;
  if (r.namespaces?.length || r.resources?.length) return resourceMatches(r, a);
  if (r.nonResourceURLs?.length) return a.resource === undefined && r.nonResourceURLs.some((spec) => pathMatches(a.path, spec));
  return true;
}

function resourceMatches(r: AuditPolicyRule, a: AuditAttributes): boolean {
  const res = a.resource;
  if (res === undefined) return false;
  if (r.namespaces?.length && !r.namespaces.includes(res.namespace)) return false;
  if (!r.resources?.length) return true;
  const combined = res.subresource ? `${res.resource}/${res.subresource}` : res.resource;
  for (const gr of r.resources) {
    if ((gr.group ?? "") !== res.group) continue;
    if (!gr.resources?.length) return true;
    if (gr.resourceNames?.length && !gr.resourceNames.includes(res.name)) continue;
    for (const spec of gr.resources) {
      if (spec === combined || spec === "*") return true;
      // "*/scale" is every resource's scale; "pods/*" a pod and every subresource of it.
      if (spec.startsWith("*/") && res.subresource !== undefined && spec.slice(2) === res.subresource) return true;
      if (spec.endsWith("/*") && spec.slice(0, -2) === res.resource) return true;
    }
  }
  return false;
}

function pathMatches(path: string, spec: string): boolean {
  if (spec === "*" || spec === path) return true;
  return spec.endsWith("*") && path.startsWith(spec.replace(/\*+$/, ""));
}

/**
 * `value` as a Policy, or the reason it is not one (a level or stage that does not exist, a rule that
 * is not an object): the server refuses to start on a bad policy, as kube-apiserver does.
 */
export function checkAuditPolicy(value: unknown): AuditPolicy {
  const fail = (why: string): never => {
    throw new Error(`audit policy: ${why}`);
  };
  if (value === null || typeof value !== "object" || Array.isArray(value)) fail("not an object");
  const p = value as Record<string, unknown>;
  if (p["apiVersion"] !== undefined && p["apiVersion"] !== "audit.k8s.io/v1")
    fail(`apiVersion ${String(p["apiVersion"])} is not audit.k8s.io/v1`);
  if (p["kind"] !== undefined && p["kind"] !== "Policy") fail(`kind ${String(p["kind"])} is not Policy`);
  if (!Array.isArray(p["rules"]) || p["rules"].length === 0) fail("rules must be a list of at least one rule");
  const stages = (v: unknown, at: string): void => {
    if (v === undefined) return;
    if (!Array.isArray(v) || !v.every((s) => STAGES.includes(s as AuditStage)))
      fail(`${at}: omitStages must be stages of ${STAGES.join(", ")}`);
  };
  stages(p["omitStages"], "policy");
  const omitManaged = (v: unknown, at: string): void => {
    if (v !== undefined && typeof v !== "boolean") fail(`${at}: omitManagedFields must be true or false`);
  };
  omitManaged(p["omitManagedFields"], "policy");
  (p["rules"] as unknown[]).forEach((r, i) => {
    if (r === null || typeof r !== "object" || Array.isArray(r)) fail(`rules[${i}] is not an object`);
    const rule = r as Record<string, unknown>;
    if (!LEVELS.includes(rule["level"] as AuditLevel)) fail(`rules[${i}].level must be one of ${LEVELS.join(", ")}`);
    stages(rule["omitStages"], `rules[${i}]`);
    omitManaged(rule["omitManagedFields"], `rules[${i}]`);
    const resources = rule["resources"];
    if (resources !== undefined) {
      if (!Array.isArray(resources)) fail(`rules[${i}].resources must be a list`);
      (resources as unknown[]).forEach((gr, j) => {
        if (gr === null || typeof gr !== "object" || Array.isArray(gr)) fail(`rules[${i}].resources[${j}] is not an object`);
        const g = gr as Record<string, unknown>;
        if (g["group"] !== undefined && typeof g["group"] !== "string") fail(`rules[${i}].resources[${j}].group must be a string`);
        for (const k of ["resources", "resourceNames"])
          if (g[k] !== undefined && (!Array.isArray(g[k]) || !(g[k] as unknown[]).every((x) => typeof x === "string")))
            fail(`rules[${i}].resources[${j}].${k} must be a list of strings`);
      });
    }
    for (const k of ["users", "userGroups", "verbs", "namespaces", "nonResourceURLs"])
      if (rule[k] !== undefined && (!Array.isArray(rule[k]) || !(rule[k] as unknown[]).every((x) => typeof x === "string")))
        fail(`rules[${i}].${k} must be a list of strings`);
    if (
      (rule["nonResourceURLs"] as unknown[] | undefined)?.length &&
      ((rule["resources"] as unknown[] | undefined)?.length || (rule["namespaces"] as unknown[] | undefined)?.length)
    )
      fail(`rules[${i}]: nonResourceURLs cannot be combined with resources or namespaces`);
  });
  return p as unknown as AuditPolicy;
}
