// ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1) evaluated as kube-apiserver does, offline
// and pure: which policies and bindings match a request, their params, match conditions, variables,
// validations and audit annotations in CEL, and the verdict with the real server's texts. Shared by
// `kube-codegen validate --policies` and the test server's policy admission (through ../on-demand, so
// the server loads CEL only once a policy exists). No HTTP, no storage: the caller hands in the
// request, the namespace, the params and an authorizer (docs/architecture.md#packages).
export { admit } from "./admit.js";
export { compilePolicy, compileProblems, type CompiledPolicy, type CompileProblem } from "./compile.js";
export { evaluate, type Activation, type Decision, type Evaluation } from "./evaluate.js";
export { matches, type MatchedVersion } from "./match.js";
export { texts as policyTexts, reasonCode, VALIDATION_FAILURE_ANNOTATION } from "./messages.js";
export { bindingSelects, validateBinding, validatePolicy, type FieldCause } from "./validate-objects.js";
export type * from "./types.js";
// MutatingAdmissionPolicy: validation of policies and bindings, and the mutations of one request (the
// caller merges ApplyConfigurations by schema and keeps the reinvocation state between passes).
export { mutate, type MutateOptions, type MutateResult } from "./mutating/mutate.js";
export { validateMutatingBinding, validateMutatingPolicy } from "./mutating/validate.js";
