// Which requests a policy and binding judge (resourceRules with resourceNames, excludeResourceRules,
// namespace and object selectors, matchPolicy across versions, a binding's matchResources) and
// which params they are judged with (paramRef name, namespace, selector, parameterNotFoundAction).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  admit,
  compilePolicy,
  compileProblems,
  validateBinding,
  validatePolicy,
  type Obj,
} from "../../apiextensions/src/admission-policy/index.js";
import { binding, cmRule, configMap, policy, request } from "./helpers.js";

const deny = [{ expression: "false", message: "judged" }];
const judged = (p: Obj, b: Obj, o = request(configMap("c"))): boolean => !admit([p], [b], o).allowed;

test("resourceRules with resourceNames and operations; excludeResourceRules win", () => {
  const p = policy("p", { matchConstraints: { resourceRules: [cmRule(["CREATE"], { resourceNames: ["c"] })] }, validations: deny });
  assert.equal(judged(p, binding("b", "p")), true);
  assert.equal(judged(p, binding("b", "p"), request(configMap("other"))), false);
  assert.equal(judged(p, binding("b", "p"), request(configMap("c"), configMap("c"))), false, "UPDATE is not in operations");
  const excluded = policy("p", {
    matchConstraints: { resourceRules: [cmRule()], excludeResourceRules: [cmRule(["*"], { resourceNames: ["c"] })] },
    validations: deny,
  });
  assert.equal(judged(excluded, binding("b", "p")), false);
  assert.equal(judged(excluded, binding("b", "p"), request(configMap("d"))), true);
});

test("namespaceSelector and objectSelector, on the policy and on the binding's matchResources", () => {
  const byNamespace = policy("p", {
    matchConstraints: { resourceRules: [cmRule()], namespaceSelector: { matchLabels: { env: "prod" } } },
    validations: deny,
  });
  assert.equal(judged(byNamespace, binding("b", "p")), false);
  const byExpression = policy("p", {
    matchConstraints: {
      resourceRules: [cmRule()],
      namespaceSelector: { matchExpressions: [{ key: "env", operator: "In", values: ["test", "dev"] }] },
    },
    validations: deny,
  });
  assert.equal(judged(byExpression, binding("b", "p")), true);
  const byObject = policy("p", {
    matchConstraints: { resourceRules: [cmRule()], objectSelector: { matchExpressions: [{ key: "guard", operator: "Exists" }] } },
    validations: deny,
  });
  assert.equal(judged(byObject, binding("b", "p")), false);
  assert.equal(judged(byObject, binding("b", "p"), request(configMap("c", {}, { guard: "1" }))), true);
  // The binding narrows further; its matchResources without resourceRules selects every resource.
  const all = policy("p", { validations: deny });
  assert.equal(judged(all, binding("b", "p", { matchResources: { namespaceSelector: { matchLabels: { env: "prod" } } } })), false);
  assert.equal(judged(all, binding("b", "p", { matchResources: { objectSelector: { matchLabels: {} } } })), true);
  assert.equal(judged(all, binding("b", "p", { matchResources: { resourceRules: [cmRule(["DELETE"])] } })), false);
});

test("matchPolicy: Equivalent matches another served version and shows the object at it; Exact does not", () => {
  const rule = { apiGroups: ["example.com"], apiVersions: ["v2"], operations: ["CREATE"], resources: ["widgets"] };
  const o = request({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w", namespace: "ns" } }, null, {
    resource: { group: "example.com", version: "v1", resource: "widgets" },
    kind: { group: "example.com", version: "v1", kind: "Widget" },
  });
  o.equivalents = [
    {
      resource: { group: "example.com", version: "v2", resource: "widgets" },
      kind: { group: "example.com", version: "v2", kind: "Widget" },
      convert: (x) => ({ ...x, apiVersion: "example.com/v2" }),
    },
  ];
  const message = [
    { expression: "false", messageExpression: "object.apiVersion + ' ' + request.kind.version + ' ' + request.requestKind.version" },
  ];
  const equivalent = admit([policy("p", { matchConstraints: { resourceRules: [rule] }, validations: message })], [binding("b", "p")], o);
  assert.match(equivalent.status?.message ?? "", /denied request: example\.com\/v2 v2 v1$/);
  assert.equal(equivalent.status?.message.startsWith(`widgets.example.com "w" is forbidden`), true);
  const exact = admit(
    [policy("p", { matchConstraints: { resourceRules: [rule], matchPolicy: "Exact" }, validations: message })],
    [binding("b", "p")],
    o,
  );
  assert.equal(exact.allowed, true);
});

