// The part of the API server's validation of policies and bindings (pkg/apis/admissionregistration/
// validation) that needs CEL or these rules: expressions that do not compile, an unsupported reason or
// failurePolicy, validationActions. Problems come as field causes (reason, field, message) in the
// server's order and words, so the test server can refuse a create with them and the CLI print them.
// The structural checks the server also makes (required fields, rule shapes) are not repeated here.
import { compilePolicy, compileProblems } from "./compile.js";
import type { Obj } from "./types.js";

export interface FieldCause {
  reason: "FieldValueInvalid" | "FieldValueNotSupported" | "FieldValueRequired" | "FieldValueDuplicate";
  field: string;
  message: string;
}

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const quoted = (xs: readonly string[]) => xs.map((s) => JSON.stringify(s)).join(", ");
// Keys in the order the server writes a StatusCause: reason, message, field.
const notSupported = (field: string, value: unknown, supported: readonly string[]): FieldCause => ({
  reason: "FieldValueNotSupported",
  message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${quoted(supported)}`,
  field,
});
const invalid = (field: string, value: unknown, detail: string): FieldCause => ({
  reason: "FieldValueInvalid",
  message: `Invalid value: ${JSON.stringify(value)}: ${detail}`,
  field,
});

const REASONS = ["Forbidden", "Invalid", "RequestEntityTooLarge"];

/** What the server refuses in a ValidatingAdmissionPolicy. */
export function validatePolicy(policy: Obj): FieldCause[] {
  const spec = asObj(policy["spec"]);
  const out: FieldCause[] = [];
  const validations = Array.isArray(spec["validations"]) ? spec["validations"].map(asObj) : [];
  validations.forEach((v, i) => {
    if (v["reason"] !== undefined && !REASONS.includes(String(v["reason"])))
      out.push(notSupported(`spec.validations[${String(i)}].reason`, v["reason"], REASONS));
  });
  if (spec["failurePolicy"] !== undefined && !["Fail", "Ignore"].includes(String(spec["failurePolicy"])))
    out.push(notSupported("spec.failurePolicy", spec["failurePolicy"], ["Fail", "Ignore"]));
  for (const p of compileProblems(compilePolicy(policy))) out.push(invalid(p.field, p.expression, p.message));
  return out;
}

/** What the server refuses in a ValidatingAdmissionPolicyBinding. */
export function validateBinding(binding: Obj): FieldCause[] {
  const spec = asObj(binding["spec"]);
  const out: FieldCause[] = [];
  const actions = Array.isArray(spec["validationActions"]) ? spec["validationActions"] : [];
  if (actions.length === 0) out.push({ reason: "FieldValueRequired", message: "Required value", field: "spec.validationActions" });
  const seen = new Set<unknown>();
  actions.forEach((a, i) => {
    if (!["Deny", "Warn", "Audit"].includes(String(a)))
      out.push(notSupported(`spec.validationActions[${String(i)}]`, a, ["Audit", "Deny", "Warn"]));
    if (seen.has(a))
      out.push({
        reason: "FieldValueDuplicate",
        message: `Duplicate value: ${JSON.stringify(a)}`,
        field: `spec.validationActions[${String(i)}]`,
      });
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
  const ref = asObj(spec["paramRef"]);
  if (
    spec["paramRef"] &&
    ref["parameterNotFoundAction"] !== undefined &&
    !["Allow", "Deny"].includes(String(ref["parameterNotFoundAction"]))
  )
    out.push(notSupported("spec.paramRef.parameterNotFoundAction", ref["parameterNotFoundAction"], ["Allow", "Deny"]));
  return out;
}

/** Whether a binding selects a policy (by name). */
export function bindingSelects(binding: Obj, policy: Obj): boolean {
  return asObj(binding["spec"])["policyName"] === asObj(policy["metadata"])["name"];
}
