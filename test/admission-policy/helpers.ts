// Small builders for the policy library's own tests: a policy, a binding, a request's options.
import type { AdmitOptions, Obj, RequestAttributes } from "../../apiextensions/src/admission-policy/index.js";

export const cmRule = (operations = ["CREATE", "UPDATE"], extra: Obj = {}): Obj => ({
  apiGroups: [""],
  apiVersions: ["v1"],
  operations,
  resources: ["configmaps"],
  ...extra,
});

export function policy(name: string, spec: Obj): Obj {
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: { name },
    spec: { matchConstraints: { resourceRules: [cmRule()] }, ...spec },
  };
}

export function binding(name: string, policyName: string, spec: Obj = {}): Obj {
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata: { name },
    spec: { policyName, validationActions: ["Deny"], ...spec },
  };
}

export function configMap(name: string, data?: Record<string, string>, labels?: Record<string, string>): Obj {
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace: "ns", ...(labels ? { labels } : {}) },
    ...(data ? { data } : {}),
  };
}

/** A CREATE (or, with `old`, UPDATE) of a configmap in namespace "ns". */
export function request(object: Obj | null, old: Obj | null = null, extra: Partial<RequestAttributes> = {}): AdmitOptions {
  const meta = ((object ?? old)?.["metadata"] ?? {}) as Obj;
  return {
    attributes: {
      operation: object === null ? "DELETE" : old ? "UPDATE" : "CREATE",
      resource: { group: "", version: "v1", resource: "configmaps" },
      kind: { group: "", version: "v1", kind: "ConfigMap" },
      subresource: "",
      namespaced: true,
      name: String(meta["name"] ?? ""),
      namespace: "ns",
      object,
      oldObject: old,
      userInfo: { username: "alice", groups: ["devs", "system:authenticated"] },
      dryRun: false,
      ...extra,
    },
    namespaceObject: { apiVersion: "v1", kind: "Namespace", metadata: { name: "ns", labels: { env: "test" } } },
  };
}