test("a policy without a binding, or a binding of another policy, judges nothing", () => {
  assert.equal(admit([policy("p", { validations: deny })], [], request(configMap("c"))).allowed, true);
  assert.equal(admit([policy("p", { validations: deny })], [binding("b", "q")], request(configMap("c"))).allowed, true);
});

const limit = (name: string, namespace: string | undefined, max: string, labels: Record<string, string> = {}): Obj => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { name, ...(namespace ? { namespace } : {}), labels },
  data: { max },
});
const paramPolicy = policy("p", {
  paramKind: { apiVersion: "v1", kind: "ConfigMap" },
  validations: [{ expression: "size(object.data) <= int(params.data.max)", messageExpression: "'at most ' + params.data.max" }],
});
const twoKeys = () => request(configMap("c", { a: "1", b: "2" }));

test("params: by name in paramRef.namespace or the request's, by selector (each judges), and not found", () => {
  const params = [
    limit("one", "ns", "1", { kind: "limit" }),
    limit("five", "ns", "5", { kind: "limit" }),
    limit("elsewhere", "other", "1"),
  ];
  const named = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "one" } })], { ...twoKeys(), params });
  assert.match(named.status?.message ?? "", /denied request: at most 1$/);
  const inOther = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "elsewhere", namespace: "other" } })], {
    ...twoKeys(),
    params,
  });
  assert.match(inOther.status?.message ?? "", /at most 1$/);
  const selected = admit([paramPolicy], [binding("b", "p", { paramRef: { selector: { matchLabels: { kind: "limit" } } } })], {
    ...twoKeys(),
    params,
  });
  assert.deepEqual(
    selected.verdicts.map((v) => [v.param, v.evaluation]),
    [
      ["ns/five", "true"],
      ["ns/one", "false"],
    ],
  );
  assert.equal(selected.allowed, false);
  const allow = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "none", parameterNotFoundAction: "Allow" } })], {
    ...twoKeys(),
    params,
  });
  assert.equal(allow.allowed, true);
  const denyMissing = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "none", parameterNotFoundAction: "Deny" } })], {
    ...twoKeys(),
    params,
  });
  assert.match(
    denyMissing.status?.message ?? "",
    /denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction$/,
  );
  const ignored = admit(
    [{ ...paramPolicy, spec: { ...(paramPolicy["spec"] as Obj), failurePolicy: "Ignore" } }],
    [binding("b", "p", { paramRef: { name: "none", parameterNotFoundAction: "Deny" } })],
    {
      ...twoKeys(),
      params,
    },
  );
  assert.equal(ignored.allowed, true);
});

test("params: a paramLookup answers for the kind; a namespaced kind needs a namespace; without paramRef, params is null", () => {
  const lookup = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "one" } })], {
    ...twoKeys(),
    paramLookup: (apiVersion, kind) =>
      apiVersion === "v1" && kind === "ConfigMap" ? { namespaced: true, objects: [limit("one", "ns", "3")] } : undefined,
  });
  assert.equal(lookup.allowed, true);
  const cluster = request({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" } }, null, { namespaced: false, namespace: "" });
  const r = admit([paramPolicy], [binding("b", "p", { paramRef: { name: "one" } })], { ...cluster, params: [limit("one", "ns", "1")] });
  assert.match(
    r.status?.message ?? "",
    /failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources$/,
  );
  // Without paramRef the policy runs once with params null (here an error: no such key).
  const unset = admit([paramPolicy], [binding("b", "p")], { ...twoKeys(), params: [] });
  assert.equal(unset.verdicts.length, 1);
  assert.equal(unset.verdicts[0]?.evaluation, "error");
  // A Namespace's own request looks for namespaced params in itself.
  const ns = request({ apiVersion: "v1", kind: "Namespace", metadata: { name: "team" } }, null, {
    resource: { group: "", version: "v1", resource: "namespaces" },
    kind: { group: "", version: "v1", kind: "Namespace" },
    namespaced: false,
    namespace: "",
  });
  const nsPolicy = policy("n", {
    paramKind: { apiVersion: "v1", kind: "ConfigMap" },
    matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["namespaces"] }] },
    validations: [{ expression: "params.data.max == '7'" }],
  });
  const nsBinding = binding("b", "n", { paramRef: { name: "one", parameterNotFoundAction: "Deny" } });
  assert.equal(admit([nsPolicy], [nsBinding], { ...ns, params: [limit("one", "team", "7")] }).allowed, true);
});

