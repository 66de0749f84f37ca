// The real kube-apiserver's texts for policy decisions, in one place
// (test/fixtures/apiserver-1.37/validating-admission-policy.json records them).
import type { CelValue } from "@bufbuild/cel";
import { celTypeName } from "./cel.js";

export const texts = {
  /** A validation without message or messageExpression. */
  defaultMessage: (expression: string) => `failed expression: ${expression.trim()}`,
  expressionError: (expression: string, error: string) => `expression '${expression}' resulted in error: ${error}`,
  variableError: (name: string, error: string) => `composited variable "${name}" fails to evaluate: ${error}`,
  variableCompileError: (name: string, detail: string) => `composited variable "${name}" fails to compile: ${detail}`,
  compilationError: (error: string) => `compilation error: ${error}`,
  notBoolean: (v: CelValue) => `validation expression returned ${celTypeName(v)}, expected bool`,
  auditAnnotationType: (expression: string, v: CelValue) =>
    `valueExpression '${expression}' resulted in unsupported return type: ${celTypeName(v)}. Return type must be either string or null.`,
  /** A binding that cannot be evaluated: its params, its paramRef. */
  configError: (error: string) => `failed to configure binding: ${error}`,
  /** A policy that cannot be evaluated under any binding: its paramKind. */
  policyConfigError: (error: string) => `failed to configure policy: ${error}`,
  paramsNotFound: "no params found for policy binding with `Deny` parameterNotFoundAction",
  namespacedParamsClusterRequest: "cannot use namespaced paramRef in policy binding that matches cluster-scoped resources",
  paramKindUnknown: (apiVersion: string, kind: string) => `failed to find resource referenced by paramKind: '${apiVersion}, Kind=${kind}'`,
  denied: (policy: string, binding: string, message: string) =>
    `ValidatingAdmissionPolicy '${policy}' with binding '${binding}' denied request: ${message}`,
  /** A policy-level denial (a configuration error of the policy), named without a binding. */
  deniedByPolicy: (policy: string, message: string) => `ValidatingAdmissionPolicy '${policy}' denied request: ${message}`,
  forbidden: (groupResource: string, name: string, message: string) => `${groupResource} "${name}" is forbidden: ${message}`,
  warning: (policy: string, binding: string, message: string) =>
    `Validation failed for ValidatingAdmissionPolicy '${policy}' with binding '${binding}': ${message}`,
};

/** reasonToCode: the status code of a denial's reason. */
export function reasonCode(reason: string): number {
  switch (reason) {
    case "Forbidden":
      return 403;
    case "Invalid":
      return 422;
    case "RequestEntityTooLarge":
      return 413;
    case "Unauthorized":
      return 401;
    default:
      return 500;
  }
}

/** The audit annotation key of Audit-action failures. */
export const VALIDATION_FAILURE_ANNOTATION = "validation.policy.admission.k8s.io/validation_failure";
