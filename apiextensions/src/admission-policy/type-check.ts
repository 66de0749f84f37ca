// The type checking kube-apiserver does when a ValidatingAdmissionPolicy is created
// (k8s.io/apiserver/pkg/admission/plugin/cel/compile.go): each expression is checked against the
// variables the server declares (object, oldObject and params as dyn; request, namespaceObject and
// the authorizer with their declared types; variables with the types of their expressions), so a
// policy that would fail on every request is refused up front, in cel-go's words, and the result's
// type is known exactly (a validation must be a bool, not dyn). The checker is the CRD rules'
// (../crd-checks/cel/cel-check.ts); what it cannot type is dyn, so it errs on accepting: a global
// function it does not know is not reported, where the server would.
import type { CelFunc } from "@bufbuild/cel";
import { parseCel } from "../validation/cel/parse.js";
import { CelChecker, formatCelIssues } from "../crd-checks/cel/cel-check.js";
import { declaredFunctions } from "../crd-checks/cel/declarations.js";
import { celEnvironmentMinor, NEWEST_MODELLED_MINOR } from "../crd-checks/server-versions.js";
import { DYN, MAX_REQUEST_BYTES, type CelT } from "../crd-checks/cel/cel-types.js";

const STRING: CelT = { k: "string", maxSize: MAX_REQUEST_BYTES };
const BOOL: CelT = { k: "bool" };
const INT: CelT = { k: "int" };
const TIMESTAMP: CelT = { k: "timestamp" };
const list = (elem: CelT): CelT => ({ k: "list", elem, maxSize: MAX_REQUEST_BYTES });
const map = (value: CelT): CelT => ({ k: "map", value, maxSize: MAX_REQUEST_BYTES });
const declared = (name: string, fields: [string, CelT][]): CelT => ({ k: "object", name, fields: new Map(fields) });

const GVK = declared("kubernetes.GroupVersionKind", [
  ["group", STRING],
  ["version", STRING],
  ["kind", STRING],
]);
const GVR = declared("kubernetes.GroupVersionResource", [
  ["group", STRING],
  ["version", STRING],
  ["resource", STRING],
]);

/** BuildRequestType: the AdmissionRequest without uid, object and oldObject. */
const REQUEST = declared("kubernetes.AdmissionRequest", [
  ["kind", GVK],
  ["resource", GVR],
  ["subResource", STRING],
  ["requestKind", GVK],
  ["requestResource", GVR],
  ["requestSubResource", STRING],
  ["name", STRING],
  ["namespace", STRING],
  ["operation", STRING],
  [
    "userInfo",
    declared("kubernetes.UserInfo", [
      ["username", STRING],
      ["uid", STRING],
      ["groups", list(STRING)],
      ["extra", map(list(STRING))],
    ]),
  ],
  ["dryRun", BOOL],
  ["options", DYN],
]);

/** BuildNamespaceType: what a policy reads of the request's namespace (the server spells the uid field "UID"). */
const NAMESPACE = declared("kubernetes.Namespace", [
  [
    "metadata",
    declared("kubernetes.NamespaceMetadata", [
      ["name", STRING],
      ["generateName", STRING],
      ["namespace", STRING],
      ["labels", map(STRING)],
      ["annotations", map(STRING)],
      ["UID", STRING],
      ["creationTimestamp", TIMESTAMP],
      ["deletionGracePeriodSeconds", INT],
      ["deletionTimestamp", TIMESTAMP],
      ["generation", INT],
      ["resourceVersion", STRING],
      ["finalizers", list(STRING)],
    ]),
  ],
  ["spec", declared("kubernetes.NamespaceSpec", [["finalizers", list(STRING)]])],
  [
    "status",
    declared("kubernetes.NamespaceStatus", [
      [
        "conditions",
        list(
          declared("kubernetes.NamespaceCondition", [
            ["status", STRING],
            ["type", STRING],
            ["lastTransitionTime", TIMESTAMP],
            ["message", STRING],
            ["reason", STRING],
          ]),
        ),
      ],
      ["phase", STRING],
    ]),
  ],
]);

