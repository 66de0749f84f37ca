// ValidatingAdmissionPolicy in the test server, as kube-apiserver's ValidatingAdmissionPolicy plugin
// runs it: in the validating phase, before the validating webhooks, with the stored policies,
// bindings and param objects, the request's namespace, and the server's authorizer for the CEL
// authorizer library. The evaluation is @kube-codegen/apiextensions/admission-policy's, loaded (with
// CEL) the first time a policy exists, so a server without policies never loads it and a write no
// policy matches stays synchronous. Denials answer with the policy's Status, Warn failures become
// Warning headers; audit annotations go to the request's audit event (when the server keeps a log).
// Policies also need CEL to be validated (their expressions must compile), which the registry's
// synchronous validators cannot load on demand, so that check runs here, before anything is stored,
// answering the same 422 the validation would.
import { randomUUID } from "node:crypto";
import { admissionPolicy } from "@kube-codegen/apiextensions/on-demand";
import type { AdmitOptions, RequestAttributes } from "@kube-codegen/apiextensions/admission-policy";
import type { AdmissionAttributes } from "../registry/admission-hooks.js";
import { getStored, listStoredOf } from "../registry/controller-client.js";
import { groupVersion, storageKey, type ResourceInfo } from "../registry/resource-info.js";
import { toWire } from "../registry/write-common.js";
import type { ServerState, UserInfo } from "../server-state.js";
import { ApiError, invalid } from "../status-errors.js";
import { annotate } from "../audit/audit-log.js";

type Obj = Record<string, unknown>;
export type Library = Awaited<ReturnType<typeof admissionPolicy.load>>;

const GROUP = "admissionregistration.k8s.io";
const POLICIES = `${GROUP}/validatingadmissionpolicies`;
const BINDINGS = `${GROUP}/validatingadmissionpolicybindings`;

/** The attributes as the library reads them. */
function attributes(a: AdmissionAttributes, user: UserInfo): RequestAttributes {
  const i = a.info;
  const options = {
    kind: a.operation === "CREATE" ? "CreateOptions" : a.operation === "UPDATE" ? "UpdateOptions" : "DeleteOptions",
    apiVersion: "meta.k8s.io/v1",
    ...(a.dryRun ? { dryRun: ["All"] } : {}),
  };
  return {
    uid: randomUUID(),
    operation: a.operation,
    resource: { group: i.group, version: i.version, resource: i.resource },
    kind: { group: i.group, version: i.version, kind: i.kind },
    subresource: a.subresource,
    namespaced: i.namespaced,
    name: a.name,
    namespace: a.namespace ?? "",
    object: (a.object as Obj | undefined) ?? null,
    oldObject: (a.oldObject as Obj | undefined) ?? null,
    userInfo: { username: user.name, groups: user.groups },
    dryRun: a.dryRun,
    options,
  };
}

/** Everything the library needs besides the policies: namespace, equivalents, params, authorizer. */
export function admitOptions(state: ServerState, a: AdmissionAttributes, user: UserInfo): AdmitOptions {
  const served = state.registry.all().filter((r) => !r.discoveryOnly);
  const equivalents = served
    .filter((r) => r !== a.info && storageKey(r) === storageKey(a.info) && r.version !== a.info.version)
    .map((r) => ({
      resource: { group: r.group, version: r.version, resource: r.resource },
      kind: { group: r.group, version: r.version, kind: r.kind },
      // Conversion None: the object relabelled (a conversion webhook is not called here).
      convert: (o: Obj) => ({ ...o, apiVersion: groupVersion(r) }),
    }));
  return {
    attributes: attributes(a, user),
    namespaceObject: a.namespace ? ((getStored(state, "/namespaces", a.namespace) as Obj | undefined) ?? null) : null,
    equivalents,
    paramLookup: (apiVersion, kind) => {
      const info = served.find((r) => groupVersion(r) === apiVersion && r.kind === kind);
      if (!info) return undefined;
      return { namespaced: info.namespaced, objects: listStoredOf(state, storageKey(info)).map((o) => toWire(info, o) as Obj) };
    },
    ...(state.authorizer
      ? {
          authorizer: (c) =>
            state.authorizer?.authorize(
              state,
              { name: c.user, groups: [...c.groups] },
              c.path !== undefined
                ? { verb: c.verb, path: c.path }
                : {
                    verb: c.verb,
                    resource: { group: c.group, resource: c.resource, subresource: c.subresource, namespace: c.namespace, name: c.name },
                  },
            ) ?? { allowed: true, reason: "" },
        }
      : {}),
  };
}

/** The policies' verdict on one request: throws the denial, adds the warnings. */
function decide(lib: Library, state: ServerState, a: AdmissionAttributes, user: UserInfo, policies: Obj[], bindings: Obj[]): void {
  const result = lib.admit(policies, bindings, admitOptions(state, a, user));
  a.warnings.push(...result.warnings);
  for (const [key, value] of Object.entries(result.auditAnnotations)) annotate(key, value);
  if (result.status) {
    const s = result.status;
    throw new ApiError(s.code, s.reason, s.message, {
      name: s.details.name,
      group: s.details.group ?? "",
      kind: s.details.kind,
      causes: s.details.causes,
    });
  }
}

/** The validation of each policy kind and its binding (see the header): all of it for the mutating ones, whose resources have no synchronous validator. */
const VALIDATORS: Record<string, (lib: Library, o: Obj) => ReturnType<Library["validatePolicy"]>> = {
  validatingadmissionpolicies: (lib, o) => lib.validatePolicy(o),
  validatingadmissionpolicybindings: (lib, o) => lib.validateBinding(o),
  mutatingadmissionpolicies: (lib, o) => lib.validateMutatingPolicy(o),
  mutatingadmissionpolicybindings: (lib, o) => lib.validateMutatingBinding(o),
};

/** The CEL part of validating a policy or binding (see the header). */
function validateConfiguration(lib: Library, a: AdmissionAttributes): void {
  const o = a.object as Obj | undefined;
  const validate = VALIDATORS[a.info.resource];
  if (!o || a.subresource !== "" || !validate) return;
  const causes = validate(lib, o);
  if (causes.length > 0) throw invalid(`${a.info.kind}.${GROUP}`, { group: GROUP, kind: a.info.kind }, a.name, causes);
}

/**
 * Whether `info` is one of the four policy and binding resources (generic/plugin.go's
 * admissionResources), which no policy applies to; webhook configurations are not exempt.
 */
export function isPolicyConfiguration(info: ResourceInfo): boolean {
  return info.group === GROUP && Object.hasOwn(VALIDATORS, info.resource);
}

/** The policies' validating step for requests by `user`: undefined when nothing applies (or all is decided synchronously and allowed). */
export function validatePolicies(state: ServerState, user: UserInfo, a: AdmissionAttributes): Promise<void> | undefined {
  const run = (lib: Library): void => {
    if (isPolicyConfiguration(a.info)) {
      if (a.operation !== "DELETE") validateConfiguration(lib, a);
      return;
    }
    const policies = listStoredOf(state, POLICIES) as Obj[];
    const bindings = listStoredOf(state, BINDINGS) as Obj[];
    if (policies.length > 0 && bindings.length > 0) decide(lib, state, a, user, policies, bindings);
  };
  const needed = isPolicyConfiguration(a.info)
    ? a.operation !== "DELETE"
    : listStoredOf(state, POLICIES).length > 0 && listStoredOf(state, BINDINGS).length > 0;
  if (!needed) return undefined;
  if (!admissionPolicy.loaded()) return admissionPolicy.load().then(run);
  try {
    run(admissionPolicy.get());
    return undefined;
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}
