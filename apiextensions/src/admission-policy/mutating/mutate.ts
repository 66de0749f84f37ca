// Every MutatingAdmissionPolicy and binding over one request, as the MutatingAdmissionPolicy plugin
// dispatches them (policy/generic/policy_dispatcher.go, policy/mutating/dispatcher.go): for each
// policy that matches, each of its bindings that matches, each param, the match conditions, then each
// mutation in order on the object as the previous left it, the object defaulted after each. An
// ApplyConfiguration is merged into the object by its schema (the caller's merge, as the server's
// structured-merge-diff); a JSONPatch is applied as evanphx/json-patch v4 does, a failed `test`
// leaving the object as it was. Errors are collected per policy and binding and, under failurePolicy
// Fail, refuse the request with 403 naming the first (its reason Invalid for an evaluation's error,
// Forbidden for a configuration's); a patched object the server cannot decode is a 500 at once.
//
// Reinvocation (reinvocationcontext.go, ./reinvocation.ts): a policy whose reinvocationPolicy is
// IfNeeded runs again in the admission chain's second pass when the object changed after it ran. The
// caller keeps a Reinvocation across the passes and runs the second when the chain's flag says so.
//
// Policies are taken in name order. The real server takes them in the order of a Go map (random per
// refresh), so where the order matters its answer varies; recorded scenarios are order-independent.
import type { CelValue } from "@bufbuild/cel";
import { activation, byName, nameOf, requestName } from "../admit.js";
import { failureDetail, type CompiledExpression } from "../compile.js";
import { Context, matchConditions } from "../evaluate.js";
import { matches, type MatchedVersion } from "../match.js";
import { texts } from "../messages.js";
import { collectParams, policyConfigError } from "../params.js";
import type { AdmitOptions, DenialStatus, Obj } from "../types.js";
import { compileMutatingPolicy, type CompiledMutatingPolicy, type CompiledMutation } from "./compile.js";
import { applyJsonPatch } from "./json-patch.js";
import type { Reinvocation } from "./reinvocation.js";
import { applyConfigurationOf, jsonPatchOf } from "./values.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface MutateOptions extends AdmitOptions {
  /**
   * Merges an ApplyConfiguration into the object by the object's schema, as structured-merge-diff
   * does, or says why it cannot (the text after "error applying patch: "): a field the schema lacks, a
   * value of the wrong type, an atomic field the patch sets.
   */
  applyConfiguration: (object: Obj, patch: Obj) => { object: Obj } | { error: string };
  /** Whether a JSON-patched object decodes as the server's typed decoding would: the error, else undefined. */
  decodeError?: (object: Obj) => string | undefined;
  /** The object defaulted as the server defaults it after each mutation. */
  defaulted?: (object: Obj) => Obj;
}

export interface MutateResult {
  /** The object after the mutations (the request's when nothing applied). */
  object: Obj | null;
  /** The refusal: 403 for policy errors under failurePolicy Fail, 500 for an object that cannot be decoded. */
  status?: DenialStatus | { code: 500; reason: "InternalError"; message: string; details: { causes: { message: string }[] } };
}

interface PolicyError {
  policy: CompiledMutatingPolicy;
  binding: string | undefined;
  message: string;
  /** "Invalid" for the mutating dispatcher's errors; "" for the generic dispatcher's configuration errors. */
  reason: string;
}

interface Invocation {
  policy: CompiledMutatingPolicy;
  binding: string;
  param: Obj | null;
  match: MatchedVersion;
}

type Outcome = { object: Obj } | { error: string } | { internal: string };

function evaluated(ctx: Context, e: CompiledExpression): { value: CelValue } | { error: string } {
  const failed = failureDetail(e.compiled);
  if (failed !== undefined) return { error: failed };
  const r = ctx.run(e);
  return "error" in r ? { error: texts.expressionError(e.expression, r.error) } : { value: r.value };
}

/** One mutation of `object`: its patch applied and the result defaulted, or the error. */
function mutateOnce(mutation: CompiledMutation, ctx: Context, object: Obj, o: MutateOptions): Outcome {
  if (!mutation.expression) return { error: "expression is not specified" };
  const r = evaluated(ctx, mutation.expression);
  if ("error" in r) return { error: r.error };
  const value = r.value;
  let patched: Obj;
  if (mutation.patchType === "ApplyConfiguration") {
    const patch = applyConfigurationOf(value);
    if ("error" in patch) return patch;
    const merged = o.applyConfiguration(object, { ...patch.value, apiVersion: object["apiVersion"], kind: object["kind"] });
    if ("error" in merged) return { error: `error applying patch: ${merged.error}` };
    patched = merged.object;
  } else {
    const ops = jsonPatchOf(value);
    if ("error" in ops) return ops;
    const applied = applyJsonPatch(object, ops.value);
    if (!applied.ok) {
      if (applied.testFailed) return { object };
      return { error: `JSON Patch: ${applied.error}` };
    }
    patched = asObj(applied.value);
    const decodeError = o.decodeError?.(patched);
    if (decodeError !== undefined) return { internal: decodeError };
  }
  return { object: o.defaulted ? o.defaulted(patched) : patched };
}

