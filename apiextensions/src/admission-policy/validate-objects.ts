// The API server's validation of policies and bindings (pkg/apis/admissionregistration/validation),
// in its order and words (test/fixtures/apiserver-1.37/validating-admission-policy.json records
// some): required fields, supported values, expressions that do not compile or type-check
// (./type-check.ts), and a result of another type than the field takes. Problems come as field causes (reason, message, field), so the
// test server can refuse a create with them and the CLI print them.
import { formatCelType } from "../crd-checks/cel/cel-types.js";
import { compilePolicy, type CompiledExpression } from "./compile.js";
import { qualifiedNameProblems } from "../validation/name-rules.js";
import type { Obj } from "./types.js";

export interface FieldCause {
  reason: "FieldValueInvalid" | "FieldValueNotSupported" | "FieldValueRequired" | "FieldValueDuplicate";
  message: string;
  field: string;
}

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const quoted = (xs: readonly string[]) => xs.map((s) => JSON.stringify(s)).join(", ");
// Keys in the order the server writes a StatusCause: reason, message, field.
export const notSupported = (field: string, value: unknown, supported: readonly string[]): FieldCause => ({
  reason: "FieldValueNotSupported",
  message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${quoted(supported)}`,
  field,
});
export const invalid = (field: string, value: unknown, detail: string): FieldCause => ({
  reason: "FieldValueInvalid",
  message: `Invalid value: ${JSON.stringify(value)}: ${detail}`,
  field,
});
export const required = (field: string, detail = ""): FieldCause => ({
  reason: "FieldValueRequired",
  message: detail ? `Required value: ${detail}` : "Required value",
  field,
});

const REASONS = ["Forbidden", "Invalid", "RequestEntityTooLarge"];
const AT_LEAST_ONE = "validations or auditAnnotations must contain at least one item";

/** An expression's problem: empty, not compiling (a type error included), or of another type than the field takes (exactly: dyn is not a bool). */
export function expressionProblem(e: CompiledExpression, types?: readonly string[]): FieldCause | undefined {
  if (e.expression.trim() === "") return required(e.field, "expression is not specified");
  if ("compileError" in e.compiled) return invalid(e.field, e.expression, `compilation failed: ${e.compiled.compileError}`);
  const t = e.type === undefined ? undefined : formatCelType(e.type);
  if (t === undefined || types === undefined || types.includes(t)) return undefined;
  const want = types.length === 1 ? (types[0] ?? "") : `one of [${types.join(" ")}]`;
  return invalid(e.field, e.expression, `must evaluate to ${want} but got ${t}`);
}

/** What the server refuses in a ValidatingAdmissionPolicy. */
export function validatePolicy(policy: Obj): FieldCause[] {
  const spec = asObj(policy["spec"]);
  const compiled = compilePolicy(policy);
  const out: FieldCause[] = [];
  const push = (c: FieldCause | undefined): void => {
    if (c) out.push(c);
  };
  if (spec["failurePolicy"] !== undefined && !["Fail", "Ignore"].includes(String(spec["failurePolicy"])))
    out.push(notSupported("spec.failurePolicy", spec["failurePolicy"], ["Fail", "Ignore"]));
  if (!spec["matchConstraints"]) out.push(required("spec.matchConstraints"));
  for (const c of compiled.matchConditions) push(expressionProblem(c.condition, ["bool"]));
  for (const v of compiled.variables.values()) push(expressionProblem(v));
  const validations = asList(spec["validations"]).map(asObj);
  const annotations = asList(spec["auditAnnotations"]).map(asObj);
  if (validations.length === 0 && annotations.length === 0) out.push(required("spec.validations", AT_LEAST_ONE));
  compiled.validations.forEach((v, i) => {
    push(expressionProblem(v.check, ["bool"]));
    const reason = validations[i]?.["reason"];
    if (reason !== undefined && !REASONS.includes(String(reason)))
      out.push(notSupported(`spec.validations[${String(i)}].reason`, reason, REASONS));
    // Exactly a string: a bare field of object (dyn) is refused too.
    if (v.messageExpression) push(expressionProblem(v.messageExpression, ["string"]));
  });
  if (validations.length === 0 && annotations.length === 0) out.push(required("spec.auditAnnotations", AT_LEAST_ONE));
  compiled.auditAnnotations.forEach((a, i) => {
    const key = `${compiled.name}/${a.key}`;
    const problems = qualifiedNameProblems(key);
    if (problems.length > 0) out.push(invalid(`spec.auditAnnotations[${String(i)}].key`, key, problems.join(", ")));
    push(expressionProblem(a.value, ["string", "null_type"]));
  });
  return out;
}

/** validateParamRef: a binding's paramRef names its params and says what to do without them. */
export function paramRefProblems(spec: Obj): FieldCause[] {
  if (!spec["paramRef"]) return [];
  const out: FieldCause[] = [];
  const ref = asObj(spec["paramRef"]);
  if (!ref["name"] && !ref["selector"]) out.push(required("spec.paramRef", "one of name or selector must be specified"));
  if (ref["parameterNotFoundAction"] === undefined) out.push(required("spec.paramRef.parameterNotFoundAction"));
  else if (!["Deny", "Allow"].includes(String(ref["parameterNotFoundAction"])))
    out.push(notSupported("spec.paramRef.parameterNotFoundAction", ref["parameterNotFoundAction"], ["Deny", "Allow"]));
  return out;
}

/** What the server refuses in a ValidatingAdmissionPolicyBinding. */
export function validateBinding(binding: Obj): FieldCause[] {
  const spec = asObj(binding["spec"]);
  const out: FieldCause[] = [];
  if (typeof spec["policyName"] !== "string" || spec["policyName"] === "") out.push(required("spec.policyName"));
  out.push(...paramRefProblems(spec));
  const actions = asList(spec["validationActions"]);
  if (actions.length === 0) out.push(required("spec.validationActions"));
  const seen = new Set<unknown>();
  actions.forEach((a, i) => {
    if (seen.has(a))
      out.push({
        reason: "FieldValueDuplicate",
        message: `Duplicate value: ${JSON.stringify(a)}`,
        field: `spec.validationActions[${String(i)}]`,
      });
    else if (!["Deny", "Warn", "Audit"].includes(String(a)))
      out.push(notSupported(`spec.validationActions[${String(i)}]`, a, ["Audit", "Deny", "Warn"]));
    seen.add(a);
  });
  if (actions.includes("Deny") && actions.includes("Warn"))
    out.push(
      invalid(
        "spec.validationActions",
        actions,
        "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
      ),
    );
  return out;
}

/** Whether a binding selects a policy (by name). */
export function bindingSelects(binding: Obj, policy: Obj): boolean {
  return asObj(binding["spec"])["policyName"] === asObj(policy["metadata"])["name"];
}
