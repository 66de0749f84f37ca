// Which webhooks a request is sent to, as the apiserver's webhook predicates decide
// (k8s.io/apiserver/pkg/admission/plugin/webhook: rules, predicates/namespace, predicates/object,
// generic.Webhook matchPolicy): a rule's operations, groups, versions, resources with subresources and
// scope; matchPolicy Equivalent trying the other served versions of the same resource when the
// request's own does not match; the namespace selector against the namespace's labels (or a
// Namespace's own), the object selector against the new or the old object's labels.
import { fromLabelSelectorObject, matchesLabels } from "../selectors/label-selector.js";
import type { AdmissionAttributes } from "../registry/admission-hooks.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import type { KubeObject } from "../registry/controller-client.js";
import { asObj, strings } from "../builtin/field-causes.js";

type Obj = Record<string, unknown>;

/** Whether `entry` of a rule's resources names `resource`/`subresource`. */
function resourceMatches(entry: string, resource: string, subresource: string): boolean {
  if (entry === "*/*") return true;
  if (entry === "*") return subresource === "";
  const slash = entry.indexOf("/");
  const res = slash < 0 ? entry : entry.slice(0, slash);
  const sub = slash < 0 ? "" : entry.slice(slash + 1);
  return (res === "*" || res === resource) && (sub === "*" || sub === subresource);
}

/** rules.Matcher: any rule matching operation, group, version, resource/subresource and scope. */
export function rulesMatch(rules: unknown, info: ResourceInfo, operation: string, subresource: string): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some((r) => {
    const rule = asObj(r);
    const scope = typeof rule["scope"] === "string" ? rule["scope"] : "*";
    if (scope === "Cluster" && info.namespaced) return false;
    if (scope === "Namespaced" && !info.namespaced) return false;
    const ops = strings(rule["operations"]);
    if (!ops.includes("*") && !ops.includes(operation)) return false;
    const groups = strings(rule["apiGroups"]);
    if (!groups.includes("*") && !groups.includes(info.group)) return false;
    const versions = strings(rule["apiVersions"]);
    if (!versions.includes("*") && !versions.includes(info.version)) return false;
    return strings(rule["resources"]).some((e) => resourceMatches(e, info.resource, subresource));
  });
}

/**
 * The version of the resource a webhook is called with: the request's when a rule names it; under
 * matchPolicy Equivalent, else the first other served version of the same resource a rule names.
 * Undefined when the webhook does not apply.
 */
export function matchedVersion(hook: Obj, a: AdmissionAttributes, equivalents: readonly ResourceInfo[]): ResourceInfo | undefined {
  if (rulesMatch(hook["rules"], a.info, a.operation, a.subresource)) return a.info;
  if (hook["matchPolicy"] === "Exact") return undefined;
  return equivalents.find((e) => e !== a.info && rulesMatch(hook["rules"], e, a.operation, a.subresource));
}

const labelsOf = (o: KubeObject | undefined): Record<string, string> | undefined =>
  o ? (asObj(asObj(o.metadata)["labels"]) as Record<string, string>) : undefined;

/** Whether a selector object (metav1.LabelSelector) is empty, so it matches everything without a lookup. */
function isEmptySelector(sel: unknown): boolean {
  const s = asObj(sel);
  return Object.keys(asObj(s["matchLabels"])).length === 0 && (!Array.isArray(s["matchExpressions"]) || s["matchExpressions"].length === 0);
}

/** predicates/object: the selector matches the new object or the old one. */
export function objectSelected(hook: Obj, a: AdmissionAttributes): boolean {
  const sel = hook["objectSelector"];
  if (isEmptySelector(sel)) return true;
  const req = fromLabelSelectorObject(asObj(sel));
  return [a.object, a.oldObject].some((o) => o !== undefined && matchesLabels(req, labelsOf(o) ?? {}));
}

/**
 * predicates/namespace: a namespaced request is matched on its namespace's labels; a Namespace on its
 * own; any other cluster-scoped object always matches. `namespaceLabels` reads a namespace's labels
 * (undefined when there is no such namespace, which then matches nothing but an Exists-free selector).
 */
export function namespaceSelected(
  hook: Obj,
  a: AdmissionAttributes,
  namespaceLabels: (name: string) => Record<string, string> | undefined,
): boolean {
  const sel = hook["namespaceSelector"];
  if (isEmptySelector(sel)) return true;
  const req = fromLabelSelectorObject(asObj(sel));
  if (a.info.group === "" && a.info.resource === "namespaces") return matchesLabels(req, labelsOf(a.object ?? a.oldObject) ?? {});
  if (!a.info.namespaced || a.namespace === undefined) return true;
  return matchesLabels(req, namespaceLabels(a.namespace) ?? {});
}
