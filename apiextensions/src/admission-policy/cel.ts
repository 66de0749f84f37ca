// The CEL environment of ValidatingAdmissionPolicy: the Kubernetes libraries CRD rules use, plus the
// authorizer library (authorizer.group(g).resource(r)….check(verb).allowed(), path checks,
// serviceAccount). Compilation, evaluation with the policy's variables (object, oldObject, request,
// params, namespaceObject, authorizer, variables), and the cel-go wording of errors.
import {
  celEnv,
  celMap,
  celMethod,
  CelScalar,
  isCelError,
  isCelMap,
  type CelEnv,
  type CelFunc,
  type CelInput,
  type CelValue,
} from "@bufbuild/cel";
import { danglingOperatorError } from "../crd-checks/cel/cel-check.js";
import { kubernetesFuncs } from "../validation/cel/library.js";
import { COST_LIMIT_EXCEEDED, costedProgram } from "../validation/cel/runtime-cost.js";
import { parseCel, type ParsedExpr } from "../validation/cel/parse.js";
import { celErrorText } from "../validation/cel/rules.js";
import { programError } from "../validation/cel/program-checks.js";
import type { Authorizer } from "./types.js";

const { DYN, STRING, BOOL } = CelScalar;

// The authorizer's values are CEL maps tagged by a key no object can spell as a CEL field; the
// decision is made by the authorizer of the evaluation under way (evaluation is synchronous).
const TAG = "@authz";
let currentAuthorizer: Authorizer | undefined;

function field(m: CelValue, key: string): string {
  if (!isCelMap(m)) return "";
  const v = m.get(key);
  return typeof v === "string" ? v : "";
}

function groupsOf(m: CelValue): string[] {
  if (!isCelMap(m)) return [];
  const v = m.get("groups");
  return v && typeof v === "object" && Symbol.iterator in v ? [...(v as Iterable<unknown>)].map(String) : [];
}

function tagged(kind: string, from: CelValue, set: Record<string, string>): CelValue {
  const entries = new Map<string, CelInput>();
  if (isCelMap(from)) for (const [k, v] of from) if (typeof k === "string") entries.set(k, v);
  entries.set(TAG, kind);
  for (const [k, v] of Object.entries(set)) entries.set(k, v);
  return celMap(entries);
}