/** The policies' invocations for the request, and the configuration errors met on the way. */
function invocations(policies: readonly Obj[], bindings: readonly Obj[], o: MutateOptions, errors: PolicyError[]): Invocation[] {
  const out: Invocation[] = [];
  const equivalents = o.equivalents ?? [];
  const namespaceObject = o.namespaceObject ?? null;
  for (const policy of [...policies].sort(byName)) {
    const ofPolicy = bindings.filter((b) => str(asObj(b["spec"])["policyName"]) === nameOf(policy)).sort(byName);
    if (ofPolicy.length === 0) continue;
    const match = matches(asObj(policy["spec"])["matchConstraints"], o.attributes, namespaceObject, equivalents);
    if (!match) continue;
    const compiled = compileMutatingPolicy(policy);
    const configError = policyConfigError(compiled, o);
    if (configError !== undefined) {
      errors.push({ policy: compiled, binding: undefined, message: texts.policyConfigError(configError), reason: "" });
      continue;
    }
    for (const binding of ofPolicy) {
      const criteria = asObj(binding["spec"])["matchResources"];
      if (criteria !== undefined && criteria !== null && !matches(criteria, o.attributes, namespaceObject, equivalents)) continue;
      const collected = collectParams(compiled, binding, o);
      if ("error" in collected) {
        errors.push({ policy: compiled, binding: nameOf(binding), message: texts.configError(collected.error), reason: "" });
        continue;
      }
      for (const param of collected.params) out.push({ policy: compiled, binding: nameOf(binding), param, match });
    }
  }
  return out;
}

const keyOf = (i: Invocation): string =>
  JSON.stringify([i.policy.name, i.binding, str(asObj(i.param?.["metadata"])["namespace"]), str(asObj(i.param?.["metadata"])["name"])]);

/** Mutates one request by `policies` and their `bindings`: one pass of the plugin (see the header). */
export function mutate(policies: readonly Obj[], bindings: readonly Obj[], o: MutateOptions, pass: Reinvocation): MutateResult {
  const errors: PolicyError[] = [];
  let object = o.attributes.object;
  if (pass.reinvoking && pass.changedSinceLastPass(object)) pass.requireReinvoking();
  let dirty = false;
  for (const inv of invocations(policies, bindings, o, errors)) {
    const at = (x: Obj | null): MutateOptions => ({ ...o, attributes: { ...o.attributes, object: x } });
    const conditions = matchConditions(
      new Context(inv.policy, activation(at(object), inv.match, inv.param), o.authorizer),
      inv.policy.matchConditions,
    );
    if (conditions === false) continue;
    if (typeof conditions === "string") {
      errors.push({ policy: inv.policy, binding: inv.binding, message: conditions, reason: "Invalid" });
      continue;
    }
    const key = keyOf(inv);
    if (pass.skips(key)) continue;
    const before = JSON.stringify(object);
    for (const mutation of inv.policy.mutations) {
      if (object === null) continue;
      const ctx = new Context(inv.policy, activation(at(object), inv.match, inv.param), o.authorizer);
      const r = mutateOnce(mutation, ctx, object, o);
      if ("internal" in r)
        return {
          object,
          status: {
            code: 500,
            reason: "InternalError",
            message: `Internal error occurred: ${r.internal}`,
            details: { causes: [{ message: r.internal }] },
          },
        };
      if ("error" in r) {
        errors.push({ policy: inv.policy, binding: inv.binding, message: r.error, reason: "Invalid" });
        continue;
      }
      object = r.object;
      dirty = true;
    }
    if (JSON.stringify(object) !== before) {
      pass.requireReinvoking();
      pass.changed();
    }
    if (inv.policy.reinvocationPolicy === "IfNeeded") pass.invoked(key);
  }
  if (dirty && object !== null) {
    pass.requireReinvoking();
    pass.changed();
  }
  pass.passed(object);
  const failing = errors.filter((e) => e.policy.failurePolicy === "Fail");
  if (failing.length === 0) return { object };
  return { object, status: denial(o, failing) };
}

/** The 403 of the errors under failurePolicy Fail: the first's message and reason, every one a cause. */
function denial(o: MutateOptions, errors: readonly PolicyError[]): DenialStatus {
  const messages = errors.map((e) =>
    e.binding === undefined
      ? `policy ${JSON.stringify(e.policy.name)} denied request: ${e.message}`
      : `policy '${e.policy.name}' with binding '${e.binding}' denied request: ${e.message}`,
  );
  const r = o.attributes.resource;
  return {
    code: 403,
    reason: errors[0]?.reason || "Forbidden",
    message: messages[0] ?? "",
    details: {
      name: requestName(o),
      ...(r.group ? { group: r.group } : {}),
      kind: r.resource,
      causes: messages.map((message) => ({ message })),
    },
  };
}