// The authorizer library's types: opaque values with methods (library.AuthorizerType and the rest),
// declared to cel-go as object types it cannot look fields up in.
const opaque = (name: string, fields: [string, CelT][] = []): CelT => ({
  k: "object",
  name,
  fields: new Map(fields),
  opaque: true,
  unresolvable: true,
});
const AUTHZ = "kubernetes.authorization.";
const DECISION = opaque(`${AUTHZ}Decision`);
const RESOURCE_CHECK = opaque(`${AUTHZ}ResourceCheck`);
const GROUP_CHECK = opaque(`${AUTHZ}GroupCheck`);
const PATH_CHECK = opaque(`${AUTHZ}PathCheck`);
// authorizer.requestResource is a variable of its own on the server; as a field it reads the same.
const AUTHORIZER = opaque(`${AUTHZ}Authorizer`, [["requestResource", RESOURCE_CHECK]]);

const METHODS: ReadonlyMap<string, ReadonlyMap<string, CelT>> = new Map<string, ReadonlyMap<string, CelT>>([
  [
    `${AUTHZ}Authorizer`,
    new Map<string, CelT>([
      ["group", GROUP_CHECK],
      ["path", PATH_CHECK],
      ["serviceAccount", AUTHORIZER],
    ]),
  ],
  [`${AUTHZ}GroupCheck`, new Map<string, CelT>([["resource", RESOURCE_CHECK]])],
  [
    `${AUTHZ}ResourceCheck`,
    new Map<string, CelT>([
      ["subresource", RESOURCE_CHECK],
      ["namespace", RESOURCE_CHECK],
      ["name", RESOURCE_CHECK],
      ["fieldSelector", RESOURCE_CHECK],
      ["labelSelector", RESOURCE_CHECK],
      ["check", DECISION],
    ]),
  ],
  [`${AUTHZ}PathCheck`, new Map<string, CelT>([["check", DECISION]])],
  [
    `${AUTHZ}Decision`,
    new Map<string, CelT>([
      ["allowed", BOOL],
      ["reason", STRING],
      ["errored", BOOL],
      ["error", STRING],
    ]),
  ],
]);

function withNames(set: ReadonlySet<string>, names: readonly string[]): ReadonlySet<string> {
  return names.length === 0 ? set : new Set([...set, ...names]);
}

/** An expression's type, or the checker's errors in cel-go's words (what follows "compilation failed: "). */
export type TypeChecked = { type: CelT } | { typeError: string };

/** The variables an expression of a policy sees: `variables` is declared only when the policy has some, `params` only with a paramKind. */
export function policyEnv(hasParams: boolean, variables: ReadonlyMap<string, CelT> | undefined): Map<string, CelT> {
  const env = new Map<string, CelT>([
    ["object", DYN],
    ["oldObject", DYN],
    ["namespaceObject", NAMESPACE],
    ["request", REQUEST],
    ["authorizer", AUTHORIZER],
  ]);
  if (hasParams) env.set("params", DYN);
  if (variables !== undefined) env.set("variables", { k: "object", fields: variables });
  return env;
}

/**
 * What a kind of policy adds to the environment (MutatingAdmissionPolicy's patch types): functions to
 * evaluate with, their names for the checker, and the message types it declares.
 */
export interface Dialect {
  funcs: readonly CelFunc[];
  functionNames: readonly string[];
  messageTypes: (name: string) => CelT | undefined;
}

/** Type-checks an expression that parses (the caller has reported one that does not) in `env`. */
export function typeCheck(expression: string, env: ReadonlyMap<string, CelT>, dialect?: Dialect): TypeChecked {
  const parsed = parseCel(expression);
  const checker = new CelChecker(parsed.sourceInfo?.positions ?? {}, undefined, {
    crossTypeNumericOrdering: true,
    methods: METHODS,
    homogeneousLiterals: true,
    optionalTypes: true,
    // The newest modelled server's environment (1.37 compiles new expressions in 1.36's).
    declaredFunctions: withNames(declaredFunctions(celEnvironmentMinor(NEWEST_MODELLED_MINOR)), dialect?.functionNames ?? []),
    ...(dialect ? { messageTypes: dialect.messageTypes } : {}),
  });
  const out = checker.check(parsed.expr, env);
  const issues = checker.allIssues();
  return issues.length > 0 ? { typeError: formatCelIssues(expression, issues) } : { type: out.t };
}