/** The resource of the request, as `authorizer.requestResource` checks it. */
export interface RequestResource {
  group: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

/**
 * The `authorizer` value for a user; with the request's resource, its `requestResource` field is a
 * resource check of that group, resource, subresource, namespace and name (library.NewResourceAuthorizerVal).
 */
export function authorizerValue(user: string, groups: readonly string[], requestResource?: RequestResource): CelInput {
  const entries = new Map<string, CelInput>([
    [TAG, "authorizer"],
    ["user", user],
    ["groups", [...groups]],
  ]);
  if (requestResource)
    entries.set(
      "requestResource",
      celMap(
        new Map<string, CelInput>([[TAG, "resourceCheck"], ["user", user], ["groups", [...groups]], ...Object.entries(requestResource)]),
      ),
    );
  return celMap(entries);
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const isDnsLabel = (s: string): boolean => s.length <= 63 && DNS_LABEL.test(s);
const isDnsSubdomain = (s: string): boolean => s.length <= 253 && s.split(".").every((l) => DNS_LABEL.test(l));

const allowAll: Authorizer = () => ({ allowed: true, reason: "" });

function decide(check: CelValue, verb: string): CelValue {
  const authorize = currentAuthorizer ?? allowAll;
  const path = field(check, "path");
  const fieldSelector = field(check, "fieldSelector");
  const labelSelector = field(check, "labelSelector");
  const d = authorize({
    user: field(check, "user"),
    groups: groupsOf(check),
    verb,
    group: field(check, "group"),
    resource: field(check, "resource"),
    subresource: field(check, "subresource"),
    namespace: field(check, "namespace"),
    name: field(check, "name"),
    ...(path ? { path } : {}),
    ...(fieldSelector ? { fieldSelector } : {}),
    ...(labelSelector ? { labelSelector } : {}),
  });
  return celMap(
    new Map<string, CelInput>([
      [TAG, "decision"],
      ["allowed", d.allowed],
      ["reason", d.reason],
      ["error", d.error ?? ""],
    ]),
  );
}

const authorizerFuncs = [
  // A service account's user has only the service account groups (serviceaccount.MakeGroupNames),
  // not system:authenticated; its name must be a DNS subdomain and its namespace a DNS label, the
  // name checked first (confirmed on kube-apiserver 1.37.2).
  celMethod("serviceAccount", DYN, [STRING, STRING], DYN, function (ns, name) {
    if (!isDnsSubdomain(name)) throw new Error("Invalid service account name");
    if (!isDnsLabel(ns)) throw new Error("Invalid service account namespace");
    return celMap(
      new Map<string, CelInput>([
        [TAG, "authorizer"],
        ["user", `system:serviceaccount:${ns}:${name}`],
        ["groups", ["system:serviceaccounts", `system:serviceaccounts:${ns}`]],
      ]),
    );
  }),
  celMethod("path", DYN, [STRING], DYN, function (p) {
    return tagged("pathCheck", this, { path: p });
  }),
  celMethod("group", DYN, [STRING], DYN, function (g) {
    return tagged("groupCheck", this, { group: g });
  }),
  celMethod("resource", DYN, [STRING], DYN, function (r) {
    return tagged("resourceCheck", this, { resource: r });
  }),
  celMethod("subresource", DYN, [STRING], DYN, function (s) {
    return tagged("resourceCheck", this, { subresource: s });
  }),
  celMethod("namespace", DYN, [STRING], DYN, function (n) {
    return tagged("resourceCheck", this, { namespace: n });
  }),
  celMethod("name", DYN, [STRING], DYN, function (n) {
    return tagged("resourceCheck", this, { name: n });
  }),
  celMethod("fieldSelector", DYN, [STRING], DYN, function (selector) {
    return tagged("resourceCheck", this, { fieldSelector: selector });
  }),
  celMethod("labelSelector", DYN, [STRING], DYN, function (selector) {
    return tagged("resourceCheck", this, { labelSelector: selector });
  }),
  celMethod("check", DYN, [STRING], DYN, function (verb) {
    return decide(this, verb);
  }),
  celMethod("allowed", DYN, [], BOOL, function () {
    return isCelMap(this) && this.get("allowed") === true;
  }),
  celMethod("reason", DYN, [], STRING, function () {
    return field(this, "reason");
  }),
  celMethod("errored", DYN, [], BOOL, function () {
    return field(this, "error") !== "";
  }),
  celMethod("error", DYN, [], STRING, function () {
    return field(this, "error");
  }),
];

const NO_FUNCS: readonly CelFunc[] = [];
const envs = new Map<readonly CelFunc[], CelEnv>();
/** The policies' environment, with `extra` functions (MutatingAdmissionPolicy's message types); one per list. */
function policyEnv(extra: readonly CelFunc[]): CelEnv {
  let env = envs.get(extra);
  if (!env) {
    env = celEnv({ funcs: [...kubernetesFuncs, ...authorizerFuncs, ...extra] });
    envs.set(extra, env);
  }
  return env;
}

/** Evaluates a compiled expression, cancelled past the server's per-call cost limit. */
export type Program = (bindings: Record<string, CelInput>, authorizer: Authorizer | undefined) => CelOutcome;
/** A value or an error (cel-go's COST_LIMIT_EXCEEDED when cancelled), with the runtime cost spent (cel-go's actual cost). */
export type CelOutcome = ({ value: CelValue } | { error: string }) & { cost: number };

// The policies' variables declared dyn (k8s.io/apiserver/pkg/admission/plugin/cel): their overloads are resolved at runtime.
const DYN_ROOTS: ReadonlySet<string> = new Set(["object", "oldObject", "params", "variables"]);
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * A compiled expression; or its compile error worded as the server's ("ERROR: <input>:l:c: …" and the
 * caret lines); or the error planning its program met (what follows "program instantiation failed: ").
 */
export type Compiled = { program: Program } | { compileError: string } | { programError: string };

/** The caret lines cel-go prints under a compile error. */
function caret(expr: string, message: string): string {
  const m = /^<input>:(\d+):(\d+): (.*)$/s.exec(message);
  if (!m) return `ERROR: <input>:1:1: ${message}`;
  const line = Number(m[1]);
  const column = Number(m[2]);
  const text = expr.split("\n")[line - 1] ?? "";
  return `ERROR: <input>:${String(line)}:${String(column)}: ${m[3] ?? ""}\n | ${text}\n | ${".".repeat(Math.max(column - 1, 0))}^`;
}

/**
 * Compiles `expr` in the policies' environment, with `extra` functions (a list kept for reuse: the
 * environment is made once per list); `typedVariables` are the policy's variables of a known type.
 */
export function compileExpression(
  expr: string,
  extra: readonly CelFunc[] = NO_FUNCS,
  typedVariables: ReadonlySet<string> = NO_NAMES,
): Compiled {
  let parsed: ParsedExpr;
  try {
    parsed = parseCel(expr);
  } catch (e) {
    return { compileError: danglingOperatorError(expr) ?? caret(expr, e instanceof Error ? e.message : String(e)) };
  }
  const env = policyEnv(extra);
  const failed = programError(parsed, env);
  if (failed !== undefined) return { programError: failed };
  const run = costedProgram(env, parsed, DYN_ROOTS, undefined, typedVariables);
  const program: Program = (bindings, authorizer) => {
    const previous = currentAuthorizer;
    currentAuthorizer = authorizer;
    try {
      const { result: r, cost, exceeded } = run(bindings);
      if (exceeded) return { error: COST_LIMIT_EXCEEDED, cost };
      return isCelError(r) ? { error: celErrorText(r.message), cost } : { value: r, cost };
    } catch (e) {
      return { error: celErrorText(e instanceof Error ? e.message : String(e)), cost: 0 };
    } finally {
      currentAuthorizer = previous;
    }
  };
  return { program };
}

/** cel-go's name of a value's type, as its checker words it. */
export function celTypeName(v: CelValue): string {
  if (v === null) return "null_type";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return "double";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (v instanceof Uint8Array) return "bytes";
  if (isCelMap(v)) return "map";
  return typeof v === "object" && Symbol.iterator in v ? "list" : "dyn";
}

const INT64_LIMIT = 2 ** 63;

/**
 * JSON as CEL sees an object without a schema: integral numbers within int64 are ints (as the
 * server's JSON decoding makes int64 of them), others (1e20, 2^63) doubles.
 */
export function toCel(v: unknown): CelInput {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isInteger(v) && v >= -INT64_LIMIT && v < INT64_LIMIT ? BigInt(v) : v;
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(toCel);
  const out: Record<string, CelInput> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = toCel(x);
  return out;
}

/** A CEL value as a string for messages and audit annotations, or undefined when it is not a string. */
export function asString(v: CelValue): string | undefined {
  return typeof v === "string" ? v : undefined;
}
