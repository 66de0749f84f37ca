// Which requests a policy's matchConstraints and a binding's matchResources select, as the apiserver's
// policy matcher decides (k8s.io/apiserver/pkg/admission/plugin/policy/matching and webhook/predicates):
// the namespace selector, the object selector, excludeResourceRules, then resourceRules with their
// resourceNames; under matchPolicy Equivalent, the other served versions of the same resource when the
// requested one matches no rule. An empty resourceRules (a binding's) selects every resource.
import { isEmptySelector, labelsOf, selectorMatches } from "./selectors.js";
import type { EquivalentResource, GroupVersionKind, GroupVersionResource, Obj, RequestAttributes } from "./types.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The resource and kind a policy matched the request as (the requested one, or an equivalent). */
export interface MatchedVersion {
  resource: GroupVersionResource;
  kind: GroupVersionKind;
  /** Converts the request's objects to this version (identity for the requested one). */
  convert: ((o: Obj) => Obj) | undefined;
}

function resourceMatches(entry: string, resource: string, subresource: string): boolean {
  if (entry === "*/*") return true;
  if (entry === "*") return subresource === "";
  const slash = entry.indexOf("/");
  const res = slash < 0 ? entry : entry.slice(0, slash);
  const sub = slash < 0 ? "" : entry.slice(slash + 1);
  return (res === "*" || res === resource) && (sub === "*" || sub === subresource);
}

/** rules.Matcher of one RuleWithOperations against a resource at a version. */
function ruleMatches(rule: Obj, a: RequestAttributes, resource: GroupVersionResource): boolean {
  const scope = typeof rule["scope"] === "string" ? rule["scope"] : "*";
  if (scope === "Cluster" && a.namespaced) return false;
  if (scope === "Namespaced" && !a.namespaced) return false;
  const ops = strings(rule["operations"]);
  if (!ops.includes("*") && !ops.includes(a.operation)) return false;
  const groups = strings(rule["apiGroups"]);
  if (!groups.includes("*") && !groups.includes(resource.group)) return false;
  const versions = strings(rule["apiVersions"]);
  if (!versions.includes("*") && !versions.includes(resource.version)) return false;
  return strings(rule["resources"]).some((e) => resourceMatches(e, resource.resource, a.subresource));
}

function namedRuleMatches(rule: Obj, a: RequestAttributes, resource: GroupVersionResource): boolean {
  if (!ruleMatches(rule, a, resource)) return false;
  const names = strings(rule["resourceNames"]);
  return names.length === 0 || names.includes(a.name);
}

/** matchesResourceRules: the version a rule list matches the request at, or undefined. */
function matchRules(
  rules: unknown,
  matchPolicy: unknown,
  a: RequestAttributes,
  equivalents: readonly EquivalentResource[],
): MatchedVersion | undefined {
  const list = Array.isArray(rules) ? rules.map(asObj) : [];
  if (list.some((r) => namedRuleMatches(r, a, a.resource))) return { resource: a.resource, kind: a.kind, convert: undefined };
  // The server defaults matchPolicy to Equivalent; a file read offline may leave it out.
  if (matchPolicy === "Exact") return undefined;
  for (const r of list)
    for (const e of equivalents) {
      if (e.resource.version === a.resource.version) continue;
      if (namedRuleMatches(r, a, e.resource)) return { resource: e.resource, kind: e.kind, convert: e.convert };
    }
  return undefined;
}

/** predicates/namespace: a Namespace on its own labels, a namespaced request on its namespace's, others always. */
function namespaceSelected(selector: unknown, a: RequestAttributes, namespaceObject: Obj | null): boolean {
  if (isEmptySelector(selector)) return true;
  if (a.resource.group === "" && a.resource.resource === "namespaces" && a.subresource === "")
    return selectorMatches(selector, labelsOf(a.object ?? a.oldObject));
  if (!a.namespaced || a.namespace === "") return true;
  return selectorMatches(selector, labelsOf(namespaceObject));
}

/** predicates/object: the new object's labels or the old one's. */
function objectSelected(selector: unknown, a: RequestAttributes): boolean {
  if (isEmptySelector(selector)) return true;
  return [a.object, a.oldObject].some((o) => o !== null && selectorMatches(selector, labelsOf(o)));
}

/**
 * Whether `criteria` (a policy's matchConstraints or a binding's matchResources) selects the request;
 * the version it matched at, or undefined.
 */
export function matches(
  criteria: unknown,
  a: RequestAttributes,
  namespaceObject: Obj | null,
  equivalents: readonly EquivalentResource[],
): MatchedVersion | undefined {
  const c = asObj(criteria);
  if (!namespaceSelected(c["namespaceSelector"], a, namespaceObject)) return undefined;
  if (!objectSelected(c["objectSelector"], a)) return undefined;
  if (matchRules(c["excludeResourceRules"], c["matchPolicy"], a, equivalents)) return undefined;
  const rules = c["resourceRules"];
  if (!Array.isArray(rules) || rules.length === 0) return { resource: a.resource, kind: a.kind, convert: undefined };
  return matchRules(rules, c["matchPolicy"], a, equivalents);
}
