// admissionregistration.k8s.io/v1 as kube-apiserver serves it: Mutating- and ValidatingWebhookConfigurations
// with their defaulting (SetDefaults_ValidatingWebhook / _MutatingWebhook, _Rule, _ServiceReference) and
// validation (pkg/apis/admissionregistration/validation), wording and order as recorded from the real
// 1.37.2 in test/fixtures/apiserver-1.37/admission.json; and ValidatingAdmissionPolicies with their
// bindings, defaulted as 1.37.2 does (validating-admission-policy.json). The admission layer
// (testing/src/admission) reads the configurations to call the webhooks and evaluates the policies;
// it also makes the part of a policy's validation that needs CEL (policy-admission.ts).
import { dns1123SubdomainProblems, labelValueProblems, qualifiedNameProblems } from "@kube-codegen/apiextensions/on-demand";
import type { StatusCause } from "../status-errors.js";
import type { ResourceInfo } from "../registry/resource-info.js";
import { STANDARD_VERBS } from "../registry/resource-info.js";
import { storageVersionHash } from "../registry/storage-version-hash.js";
import { asList, asObj, duplicate, forbidden, invalid, notSupported, required, strings } from "./field-causes.js";
import { builtinStrategy } from "./strategies.js";
import type { Emulate } from "../server-state.js";

const GROUP = "admissionregistration.k8s.io";

type Obj = Record<string, unknown>;

/** SetDefaults of one webhook (and its rules and service reference), in place. */
function defaultWebhook(hook: Obj, mutating: boolean): void {
  hook["failurePolicy"] ??= "Fail";
  hook["matchPolicy"] ??= "Equivalent";
  hook["namespaceSelector"] ??= {};
  hook["objectSelector"] ??= {};
  hook["timeoutSeconds"] ??= 10;
  if (mutating) hook["reinvocationPolicy"] ??= "Never";
  for (const r of asList(hook["rules"])) if (r && typeof r === "object") (r as Obj)["scope"] ??= "*";
  const service = asObj(asObj(hook["clientConfig"])["service"]);
  if (asObj(hook["clientConfig"])["service"] !== undefined) service["port"] ??= 443;
}

const defaulter =
  (mutating: boolean) =>
  (o: Obj): void => {
    for (const h of asList(o["webhooks"])) if (h && typeof h === "object") defaultWebhook(h as Obj, mutating);
  };

/** SetDefaults_MatchResources (a policy's matchConstraints, a binding's matchResources), in place. */
function defaultMatchResources(m: Obj): void {
  m["namespaceSelector"] ??= {};
  m["objectSelector"] ??= {};
  m["matchPolicy"] ??= "Equivalent";
  for (const key of ["resourceRules", "excludeResourceRules"])
    for (const r of asList(m[key])) if (r && typeof r === "object") (r as Obj)["scope"] ??= "*";
}

/** SetDefaults_ValidatingAdmissionPolicy, and the empty status its create strategy gives. */
function defaultPolicy(o: Obj): void {
  const spec = asObj(o["spec"]);
  if (o["spec"] !== undefined) {
    spec["failurePolicy"] ??= "Fail";
    if (spec["matchConstraints"] && typeof spec["matchConstraints"] === "object") defaultMatchResources(spec["matchConstraints"] as Obj);
  }
  o["status"] ??= {};
}

/** SetDefaults_MutatingAdmissionPolicy: failurePolicy and matchConstraints (it has no status). */
function defaultMutatingPolicy(o: Obj): void {
  const spec = asObj(o["spec"]);
  if (o["spec"] === undefined) return;
  spec["failurePolicy"] ??= "Fail";
  if (spec["matchConstraints"] && typeof spec["matchConstraints"] === "object") defaultMatchResources(spec["matchConstraints"] as Obj);
}

/** SetDefaults_ValidatingAdmissionPolicyBinding (and the Mutating one): its matchResources. */
function defaultBinding(o: Obj): void {
  const m = asObj(o["spec"])["matchResources"];
  if (m && typeof m === "object") defaultMatchResources(m as Obj);
}

const OPERATIONS = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const REVIEW_VERSIONS = ["v1", "v1beta1"];

