// A MutatingAdmissionPolicy's expressions compiled once: match conditions, variables and mutations,
// in the environment the server compiles them in (the ValidatingAdmissionPolicy's variables plus the
// patch types: HasPatchTypes), each mutation's result type known so validation can refuse one that is
// not `Object` (ApplyConfiguration) or `list(JSONPatch)` (JSONPatch).
import type { CompiledExpression } from "../compile.js";
import { compile, compileVariables } from "../compile.js";
import { policyEnv, type Dialect } from "../type-check.js";
import type { Obj } from "../types.js";
import { messageFuncs, messageType } from "./values.js";

const asObj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const asList = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(asObj) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The patch types' dialect (one object, so the evaluation environment is made once). */
export const PATCH_TYPES: Dialect = { funcs: messageFuncs, functionNames: ["jsonpatch.escapeKey"], messageTypes: messageType };

export type PatchType = "ApplyConfiguration" | "JSONPatch";

export interface CompiledMutation {
  patchType: PatchType;
  /** Undefined when the mutation names another patch type or lacks its expression (validation refuses both). */
  expression: CompiledExpression | undefined;
}

export interface CompiledMutatingPolicy {
  name: string;
  failurePolicy: "Fail" | "Ignore";
  reinvocationPolicy: "Never" | "IfNeeded";
  paramKind: { apiVersion: string; kind: string } | undefined;
  matchConstraints: unknown;
  matchConditions: { name: string; condition: CompiledExpression }[];
  variables: ReadonlyMap<string, CompiledExpression>;
  mutations: CompiledMutation[];
}

/** The field of a mutation's expression, by its patch type. */
export const MUTATION_FIELDS: Record<PatchType, string> = { ApplyConfiguration: "applyConfiguration", JSONPatch: "jsonPatch" };

const cache = new Map<string, CompiledMutatingPolicy>();

/** Compiles a MutatingAdmissionPolicy (cached by its name and spec). */
export function compileMutatingPolicy(policy: Obj): CompiledMutatingPolicy {
  const name = str(asObj(policy["metadata"])["name"]);
  const spec = asObj(policy["spec"]);
  const key = `${name}\u0000${JSON.stringify(spec)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const hasParams = Boolean(spec["paramKind"]);
  const paramKind = asObj(spec["paramKind"]);
  const variables = compileVariables(spec, hasParams, PATCH_TYPES);
  const conditionEnv = policyEnv(hasParams, undefined);
  const env = policyEnv(hasParams, variables.compiled.size > 0 ? variables.types : undefined);
  const compiled: CompiledMutatingPolicy = {
    name,
    failurePolicy: spec["failurePolicy"] === "Ignore" ? "Ignore" : "Fail",
    reinvocationPolicy: spec["reinvocationPolicy"] === "IfNeeded" ? "IfNeeded" : "Never",
    paramKind: spec["paramKind"] ? { apiVersion: str(paramKind["apiVersion"]), kind: str(paramKind["kind"]) } : undefined,
    matchConstraints: spec["matchConstraints"],
    matchConditions: asList(spec["matchConditions"]).map((c, i) => ({
      name: str(c["name"]),
      condition: compile(str(c["expression"]), `spec.matchConditions[${String(i)}].expression`, conditionEnv, PATCH_TYPES),
    })),
    variables: variables.compiled,
    mutations: asList(spec["mutations"]).map((m, i): CompiledMutation => {
      const patchType: PatchType = m["patchType"] === "JSONPatch" ? "JSONPatch" : "ApplyConfiguration";
      const field = MUTATION_FIELDS[patchType];
      const holder = m[field];
      const known = m["patchType"] === patchType && holder !== undefined && holder !== null;
      // The server compiles the expression trimmed.
      const expression = str(asObj(holder)["expression"]).trim();
      return {
        patchType,
        expression:
          known && expression !== ""
            ? compile(expression, `spec.mutations[${String(i)}].${field}.expression`, env, PATCH_TYPES)
            : undefined,
      };
    }),
  };
  if (cache.size >= 512) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
