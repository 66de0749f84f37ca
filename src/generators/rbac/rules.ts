import type { RbacMarker } from "../../model/index.js";

// controller-gen v0.23's RBAC rule merging (sigs.k8s.io/controller-tools pkg/rbac/parser.go,
// GenerateRoles), step for step, since the order and the merges it does decide the bytes of
// role.yaml: each marker is split into one rule per resource; rules with the same groups,
// resources, names and URLs merge their verbs; then rules alike but for their resources merge
// those, then rules alike but for their groups, then alike but for their URLs (each step once,
// in that order, not to a fixed point); rules are sorted by "groups + resources + names + URLs"
// and a rule with the verb * keeps only it.

interface Rule {
  groups: string[];
  resources: string[];
  resourceNames: string[];
  verbs: string[];
  urls: string[];
}

/** Go's strings.Compare: by UTF-8 bytes. */
function goCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** controller-gen's removeDupAndSort. */
function dedupSort(xs: readonly string[]): string[] {
  return [...new Set(xs)].sort(goCompare);
}

function normalize(r: Rule): Rule {
  return {
    groups: dedupSort(r.groups),
    resources: dedupSort(r.resources),
    resourceNames: dedupSort(r.resourceNames),
    verbs: dedupSort(r.verbs),
    urls: dedupSort(r.urls),
  };
}

const join = (xs: readonly string[]): string => xs.join("&");

/** controller-gen's ruleKey, as its String() writes it (the sort key). */
const ruleKey = (r: Rule): string => `${join(r.groups)} + ${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.urls)}`;

/**
 * Merges the rules that agree on `same` by concatenating `field`, then keys them by ruleKey again.
 * Where two merged rules end with the same ruleKey (markers such as `groups=a;b` beside `groups=a`
 * and `groups=b` with other verbs), controller-gen keeps whichever its map iteration gives last;
 * here their verbs are joined, so the output is the same on every run and grants what each marker asked.
 */
function mergeOn(rules: readonly Rule[], same: (r: Rule) => string, field: "resources" | "groups" | "urls"): Rule[] {
  const groups = new Map<string, Rule[]>();
  for (const r of rules) {
    const k = same(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  const byKey = new Map<string, Rule>();
  for (const g of groups.values()) {
    const merged = normalize({ ...g[0]!, [field]: g.flatMap((r) => r[field]) });
    const key = ruleKey(merged);
    const prior = byKey.get(key);
    byKey.set(key, prior ? normalize({ ...merged, verbs: [...prior.verbs, ...merged.verbs] }) : merged);
  }
  return [...byKey.values()];
}

/** controller-gen's NormalizeRules: the policy rules of one Role or ClusterRole, merged and sorted. */
function normalizeRules(rules: readonly Rule[]): Rule[] {
  const byKey = new Map<string, Rule>();
  for (const raw of rules) {
    const r = normalize({ ...raw, groups: raw.groups.map((g) => (g === "core" ? "" : g)) });
    const key = ruleKey(r);
    const prior = byKey.get(key);
    byKey.set(key, prior ? { ...prior, verbs: dedupSort([...prior.verbs, ...r.verbs]) } : r);
  }
  const v = (r: Rule): string => join(r.verbs);
  let merged = mergeOn([...byKey.values()], (r) => `${join(r.groups)} + ${join(r.resourceNames)} + ${join(r.urls)} + ${v(r)}`, "resources");
  merged = mergeOn(merged, (r) => `${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.urls)} + ${v(r)}`, "groups");
  merged = mergeOn(merged, (r) => `${join(r.groups)} + ${join(r.resources)} + ${join(r.resourceNames)} + ${v(r)}`, "urls");
  return merged
    .map((r) => ({ rule: r, key: ruleKey(r) }))
    .sort((a, b) => goCompare(a.key, b.key))
    .map(({ rule }) => (rule.verbs.includes("*") ? { ...rule, verbs: ["*"] } : rule));
}

/** rbacv1.PolicyRule as JSON: every list but verbs is omitted when empty. */
function policyRule(r: Rule): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (r.groups.length > 0) out.apiGroups = r.groups;
  if (r.resources.length > 0) out.resources = r.resources;
  if (r.resourceNames.length > 0) out.resourceNames = r.resourceNames;
  if (r.urls.length > 0) out.nonResourceURLs = r.urls;
  out.verbs = r.verbs;
  return out;
}

/**
 * The ClusterRole and Roles of the markers, in controller-gen's order (by namespace, the
 * ClusterRole's being empty, then by name), as plain objects for the go-yaml writer.
 */
export function rbacObjects(markers: readonly RbacMarker[], roleName: string): Record<string, unknown>[] {
  const byRole = new Map<string, { namespace: string; name: string; rules: Rule[] }>();
  for (const m of markers) {
    const namespace = m.namespace ?? "";
    const name = m.roleName !== undefined && m.roleName !== "" ? m.roleName : roleName;
    const id = JSON.stringify([namespace, name]);
    let role = byRole.get(id);
    if (!role) byRole.set(id, (role = { namespace, name, rules: [] }));
    const base = {
      groups: [...(m.groups ?? [])],
      resourceNames: [...(m.resourceNames ?? [])],
      verbs: [...m.verbs],
      urls: [...(m.urls ?? [])],
    };
    const resources = m.resources ?? [];
    if (resources.length === 0) role.rules.push({ ...base, resources: [] });
    else for (const res of resources) role.rules.push({ ...base, resources: [res] });
  }
  const roles = [...byRole.values()].sort((a, b) => goCompare(a.namespace, b.namespace) || goCompare(a.name, b.name));
  const out: Record<string, unknown>[] = [];
  for (const role of roles) {
    const rules = normalizeRules(role.rules);
    if (rules.length === 0) continue;
    out.push({
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: role.namespace === "" ? "ClusterRole" : "Role",
      metadata: role.namespace === "" ? { name: role.name } : { name: role.name, namespace: role.namespace },
      rules: rules.map(policyRule),
    });
  }
  return out;
}
