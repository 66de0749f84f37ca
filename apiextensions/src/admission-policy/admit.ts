// Every policy and binding over one request, as the ValidatingAdmissionPolicy plugin dispatches them
// (policy/generic/policy_dispatcher.go and policy/validating/dispatcher.go): for each policy (by name)
// that matches, each of its bindings (by name) that matches, each param: the evaluation's decisions,
// applied through the binding's validationActions. Deny refuses with the first denying decision,
// Warn adds a Warning, Audit an audit annotation. A configuration error (the policy's paramKind, a
// binding's params) and an auditAnnotation's error are, under failurePolicy Fail, denials whatever the
// validationActions, as the dispatcher adds them to its denied decisions directly.
import { authorizerValue, toCel } from "./cel.js";
import { compilePolicy } from "./compile.js";
import { evaluate, type Activation, type Decision } from "./evaluate.js";
import { matches, type MatchedVersion } from "./match.js";
import { reasonCode, texts, VALIDATION_FAILURE_ANNOTATION } from "./messages.js";
import { collectParams, policyConfigError } from "./params.js";
import type { AdmitOptions, AdmitResult, DenialStatus, Obj, ValidationAction, Verdict } from "./types.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");
export const nameOf = (o: unknown): string => str(asObj(asObj(o)["metadata"])["name"]);
export const byName = (a: unknown, b: unknown): number => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0);

function actionsOf(binding: Obj): ValidationAction[] {
  const v = asObj(binding["spec"])["validationActions"];
  return Array.isArray(v) ? v.filter((x): x is ValidationAction => x === "Deny" || x === "Warn" || x === "Audit") : [];
}

/**
 * The `request` variable: the AdmissionRequest of the request, at the version the policy matched, as
 * the server's JSON of it: no uid (the server's request type has none, so `request.uid` is an error),
 * and the omitempty fields absent when empty, so has() is false (confirmed on kube-apiserver 1.37.2
 * for subResource and requestSubResource).
 */
function requestValue(o: AdmitOptions, m: MatchedVersion): Obj {
  const a = o.attributes;
  const u = a.userInfo;
  const extra = u.extra ?? {};
  const nonEmpty = (entries: [string, unknown][]): Obj =>
    Object.fromEntries(
      entries.filter(
        ([, v]) =>
          v !== "" &&
          v !== undefined &&
          !(Array.isArray(v) && v.length === 0) &&
          !(typeof v === "object" && v !== null && Object.keys(v).length === 0),
      ),
    );
  return nonEmpty([
    ["kind", m.kind],
    ["resource", m.resource],
    ["subResource", a.subresource],
    ["requestKind", a.kind],
    ["requestResource", a.resource],
    ["requestSubResource", a.subresource],
    ["name", a.name],
    ["namespace", a.namespace],
    ["operation", a.operation],
    [
      "userInfo",
      nonEmpty([
        ["username", u.username],
        ["uid", u.uid ?? ""],
        ["groups", [...u.groups]],
        ["extra", Object.keys(extra).length > 0 ? extra : undefined],
      ]),
    ],
    ["dryRun", a.dryRun],
    ["options", a.options ?? undefined],
  ]);
}

/** The metadata fields the server copies into `namespaceObject` (createNamespaceObject). */
const NAMESPACE_METADATA = [
  "name",
  "generateName",
  "namespace",
  "uid",
  "resourceVersion",
  "generation",
  "creationTimestamp",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
  "labels",
  "annotations",
  "finalizers",
];

/**
 * The `namespaceObject` variable: the Namespace as the server projects it, its spec, status and those
 * metadata fields; no apiVersion, kind, managedFields nor ownerReferences (1.37.2 refuses
 * namespaceObject.kind and namespaceObject.metadata.managedFields as undefined fields).
 */
function namespaceValue(ns: Obj): Obj {
  const metadata = asObj(ns["metadata"]);
  return {
    metadata: Object.fromEntries(NAMESPACE_METADATA.filter((k) => metadata[k] !== undefined).map((k) => [k, metadata[k]])),
    spec: ns["spec"] ?? {},
    status: ns["status"] ?? {},
  };
}

/** The variables of one evaluation of a policy matched at `m`, with `param`. */
export function activation(o: AdmitOptions, m: MatchedVersion, param: Obj | null): Activation {
  const a = o.attributes;
  const at = (x: Obj | null): Obj | null => (x && m.convert ? m.convert(x) : x);
  return {
    object: toCel(at(a.object)),
    oldObject: toCel(at(a.oldObject)),
    request: toCel(requestValue(o, m)),
    params: toCel(param),
    namespaceObject: toCel(a.namespaced && a.namespace !== "" && o.namespaceObject ? namespaceValue(o.namespaceObject) : null),
    authorizer: authorizerValue(a.userInfo.username, a.userInfo.groups, {
      group: a.resource.group,
      resource: a.resource.resource,
      subresource: a.subresource,
      namespace: a.namespace,
      name: a.name,
    }),
  };
}

/**
 * The request's name for a denial, as admission.NewForbidden finds it: the object's name, else its
 * generateName (a name not generated yet); without an object, the request's name; else "Unknown".
 */
export function requestName(o: AdmitOptions): string {
  const a = o.attributes;
  if (a.object) return nameOf(a.object) || str(asObj(a.object["metadata"])["generateName"]) || "Unknown";
  return a.name || "Unknown";
}

