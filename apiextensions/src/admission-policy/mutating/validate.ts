// The API server's validation of MutatingAdmissionPolicies and their bindings
// (pkg/apis/admissionregistration/validation: validateMutatingAdmissionPolicySpec, validateMutation,
// validateMutatingAdmissionPolicyBindingSpec), in its order and words, as recorded from kube-apiserver
// 1.37.2 (test/fixtures/apiserver-1.37/mutating-admission-policy.json): required fields, supported
// values (no DELETE: only creates and updates can be mutated), expressions that do not compile, and
// results of another type than the patch type takes.
import {
  bindingProblems,
  expressionProblem,
  invalid,
  matchingProblems,
  notSupported,
  required,
  type FieldCause,
} from "../validate-objects.js";
import type { Obj } from "../types.js";
import { compileMutatingPolicy, MUTATION_FIELDS, type PatchType } from "./compile.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const MUTATING_OPERATIONS = ["*", "CONNECT", "CREATE", "UPDATE"];
const PATCH_TYPES: readonly PatchType[] = ["ApplyConfiguration", "JSONPatch"];
const RESULT_TYPES: Record<PatchType, string> = { ApplyConfiguration: "Object", JSONPatch: "list(JSONPatch)" };

/** Each rule's operations that cannot mutate (DELETE), at `field` (the server names no rule index). */
function operationProblems(match: unknown, field: string): FieldCause[] {
  return asList(asObj(match)["resourceRules"]).flatMap((r) =>
    asList(asObj(r)["operations"])
      .filter((op) => !MUTATING_OPERATIONS.includes(String(op)))
      .map((op) => notSupported(field, op, MUTATING_OPERATIONS)),
  );
}

/** What the server refuses in a MutatingAdmissionPolicy. */
export function validateMutatingPolicy(policy: Obj): FieldCause[] {
  const spec = asObj(policy["spec"]);
  const compiled = compileMutatingPolicy(policy);
  const out: FieldCause[] = [];
  const push = (c: FieldCause | undefined): void => {
    if (c) out.push(c);
  };
  if (spec["failurePolicy"] === undefined || spec["failurePolicy"] === null) out.push(required("spec.failurePolicy"));
  else if (!["Fail", "Ignore"].includes(String(spec["failurePolicy"])))
    out.push(notSupported("spec.failurePolicy", spec["failurePolicy"], ["Fail", "Ignore"]));
  out.push(...matchingProblems(spec, compiled, (match) => operationProblems(match, "spec.matchConstraints.resourceRules.operations")));
  const mutations = asList(spec["mutations"]).map(asObj);
  if (mutations.length === 0) out.push(required("spec.mutations", "mutations must contain at least one item"));
  mutations.forEach((m, i) => {
    const at = `spec.mutations[${String(i)}]`;
    const patchType = m["patchType"];
    if (patchType === undefined || patchType === "") {
      out.push(required(`${at}.patchType`));
      return;
    }
    if (!PATCH_TYPES.includes(patchType as PatchType)) {
      out.push(notSupported(`${at}.patchType`, patchType, PATCH_TYPES));
      return;
    }
    const type = patchType as PatchType;
    const field = MUTATION_FIELDS[type];
    const holder = m[field];
    if (holder === undefined || holder === null) out.push(required(`${at}.${field}`, `must be specified when patchType is ${type}`));
    else {
      const e = compiled.mutations[i]?.expression;
      if (e === undefined) out.push(required(`${at}.${field}.expression`));
      else push(expressionProblem(e, [RESULT_TYPES[type]]));
    }
    const other = MUTATION_FIELDS[type === "JSONPatch" ? "ApplyConfiguration" : "JSONPatch"];
    if (m[other] !== undefined && m[other] !== null)
      out.push(invalid(`${at}.${other}`, `{${other}}`, `must not be specified when patchType is ${type}`));
  });
  const reinvocation = spec["reinvocationPolicy"];
  if (reinvocation === undefined || reinvocation === "") out.push(required("spec.reinvocationPolicy"));
  else if (!["IfNeeded", "Never"].includes(String(reinvocation)))
    out.push(notSupported("spec.reinvocationPolicy", reinvocation, ["IfNeeded", "Never"]));
  return out;
}

/** What the server refuses in a MutatingAdmissionPolicyBinding. */
export function validateMutatingBinding(binding: Obj): FieldCause[] {
  return bindingProblems(asObj(binding["spec"]), (match) => operationProblems(match, "spec.matchResources.resourceRules.operations"));
}