/** validateResources: wildcards of resources and subresources that overlap. */
function validateResources(resources: string[], path: string): StatusCause[] {
  const out: StatusCause[] = [];
  if (resources.length === 0) out.push(required(path));
  const wildcardSub = new Set<string>(); // "x/*"
  const wildcardRes = new Set<string>(); // "*/x"
  let doubleWildcard = false;
  let singleWildcard = false;
  let withoutSub = false;
  resources.forEach((rs, i) => {
    if (rs === "") {
      out.push(required(`${path}[${i}]`));
      return;
    }
    if (rs === "*/*") doubleWildcard = true;
    if (rs === "*") singleWildcard = true;
    const slash = rs.indexOf("/");
    if (slash < 0) {
      withoutSub = rs !== "*";
      return;
    }
    const res = rs.slice(0, slash);
    const sub = rs.slice(slash + 1);
    if (wildcardSub.has(res)) out.push(invalid(`${path}[${i}]`, rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (wildcardRes.has(sub)) out.push(invalid(`${path}[${i}]`, rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === "*") wildcardSub.add(res);
    if (res === "*") wildcardRes.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) out.push(invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && withoutSub)
    out.push(invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return out;
}

/** validateRuleWithOperations. */
function validateRule(rule: Obj, path: string): StatusCause[] {
  const out: StatusCause[] = [];
  const ops = strings(rule["operations"]);
  const groups = strings(rule["apiGroups"]);
  const versions = strings(rule["apiVersions"]);
  if (ops.length === 0) out.push(required(`${path}.operations`));
  if (ops.length > 1 && ops.includes("*"))
    out.push(invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) out.push(notSupported(`${path}.operations[${i}]`, op, OPERATIONS));
  });
  if (groups.length === 0) out.push(required(`${path}.apiGroups`));
  if (groups.length > 1 && groups.includes("*"))
    out.push(invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  if (versions.length === 0) out.push(required(`${path}.apiVersions`));
  if (versions.length > 1 && versions.includes("*"))
    out.push(invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === "") out.push(required(`${path}.apiVersions[${i}]`, "version must not be empty"));
  });
  out.push(...validateResources(strings(rule["resources"]), `${path}.resources`));
  if (rule["scope"] !== undefined && !["*", "Cluster", "Namespaced"].includes(String(rule["scope"])))
    out.push(notSupported(`${path}.scope`, rule["scope"], ["*", "Cluster", "Namespaced"]));
  return out;
}

/** metav1validation.ValidateLabelSelector. */
export function validateLabelSelector(sel: Obj, path: string): StatusCause[] {
  const out: StatusCause[] = [];
  asList(sel["matchExpressions"]).forEach((e, i) => {
    const expr = asObj(e);
    const p = `${path}.matchExpressions[${i}]`;
    const values = asList(expr["values"]);
    const op = expr["operator"];
    if (op === "In" || op === "NotIn") {
      if (values.length === 0) out.push(required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (op === "Exists" || op === "DoesNotExist") {
      if (values.length > 0) out.push(forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      out.push(invalid(`${p}.operator`, op, "not a valid selector operator"));
    }
    for (const m of qualifiedNameProblems(String(expr["key"] ?? ""))) out.push(invalid(`${p}.key`, expr["key"], m));
  });
  for (const [k, v] of Object.entries(asObj(sel["matchLabels"]))) {
    for (const m of qualifiedNameProblems(k)) out.push(invalid(`${path}.matchLabels`, k, m));
    for (const m of labelValueProblems(String(v))) out.push(invalid(`${path}.matchLabels`, v, m));
  }
  return out;
}

/** webhook.ValidateWebhookURL: https, a host, no query or fragment. */
function validateUrl(url: string, path: string): StatusCause[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [invalid(path, url, "url must be a valid URL")];
  }
  const out: StatusCause[] = [];
  const scheme = u.protocol.replace(/:$/, "");
  if (scheme !== "https") out.push(invalid(path, scheme, "'https' is the only allowed URL scheme; desired format: https://host[/path]"));
  if (u.hostname === "") out.push(invalid(path, u.host, "host must be specified"));
  if (u.username || u.password)
    out.push(invalid(path, `${u.username}${u.password ? ":" : ""}${u.password}`, "user information is not permitted in the URL"));
  if (u.hash) out.push(invalid(path, u.hash.slice(1), "fragments are not permitted in the URL"));
  if (u.search) out.push(invalid(path, u.search.slice(1), "query parameters are not permitted in the URL"));
  return out;
}

/** webhook.ValidateWebhookService. */
function validateService(service: Obj, path: string): StatusCause[] {
  const out: StatusCause[] = [];
  if (!service["name"]) out.push(required(`${path}.name`));
  if (!service["namespace"]) out.push(required(`${path}.namespace`));
  const port = service["port"];
  if (typeof port === "number" && (port < 1 || port > 65535))
    out.push(invalid(`${path}.port`, port, "port is not valid: must be between 1 and 65535, inclusive"));
  const p = service["path"];
  if (typeof p === "string" && p !== "" && !p.startsWith("/")) out.push(invalid(`${path}.path`, p, "must start with a '/'"));
  return out;
}

/** validateValidatingWebhook / validateMutatingWebhook, in the recorded order of the causes. */
function validateWebhook(hook: Obj, path: string, mutating: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  const name = typeof hook["name"] === "string" ? hook["name"] : "";
  if (name === "") out.push(required(`${path}.name`));
  else {
    const dns = dns1123SubdomainProblems(name);
    for (const m of dns) out.push(invalid(`${path}.name`, name, m));
    if (dns.length === 0 && name.split(".").length < 3)
      out.push(invalid(`${path}.name`, name, "should be a domain with at least three segments separated by dots"));
  }
  const client = asObj(hook["clientConfig"]);
  const hasUrl = typeof client["url"] === "string";
  const hasService = client["service"] !== undefined && client["service"] !== null;
  if (hasUrl === hasService) out.push(required(`${path}.clientConfig`, "exactly one of url or service is required"));
  else if (hasUrl) out.push(...validateUrl(String(client["url"]), `${path}.clientConfig.url`));
  const sideEffects = hook["sideEffects"];
  if (sideEffects === undefined || sideEffects === null)
    out.push(required(`${path}.sideEffects`, "must specify one of None, NoneOnDryRun"));
  else if (sideEffects !== "None" && sideEffects !== "NoneOnDryRun")
    out.push(notSupported(`${path}.sideEffects`, sideEffects, ["None", "NoneOnDryRun"]));
  const versions = strings(hook["admissionReviewVersions"]);
  if (versions.length === 0) out.push(required(`${path}.admissionReviewVersions`, "must specify one of v1, v1beta1"));
  else if (!versions.some((v) => REVIEW_VERSIONS.includes(v)))
    out.push(invalid(`${path}.admissionReviewVersions`, versions, "must include at least one of v1, v1beta1"));
  asList(hook["rules"]).forEach((r, i) => out.push(...validateRule(asObj(r), `${path}.rules[${i}]`)));
  if (!["Fail", "Ignore"].includes(String(hook["failurePolicy"])))
    out.push(notSupported(`${path}.failurePolicy`, hook["failurePolicy"], ["Fail", "Ignore"]));
  if (!["Equivalent", "Exact"].includes(String(hook["matchPolicy"])))
    out.push(notSupported(`${path}.matchPolicy`, hook["matchPolicy"], ["Equivalent", "Exact"]));
  if (mutating && !["IfNeeded", "Never"].includes(String(hook["reinvocationPolicy"])))
    out.push(notSupported(`${path}.reinvocationPolicy`, hook["reinvocationPolicy"], ["IfNeeded", "Never"]));
  const timeout = hook["timeoutSeconds"];
  if (typeof timeout !== "number" || timeout < 1 || timeout > 30)
    out.push(invalid(`${path}.timeoutSeconds`, timeout, "the timeout value must be between 1 and 30 seconds"));
  out.push(...validateLabelSelector(asObj(hook["namespaceSelector"]), `${path}.namespaceSelector`));
  out.push(...validateLabelSelector(asObj(hook["objectSelector"]), `${path}.objectSelector`));
  if (hasService && !hasUrl) out.push(...validateService(asObj(client["service"]), `${path}.clientConfig.service`));
  return out;
}

const validator =
  (mutating: boolean) =>
  (o: Obj): StatusCause[] => {
    const out: StatusCause[] = [];
    const names = new Set<string>();
    asList(o["webhooks"]).forEach((h, i) => {
      const hook = asObj(h);
      const name = typeof hook["name"] === "string" ? hook["name"] : "";
      if (name !== "" && names.has(name)) out.push(duplicate(`webhooks[${i}].name`, name));
      names.add(name);
      out.push(...validateWebhook(hook, `webhooks[${i}]`, mutating));
    });
    return out;
  };

function resource(resource: string, kind: string, extra: Partial<ResourceInfo> = {}): ResourceInfo {
  return {
    group: GROUP,
    version: "v1",
    resource,
    kind,
    listKind: `${kind}List`,
    singular: kind.toLowerCase(),
    namespaced: false,
    shortNames: [],
    categories: ["api-extensions"],
    verbs: STANDARD_VERBS,
    statusSubresource: false,
    custom: false,
    hasGeneration: true,
    nameRule: "subdomain",
    extraFieldSelectors: [],
    storageVersionHash: storageVersionHash(GROUP, "v1", kind),
    strategy: builtinStrategy({ group: GROUP, resource }),
    ...extra,
  };
}

/** The storage key of each configuration kind, which the admission layer lists. */
export const WEBHOOK_CONFIGURATIONS = {
  mutating: `${GROUP}/mutatingwebhookconfigurations`,
  validating: `${GROUP}/validatingwebhookconfigurations`,
} as const;

/** admissionregistration.k8s.io/v1's resources; MutatingAdmissionPolicy (v1 since 1.36) not under emulate "1.24". */
export function admissionRegistrationResources(emulate: Emulate): ResourceInfo[] {
  return [
    ...(emulate === "1.24"
      ? []
      : [
          resource("mutatingadmissionpolicies", "MutatingAdmissionPolicy", { defaulter: defaultMutatingPolicy }),
          resource("mutatingadmissionpolicybindings", "MutatingAdmissionPolicyBinding", { defaulter: defaultBinding }),
        ]),
    resource("mutatingwebhookconfigurations", "MutatingWebhookConfiguration", { defaulter: defaulter(true), validator: validator(true) }),
    resource("validatingadmissionpolicies", "ValidatingAdmissionPolicy", { statusSubresource: true, defaulter: defaultPolicy }),
    resource("validatingadmissionpolicybindings", "ValidatingAdmissionPolicyBinding", { defaulter: defaultBinding }),
    resource("validatingwebhookconfigurations", "ValidatingWebhookConfiguration", {
      defaulter: defaulter(false),
      validator: validator(false),
    }),
  ];
}