test("configuration errors deny whatever the validationActions; an unknown paramKind is the policy's error", () => {
  // Confirmed on kube-apiserver 1.37.2: a Warn-only binding whose params are not found (Deny) denies;
  // an Audit-only binding, without paramRef, of a policy whose paramKind is not served denies with the
  // policy's message; under failurePolicy Ignore, or without a binding, that policy judges nothing.
  const warnOnly = admit(
    [paramPolicy],
    [binding("b", "p", { validationActions: ["Warn"], paramRef: { name: "none", parameterNotFoundAction: "Deny" } })],
    { ...twoKeys(), params: [] },
  );
  assert.equal(warnOnly.allowed, false);
  assert.deepEqual(warnOnly.warnings, []);
  assert.match(warnOnly.status?.message ?? "", /with binding 'b' denied request: failed to configure binding: no params found/);
  const unknown = { ...paramPolicy, spec: { ...(paramPolicy["spec"] as Obj), paramKind: { apiVersion: "example.com/v1", kind: "Nope" } } };
  const o = { ...twoKeys(), paramLookup: () => undefined };
  const r = admit([unknown], [binding("b", "p", { validationActions: ["Audit"] })], o);
  assert.equal(r.allowed, false);
  assert.equal(r.status?.code, 422);
  assert.equal(
    r.status?.details.causes[0]?.message,
    "ValidatingAdmissionPolicy 'p' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Nope'",
  );
  assert.deepEqual(r.auditAnnotations, {});
  const ignore = { ...unknown, spec: { ...unknown.spec, failurePolicy: "Ignore" } };
  assert.equal(admit([ignore], [binding("b", "p")], o).allowed, true);
  assert.equal(admit([unknown], [], o).allowed, true);
});

test("compile errors and the other refusals of a policy or binding, as the API server's validation words them", () => {
  const bad = policy("p", {
    validations: [{ expression: "object.spec.replicas <=", reason: "Unauthorized" }],
    variables: [{ name: "v", expression: "1 +" }],
  });
  const problems = compileProblems(compilePolicy(bad));
  assert.deepEqual(
    problems.map((p) => p.field),
    ["spec.variables[0].expression", "spec.validations[0].expression"],
  );
  assert.match(problems[1]?.message ?? "", /^compilation failed: ERROR: <input>:1:\d+: .*\n \| object\.spec\.replicas <=\n \| \.+\^$/s);
  assert.deepEqual(
    validatePolicy(bad).map((c) => [c.reason, c.field]),
    [
      ["FieldValueInvalid", "spec.variables[0].expression"],
      ["FieldValueInvalid", "spec.validations[0].expression"],
      ["FieldValueNotSupported", "spec.validations[0].reason"],
    ],
  );
  // An expression that reads nothing has a known type, which must be the one its field needs.
  assert.deepEqual(
    validatePolicy(policy("q", { matchConditions: [{ name: "m", expression: "'yes'" }], validations: [{ expression: "1 + 1" }] })).map(
      (c) => c.message,
    ),
    ["Invalid value: \"'yes'\": must evaluate to bool but got string", 'Invalid value: "1 + 1": must evaluate to bool but got int'],
  );
  assert.deepEqual(validateBinding(binding("b", "p", { validationActions: ["Deny", "Warn"] })), [
    {
      reason: "FieldValueInvalid",
      message:
        'Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
      field: "spec.validationActions",
    },
  ]);
  // A policy used anyway (a file given to the CLI) fails at evaluation, under its failurePolicy.
  const used = admit([policy("q", { validations: [{ expression: "1 +" }] })], [binding("b", "q")], request(configMap("c")));
  assert.match(used.status?.message ?? "", /resulted in error: compilation error: ERROR: <input>/);
});
