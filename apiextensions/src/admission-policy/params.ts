// A binding's params, as the policy dispatcher collects them (generic.CollectParams): a namespaced
// paramKind is read in paramRef.namespace, else in the request's namespace (an error for a
// cluster-scoped request, a Namespace's being itself); paramRef.name names one object,
// paramRef.selector lists those it selects; none found is an error only under
// parameterNotFoundAction Deny, else the binding is skipped. Without paramRef, params is null.
import type { CompiledPolicy } from "./compile.js";
import { texts } from "./messages.js";
import { labelsOf, selectorMatches } from "./selectors.js";
import type { AdmitOptions, Obj, ParamObjects } from "./types.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The params to evaluate with (null: a policy without paramKind), or the configuration error. */
export type Params = { params: (Obj | null)[] } | { error: string };

function fromList(params: readonly Obj[], apiVersion: string, kind: string): ParamObjects {
  const objects = params.filter((p) => p["apiVersion"] === apiVersion && p["kind"] === kind);
  return { namespaced: objects.some((p) => str(asObj(p["metadata"])["namespace"]) !== ""), objects };
}

function lookup(kind: { apiVersion: string; kind: string }, o: AdmitOptions): ParamObjects | undefined {
  return o.paramLookup ? o.paramLookup(kind.apiVersion, kind.kind) : fromList(o.params ?? [], kind.apiVersion, kind.kind);
}

/**
 * The policy's own configuration error: a paramKind no resource serves. It is the policy's, not a
 * binding's (the policy source's ConfigurationError), so it applies to every binding, paramRef or not.
 */
export function policyConfigError(policy: Pick<CompiledPolicy, "paramKind">, o: AdmitOptions): string | undefined {
  const kind = policy.paramKind;
  return kind && !lookup(kind, o) ? texts.paramKindUnknown(kind.apiVersion, kind.kind) : undefined;
}

export function collectParams(policy: Pick<CompiledPolicy, "paramKind">, binding: Obj, o: AdmitOptions): Params {
  const kind = policy.paramKind;
  if (!kind) return { params: [null] };
  const ref = asObj(asObj(binding["spec"])["paramRef"]);
  // A binding without paramRef evaluates its policy once, with params null (as 1.37.2 does).
  if (!asObj(binding["spec"])["paramRef"]) return { params: [null] };
  const found = lookup(kind, o);
  if (!found) return { error: texts.paramKindUnknown(kind.apiVersion, kind.kind) };
  let namespace: string | undefined;
  if (found.namespaced) {
    // A Namespace's own request is in itself, as admission.Attributes has it.
    const a = o.attributes;
    const own = a.resource.group === "" && a.resource.resource === "namespaces" ? a.name : "";
    namespace = str(ref["namespace"]) || a.namespace || own;
    if (namespace === "") return { error: texts.namespacedParamsClusterRequest };
  }
  const candidates = found.objects.filter((p) => namespace === undefined || str(asObj(p["metadata"])["namespace"]) === namespace);
  const name = str(ref["name"]);
  let params: Obj[] = [];
  if (name !== "") params = candidates.filter((p) => str(asObj(p["metadata"])["name"]) === name);
  else if (ref["selector"] !== undefined) params = candidates.filter((p) => selectorMatches(ref["selector"], labelsOf(p)));
  // The informer's lister answers in name order.
  params.sort((a, b) => (str(asObj(a["metadata"])["name"]) < str(asObj(b["metadata"])["name"]) ? -1 : 1));
  if (params.length === 0 && ref["parameterNotFoundAction"] === "Deny") return { error: texts.paramsNotFound };
  return { params };
}