function denialStatus(o: AdmitOptions, v: Verdict): DenialStatus {
  const r = o.attributes.resource;
  const message = v.binding === "" ? texts.deniedByPolicy(v.policy, v.message) : texts.denied(v.policy, v.binding, v.message);
  const name = requestName(o);
  const groupResource = r.group ? `${r.resource}.${r.group}` : r.resource;
  const reason = v.reason || "Invalid";
  return {
    code: reasonCode(reason),
    reason,
    message: texts.forbidden(groupResource, name, message),
    details: { name, ...(r.group ? { group: r.group } : {}), kind: r.resource, causes: [{ message }] },
  };
}

/** The verdicts of one binding of a matching policy. */
function bindingVerdicts(
  policy: Obj,
  binding: Obj,
  m: MatchedVersion,
  o: AdmitOptions,
): { verdicts: Verdict[]; annotations: [string, string][] } {
  const compiled = compilePolicy(policy);
  const base = { policy: compiled.name, binding: nameOf(binding), validationActions: actionsOf(binding) };
  const collected = collectParams(compiled, binding, o);
  if ("error" in collected) {
    if (compiled.failurePolicy === "Ignore") return { verdicts: [], annotations: [] };
    const message = texts.configError(collected.error);
    return {
      verdicts: [{ ...base, action: "deny", evaluation: "error", message, reason: "", expressionIndex: -1, unconditional: true }],
      annotations: [],
    };
  }
  const verdicts: Verdict[] = [];
  const annotations: [string, string][] = [];
  for (const param of collected.params) {
    const e = evaluate(compiled, activation(o, m, param), o.authorizer);
    const paramName = param ? [str(asObj(param["metadata"])["namespace"]), nameOf(param)].filter(Boolean).join("/") : undefined;
    verdicts.push(...e.decisions.map((d: Decision): Verdict => ({ ...base, ...(paramName ? { param: paramName } : {}), ...d })));
    for (const [k, v] of e.auditAnnotations) annotations.push([`${compiled.name}/${k}`, v]);
  }
  return { verdicts, annotations };
}

/** The dispatcher's longest audit annotation value: 10 KiB, as bytes of UTF-8. */
const MAX_AUDIT_ANNOTATION_VALUE = 10 * 1024;

function truncate(v: string): string {
  const bytes = new TextEncoder().encode(v);
  return bytes.length <= MAX_AUDIT_ANNOTATION_VALUE ? v : new TextDecoder().decode(bytes.subarray(0, MAX_AUDIT_ANNOTATION_VALUE));
}

/** Admits one request against `policies` and their `bindings`. */
export function admit(policies: readonly Obj[], bindings: readonly Obj[], o: AdmitOptions): AdmitResult {
  const verdicts: Verdict[] = [];
  const warnings: string[] = [];
  const auditAnnotations: Record<string, string> = {};
  const failures: Obj[] = [];
  let denial: Verdict | undefined;
  const equivalents = o.equivalents ?? [];
  const namespaceObject = o.namespaceObject ?? null;
  for (const policy of [...policies].sort(byName)) {
    const name = nameOf(policy);
    const ofPolicy = bindings.filter((b) => str(asObj(b["spec"])["policyName"]) === name);
    if (ofPolicy.length === 0) continue;
    const m = matches(asObj(policy["spec"])["matchConstraints"], o.attributes, namespaceObject, equivalents);
    if (!m) continue;
    const configError = policyConfigError(compilePolicy(policy), o);
    if (configError !== undefined) {
      // The policy's error, under its failurePolicy, before and instead of its bindings.
      if (compilePolicy(policy).failurePolicy === "Ignore") continue;
      const v: Verdict = {
        policy: name,
        binding: "",
        action: "deny",
        evaluation: "error",
        message: texts.policyConfigError(configError),
        reason: "",
        expressionIndex: -1,
        validationActions: [],
        unconditional: true,
      };
      verdicts.push(v);
      denial ??= v;
      continue;
    }
    // The policy's audit annotations by key: one binding's value, or several distinct ones joined.
    const collected = new Map<string, Set<string>>();
    for (const binding of [...ofPolicy].sort(byName)) {
      const criteria = asObj(binding["spec"])["matchResources"];
      if (criteria !== undefined && criteria !== null && !matches(criteria, o.attributes, namespaceObject, equivalents)) continue;
      const r = bindingVerdicts(policy, binding, m, o);
      for (const [k, v] of r.annotations) {
        const values = collected.get(k) ?? new Set<string>();
        values.add(truncate(v));
        collected.set(k, values);
      }
      for (const v of r.verdicts) {
        verdicts.push(v);
        if (v.action !== "deny") continue;
        if (v.unconditional) {
          denial ??= v;
          continue;
        }
        if (v.validationActions.includes("Deny")) denial ??= v;
        if (v.validationActions.includes("Warn")) warnings.push(texts.warning(v.policy, v.binding, v.message));
        if (v.validationActions.includes("Audit"))
          failures.push({
            message: v.message,
            policy: v.policy,
            binding: v.binding,
            expressionIndex: v.expressionIndex,
            validationActions: v.validationActions,
          });
      }
    }
    for (const [k, values] of collected) auditAnnotations[k] = values.size === 1 ? [...values].join("") : [...values].sort().join(", ");
  }
  if (failures.length > 0) auditAnnotations[VALIDATION_FAILURE_ANNOTATION] = JSON.stringify(failures);
  return denial
    ? { allowed: false, status: denialStatus(o, denial), warnings, auditAnnotations, verdicts }
    : { allowed: true, warnings, auditAnnotations, verdicts };
}
