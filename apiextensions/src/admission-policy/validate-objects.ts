// The API server's validation of policies and bindings (pkg/apis/admissionregistration/validation),
// in its order and words (test/fixtures/apiserver-1.37/validating-admission-policy.json records
// some): required fields, supported values, expressions that do not compile or type-check
// (./type-check.ts), and a result of another type than the field takes. Problems come as field causes (reason, message, field), so the
// test server can refuse a create with them and the CLI print them.
import { formatCelType } from "../crd-checks/cel/cel-types.js";
import { compilePolicy, failureDetail, type CompiledExpression, type CompiledPolicy } from "./compile.js";
import { dns1035LabelProblems, dns1123SubdomainProblems, pathSegmentProblems, qualifiedNameProblems } from "../validation/name-rules.js";
import type { Obj } from "./types.js";

export interface FieldCause {
  reason:
    "FieldValueInvalid" | "FieldValueNotSupported" | "FieldValueRequired" | "FieldValueDuplicate" | "FieldValueTooMany" | "InternalError";
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
const internalError = (field: string, detail: string): FieldCause => ({
  reason: "InternalError",
  message: `Internal error: ${detail}`,
  field,
});
export const required = (field: string, detail = ""): FieldCause => ({
  reason: "FieldValueRequired",
  message: detail ? `Required value: ${detail}` : "Required value",
  field,
});

const duplicate = (field: string, value: unknown): FieldCause => ({
  reason: "FieldValueDuplicate",
  message: `Duplicate value: ${JSON.stringify(value)}`,
  field,
});

/** validateParamKind: an apiVersion of a DNS-subdomain group and a DNS-1035 version, a kind that is a DNS-1035 label in lower case. */
function paramKindProblems(spec: Obj): FieldCause[] {
  if (spec["paramKind"] === undefined || spec["paramKind"] === null) return [];
  const kind = asObj(spec["paramKind"]);
  const out: FieldCause[] = [];
  const apiVersion = typeof kind["apiVersion"] === "string" ? kind["apiVersion"] : "";
  if (apiVersion === "") out.push(required("spec.paramKind.apiVersion"));
  else if (apiVersion.split("/").length > 2)
    out.push(invalid("spec.paramKind.apiVersion", apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  else if (apiVersion !== "/") {
    const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
    const groupProblems = group ? dns1123SubdomainProblems(group, "1.37") : [];
    if (groupProblems.length > 0) out.push(invalid("spec.paramKind.apiVersion", group, groupProblems.join(",")));
    if (!version) out.push(invalid("spec.paramKind.apiVersion", apiVersion, "version must be specified"));
    else {
      const versionProblems = dns1035LabelProblems(version);
      if (versionProblems.length > 0) out.push(invalid("spec.paramKind.apiVersion", version, versionProblems.join(",")));
    }
  }
  const k = typeof kind["kind"] === "string" ? kind["kind"] : "";
  if (k === "") out.push(required("spec.paramKind.kind"));
  else {
    const problems = dns1035LabelProblems(k.toLowerCase());
    if (problems.length > 0)
      out.push(invalid("spec.paramKind.kind", k, `may have mixed case, but should otherwise match: ${problems.join(",")}`));
  }
  return out;
}

/** validateMatchResources' checks of each rule's resourceNames (path segments, no duplicates), under `at`. */
function matchResourcesProblems(match: unknown, at: string): FieldCause[] {
  const out: FieldCause[] = [];
  for (const list of ["resourceRules", "excludeResourceRules"])
    asList(asObj(match)[list]).forEach((rule, i) => {
      const seen = new Set<string>();
      asList(asObj(rule)["resourceNames"]).forEach((name, j) => {
        const field = `${at}.${list}[${String(i)}].resourceNames[${String(j)}]`;
        const n = String(name);
        for (const msg of pathSegmentProblems(n)) out.push(invalid(field, n, msg));
        if (seen.has(n)) out.push(duplicate(field, n));
        seen.add(n);
      });
    });
  return out;
}

const MAX_MATCH_CONDITIONS = 64;

/** validateMatchConditions: at most 64, each with an expression and a qualified name, no name twice. */
function matchConditionProblems(spec: Obj, compiled: readonly { condition: CompiledExpression }[]): FieldCause[] {
  const conditions = asList(spec["matchConditions"]).map(asObj);
  const out: FieldCause[] = [];
  if (conditions.length > MAX_MATCH_CONDITIONS)
    out.push({
      reason: "FieldValueTooMany",
      message: `Too many: ${String(conditions.length)}: must have at most ${String(MAX_MATCH_CONDITIONS)} items`,
      field: "spec.matchConditions",
    });
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const at = `spec.matchConditions[${String(i)}]`;
    const e = compiled[i]?.condition;
    // An empty expression is required without a detail here (validateMatchCondition).
    if (String(c["expression"] ?? "").trim() === "") out.push(required(`${at}.expression`));
    else if (e) {
      const p = expressionProblem(e, ["bool"]);
      if (p) out.push(p);
    }
    const name = typeof c["name"] === "string" ? c["name"] : "";
    if (name === "") out.push(required(`${at}.name`));
    else for (const msg of qualifiedNameProblems(name, "1.37")) out.push(invalid(`${at}.name`, name, msg));
    if (name !== "") {
      if (names.has(name)) out.push(duplicate(`${at}.name`, name));
      names.add(name);
    }
  });
  return out;
}

const CEL_IDENTIFIER = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const CEL_RESERVED = new Set(
  "true false null in as break const continue else for function if import let loop package namespace return var void while".split(" "),
);

/** validateVariable: a name that is a CEL identifier, an expression that compiles. */
function variableProblems(spec: Obj, compiled: ReadonlyMap<string, CompiledExpression>): FieldCause[] {
  const out: FieldCause[] = [];
  asList(spec["variables"])
    .map(asObj)
    .forEach((v, i) => {
      const at = `spec.variables[${String(i)}]`;
      const name = typeof v["name"] === "string" ? v["name"] : "";
      if (name.trim() === "") out.push(required(`${at}.name`, "name is not specified"));
      else if (!CEL_IDENTIFIER.test(name) || CEL_RESERVED.has(name))
        out.push(invalid(`${at}.name`, name, "must be a valid CEL identifier"));
      const expression = typeof v["expression"] === "string" ? v["expression"] : "";
      if (expression.trim() === "") out.push(required(`${at}.expression`, "expression is not specified"));
      else {
        const e = compiled.get(name);
        const p = e && e.field === `${at}.expression` ? expressionProblem(e) : undefined;
        if (p) out.push(p);
      }
    });
  return out;
}

/**
 * What a policy of either kind is refused for between its failurePolicy and its own expressions, in
 * the server's order: paramKind, matchConstraints (with `constraintProblems`, MutatingAdmissionPolicy's
 * operations), matchConditions, variables.
 */
export function matchingProblems(
  spec: Obj,
  compiled: Pick<CompiledPolicy, "matchConditions" | "variables">,
  constraintProblems: (match: unknown) => FieldCause[] = () => [],
): FieldCause[] {
  const out = paramKindProblems(spec);
  const match = spec["matchConstraints"];
  if (match === undefined || match === null) out.push(required("spec.matchConstraints"));
  else {
    out.push(...matchResourcesProblems(match, "spec.matchConstraints"));
    // At least one resource rule, which gives the expressions their types.
    if (asList(asObj(match)["resourceRules"]).length === 0) out.push(required("spec.matchConstraints.resourceRules"));
    out.push(...constraintProblems(match));
  }
  out.push(...matchConditionProblems(spec, compiled.matchConditions));
  out.push(...variableProblems(spec, compiled.variables));
  return out;
}

/** What a binding of either kind is refused for first: its policyName, paramRef and matchResources (with `matchProblems`). */
export function bindingProblems(spec: Obj, matchProblems: (match: unknown) => FieldCause[] = () => []): FieldCause[] {
  const out: FieldCause[] = [];
  const name = spec["policyName"];
  if (typeof name !== "string" || name === "") out.push(required("spec.policyName"));
  else for (const problem of dns1123SubdomainProblems(name, "1.37")) out.push(invalid("spec.policyName", name, problem));
  out.push(...paramRefProblems(spec));
  const match = spec["matchResources"];
  if (match !== undefined && match !== null) out.push(...matchResourcesProblems(match, "spec.matchResources"), ...matchProblems(match));
  return out;
}

const REASONS = ["Forbidden", "Invalid", "RequestEntityTooLarge"];
const AT_LEAST_ONE = "validations or auditAnnotations must contain at least one item";

/** An expression's problem: empty, not compiling (a type error included), or of another type than the field takes (exactly: dyn is not a bool). */
export function expressionProblem(e: CompiledExpression, types?: readonly string[]): FieldCause | undefined {
  if (e.expression.trim() === "") return required(e.field, "expression is not specified");
  // The server's compiler calls a planning error internal (field.InternalError), a compile error invalid.
  const failed = failureDetail(e.compiled);
  if (failed !== undefined) return "programError" in e.compiled ? internalError(e.field, failed) : invalid(e.field, e.expression, failed);
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
  out.push(...matchingProblems(spec, compiled));
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
function paramRefProblems(spec: Obj): FieldCause[] {
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
  const out = bindingProblems(spec);
  const actions = asList(spec["validationActions"]);
  if (actions.length === 0) out.push(required("spec.validationActions"));
  const seen = new Set<unknown>();
  actions.forEach((a, i) => {
    if (seen.has(a)) out.push(duplicate(`spec.validationActions[${String(i)}]`, a));
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
