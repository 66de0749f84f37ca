// The policy library's evaluation, case by case: validations and their messages and reasons,
// matchConditions, variables, auditAnnotations, failurePolicy, validationActions, and the CEL
// variables a policy reads (request, namespaceObject, oldObject, authorizer).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  admit,
  validatePolicy,
  VALIDATION_FAILURE_ANNOTATION,
  type AuthorizationCheck,
  type Obj,
} from "../../apiextensions/src/admission-policy/index.js";
import { binding, configMap, policy, request } from "./helpers.js";

const denial = (p: ReturnType<typeof policy>, b: ReturnType<typeof binding>, o = request(configMap("c", { a: "1" }))) => admit([p], [b], o);

test("a false validation denies with the default message, its message trimmed, or its messageExpression", () => {
  const byDefault = denial(policy("p", { validations: [{ expression: "  object.data.a == '2' " }] }), binding("b", "p"));
  assert.equal(byDefault.allowed, false);
  assert.equal(
    byDefault.status?.message,
    `configmaps "c" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: object.data.a == '2'`,
  );
  assert.deepEqual(byDefault.status?.details, {
    name: "c",
    kind: "configmaps",
    causes: [{ message: "ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: object.data.a == '2'" }],
  });
  const message = denial(policy("p", { validations: [{ expression: "false", message: "  no  " }] }), binding("b", "p"));
  assert.match(message.status?.message ?? "", /denied request: no$/);
  const expression = denial(
    policy("p", { validations: [{ expression: "false", messageExpression: "'a is ' + object.data.a", message: "m" }] }),
    binding("b", "p"),
  );
  assert.match(expression.status?.message ?? "", /denied request: a is 1$/);
  // A messageExpression that errors, is empty or spans lines falls back to the message, else the default.
  for (const m of ["object.data.none", "''", "'two\\nlines'", "1"]) {
    const r = denial(policy("p", { validations: [{ expression: "false", messageExpression: m }] }), binding("b", "p"));
    assert.match(r.status?.message ?? "", /denied request: failed expression: false$/, m);
  }
});

test("reason sets the status code: Forbidden 403, Invalid 422 (the default), RequestEntityTooLarge 413", () => {
  for (const [reason, code] of [
    ["Forbidden", 403],
    ["Invalid", 422],
    ["RequestEntityTooLarge", 413],
    [undefined, 422],
  ] as const) {
    const r = denial(policy("p", { validations: [{ expression: "false", ...(reason ? { reason } : {}) }] }), binding("b", "p"));
    assert.equal(r.status?.code, code);
    assert.equal(r.status?.reason, reason ?? "Invalid");
  }
});

test("the first failing validation answers; a group's resource is named resource.group", () => {
  const p = policy("p", {
    matchConstraints: { resourceRules: [{ apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"] }] },
    validations: [{ expression: "true" }, { expression: "false", message: "second" }, { expression: "false", message: "third" }],
  });
  const o = request({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "d" } }, null, {
    resource: { group: "apps", version: "v1", resource: "deployments" },
    kind: { group: "apps", version: "v1", kind: "Deployment" },
  });
  const r = admit([p], [binding("b", "p")], o);
  assert.equal(
    r.status?.message,
    `deployments.apps "d" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: second`,
  );
  assert.equal(r.status?.details.group, "apps");
  assert.deepEqual(
    r.verdicts.map((v) => [v.expressionIndex, v.evaluation]),
    [
      [0, "true"],
      [1, "false"],
      [2, "false"],
    ],
  );
});

test("failurePolicy: an evaluation error denies under Fail (the default) and is ignored under Ignore", () => {
  const fail = denial(policy("p", { validations: [{ expression: "int(object.data.a + 'x') > 0" }] }), binding("b", "p"));
  assert.match(
    fail.status?.message ?? "",
    /denied request: expression 'int\(object\.data\.a \+ 'x'\) > 0' resulted in error: type conversion error from 'string' to 'int'$/,
  );
  assert.equal(fail.status?.code, 422);
  const missing = denial(policy("p", { validations: [{ expression: "object.data.b == 'x'" }] }), binding("b", "p"));
  assert.match(missing.status?.message ?? "", /resulted in error: no such key: b$/);
  const ignore = denial(policy("p", { failurePolicy: "Ignore", validations: [{ expression: "object.data.b == 'x'" }] }), binding("b", "p"));
  assert.equal(ignore.allowed, true);
  assert.equal(ignore.verdicts[0]?.evaluation, "error");
});

test("matchConditions: a false one skips the policy; errors decide under failurePolicy only when none is false", () => {
  const deny = [{ expression: "false", message: "judged" }];
  const skipped = denial(
    policy("p", {
      matchConditions: [
        { name: "never", expression: "false" },
        { name: "err", expression: "object.x" },
      ],
      validations: deny,
    }),
    binding("b", "p"),
  );
  assert.equal(skipped.allowed, true);
  assert.deepEqual(skipped.verdicts, []);
  const judged = denial(
    policy("p", { matchConditions: [{ name: "user", expression: "request.userInfo.username == 'alice'" }], validations: deny }),
    binding("b", "p"),
  );
  assert.match(judged.status?.message ?? "", /judged$/);
  const error = denial(
    policy("p", { matchConditions: [{ name: "err", expression: "object.x == 1" }], validations: deny }),
    binding("b", "p"),
  );
  assert.match(error.status?.message ?? "", /denied request: expression 'object\.x == 1' resulted in error: no such key: x$/);
  const ignored = denial(
    policy("p", { failurePolicy: "Ignore", matchConditions: [{ name: "err", expression: "object.x == 1" }], validations: deny }),
    binding("b", "p"),
  );
  assert.equal(ignored.allowed, true);
});

test("variables are evaluated when read: chained, and an error only where one is used", () => {
  const p = policy("p", {
    variables: [
      { name: "a", expression: "int(object.data.a)" },
      { name: "twice", expression: "variables.a * 2" },
      { name: "broken", expression: "object.data.none" },
    ],
    validations: [{ expression: "variables.twice == 2", messageExpression: "'twice is ' + string(variables.twice)" }],
  });
  assert.equal(denial(p, binding("b", "p")).allowed, true);
  const wrong = denial(p, binding("b", "p"), request(configMap("c", { a: "2" })));
  assert.match(wrong.status?.message ?? "", /denied request: twice is 4$/);
  const usesBroken = policy("q", {
    variables: [{ name: "broken", expression: "object.data.none" }],
    validations: [{ expression: "variables.broken == ''" }],
  });
  assert.match(
    denial(usesBroken, binding("b", "q")).status?.message ?? "",
    /expression 'variables\.broken == ''' resulted in error: composited variable "broken" fails to evaluate: no such key: none$/,
  );
});

test("variables are lazy: a variable is evaluated only when an expression reaches it", () => {
  // Confirmed on kube-apiserver 1.37.2: with this policy a ConfigMap without data and one with x: a are
  // admitted, one with only y is denied with the error below.
  const p = policy("p", {
    variables: [{ name: "x", expression: "object.data.x" }],
    validations: [{ expression: "!has(object.data) || variables.x == 'a'" }],
  });
  assert.equal(denial(p, binding("b", "p"), request(configMap("c"))).allowed, true);
  assert.equal(denial(p, binding("b", "p"), request(configMap("c", { x: "a" }))).allowed, true);
  assert.match(
    denial(p, binding("b", "p"), request(configMap("c", { y: "a" }))).status?.message ?? "",
    /denied request: expression '!has\(object\.data\) \|\| variables\.x == 'a'' resulted in error: composited variable "x" fails to evaluate: no such key: x$/,
  );
  // Errors absorbed by || and && as CEL's logic does; variables[k] reads lazily too.
  const q = policy("q", {
    variables: [{ name: "x", expression: "object.data.x" }],
    validations: [{ expression: "variables.x == 'a' || true" }, { expression: "!has(object.data.x) || variables['x'] == 'a'" }],
  });
  assert.equal(denial(q, binding("b", "q"), request(configMap("c", { y: "a" }))).allowed, true);
  // A variable that fails to compile (only the CLI can be given one) is an error where it is read.
  const broken = policy("r", { variables: [{ name: "v", expression: "1 +" }], validations: [{ expression: "variables.v == 1" }] });
  assert.match(
    denial(broken, binding("b", "r")).status?.message ?? "",
    /composited variable "v" fails to compile: compilation failed: ERROR: <input>/,
  );
  const unused = policy("s", { variables: [{ name: "v", expression: "1 +" }], validations: [{ expression: "true" }] });
  assert.equal(denial(unused, binding("b", "s")).allowed, true);
});

test("authorizer.requestResource checks the request's group, resource, subresource, namespace and name", () => {
  // kube-apiserver 1.37.2 accepts and evaluates authorizer.requestResource.check('create').allowed().
  const p = policy("p", {
    validations: [
      { expression: "authorizer.requestResource.check('create').allowed()", message: "request" },
      { expression: "authorizer.requestResource.subresource('status').check('update').allowed()", message: "status" },
    ],
  });
  const checks: unknown[] = [];
  const r = admit([p], [binding("b", "p")], {
    ...request(configMap("c")),
    authorizer: (c) => {
      checks.push(c);
      return { allowed: c.verb === "create", reason: "" };
    },
  });
  assert.match(r.status?.message ?? "", /denied request: status$/);
  const user = { user: "alice", groups: ["devs", "system:authenticated"] };
  assert.deepEqual(checks, [
    { ...user, verb: "create", group: "", resource: "configmaps", subresource: "", namespace: "ns", name: "c" },
    { ...user, verb: "update", group: "", resource: "configmaps", subresource: "status", namespace: "ns", name: "c" },
  ]);
});

test("authorizer: serviceAccount() has only the service account groups and checks its names; field and label selectors", () => {
  // Confirmed on kube-apiserver 1.37.2: such a service account may not create selfsubjectaccessreviews
  // (granted to system:authenticated), and the names below fail with these errors.
  const p = policy("p", {
    validations: [
      { expression: "authorizer.serviceAccount('ns', 'sa').group('').resource('pods').check('get').allowed()" },
      {
        expression: "authorizer.group('').resource('pods').fieldSelector('spec.nodeName=n1').labelSelector('a=b').check('list').allowed()",
      },
      { expression: "authorizer.serviceAccount('default', 'Bad_Name').group('').resource('pods').check('get').allowed()" },
      { expression: "authorizer.serviceAccount('Bad_Ns', 'ok').group('').resource('pods').check('get').allowed()" },
    ],
  });
  const checks: AuthorizationCheck[] = [];
  const r = admit([p], [binding("b", "p", { validationActions: ["Warn"] })], {
    ...request(configMap("c")),
    authorizer: (c) => {
      checks.push(c);
      return { allowed: true, reason: "" };
    },
  });
  assert.deepEqual(
    checks.map((c) => [c.user, c.groups, c.fieldSelector, c.labelSelector]),
    [
      ["system:serviceaccount:ns:sa", ["system:serviceaccounts", "system:serviceaccounts:ns"], undefined, undefined],
      ["alice", ["devs", "system:authenticated"], "spec.nodeName=n1", "a=b"],
    ],
  );
  assert.deepEqual(
    r.warnings.map((w) => w.replace(/.*resulted in error: /, "")),
    ["Invalid service account name", "Invalid service account namespace"],
  );
});

test("JSON numbers: integral ones within int64 are ints, others doubles", () => {
  const p = policy("p", {
    validations: [
      { expression: "type(object.small) == int && type(object.big) == double && type(object.min) == int && type(object.half) == double" },
    ],
  });
  const o = {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "c", namespace: "ns" },
    small: 3,
    big: 1e20,
    min: -(2 ** 63),
    half: 1.5,
  };
  assert.equal(admit([p], [binding("b", "p")], request(o)).allowed, true);
  const edge = policy("q", { validations: [{ expression: "type(object.edge) == double" }] });
  assert.equal(admit([edge], [binding("b", "q")], request({ ...o, edge: 2 ** 63 })).allowed, true);
});

test("namespaceObject is the Namespace as the server projects it: spec, status and part of its metadata", () => {
  // On kube-apiserver 1.37.2 kind, apiVersion, metadata.managedFields, ownerReferences and uid are
  // undefined fields of namespaceObject (a policy reading them is refused at create: the type
  // checker's "undefined field"), and its name, labels, spec and status are present.
  for (const field of ["kind", "apiVersion", "metadata.managedFields", "metadata.ownerReferences", "metadata.uid"]) {
    const refused = validatePolicy(policy("q", { validations: [{ expression: `has(namespaceObject.${field})` }] }));
    assert.match(refused[0]?.message ?? "", new RegExp(`undefined field '${field.replace(/^metadata\./, "")}'`));
  }
  const p = policy("p", {
    validations: [
      {
        expression: "false",
        messageExpression:
          "[has(namespaceObject.metadata.name), has(namespaceObject.metadata.labels), has(namespaceObject.spec), has(namespaceObject.status)].map(b, b ? 't' : 'f').join('')",
      },
    ],
  });
  const namespaceObject = {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: "ns", uid: "u", labels: { a: "b" }, managedFields: [{ manager: "m" }], ownerReferences: [{ name: "o" }] },
    spec: { finalizers: ["kubernetes"] },
    status: { phase: "Active" },
  };
  const r = admit([p], [binding("b", "p", { validationActions: ["Warn"] })], { ...request(configMap("c")), namespaceObject });
  assert.match(r.warnings[0] ?? "", /: tttt$/);
});

test("validationActions: Warn gives the server's Warning text, Audit the validation_failure annotation, Deny the refusal", () => {
  const p = policy("p", { validations: [{ expression: "false", message: "bad" }] });
  const warn = admit([p], [binding("w", "p", { validationActions: ["Warn", "Audit"] })], request(configMap("c")));
  assert.equal(warn.allowed, true);
  assert.deepEqual(warn.warnings, ["Validation failed for ValidatingAdmissionPolicy 'p' with binding 'w': bad"]);
  assert.deepEqual(JSON.parse(warn.auditAnnotations[VALIDATION_FAILURE_ANNOTATION] ?? "[]"), [
    { message: "bad", policy: "p", binding: "w", expressionIndex: 0, validationActions: ["Warn", "Audit"] },
  ]);
  const both = admit(
    [p],
    [binding("a", "p", { validationActions: ["Deny"] }), binding("w", "p", { validationActions: ["Warn"] })],
    request(configMap("c")),
  );
  assert.equal(both.allowed, false);
  assert.match(both.status?.message ?? "", /with binding 'a' denied request: bad$/);
  assert.equal(both.warnings.length, 1);
});

test("a match condition's error is audited at index 0; a denial names the object, its generateName, else Unknown", () => {
  // admission.NewForbidden's extractResourceName, and the dispatcher's index of the only decision.
  // (kube-apiserver 1.37.2 generates a name before admission, so its denial names gen-xxxxx; the
  // fallback is for a caller that has not.)
  const p = policy("p", { matchConditions: [{ name: "err", expression: "object.none == 1" }], validations: [{ expression: "true" }] });
  const audited = admit([p], [binding("b", "p", { validationActions: ["Audit"] })], request(configMap("c")));
  assert.equal(JSON.parse(audited.auditAnnotations[VALIDATION_FAILURE_ANNOTATION] ?? "[]")[0]?.expressionIndex, 0);
  const deny = policy("q", { validations: [{ expression: "false" }] });
  const generated = { apiVersion: "v1", kind: "ConfigMap", metadata: { generateName: "gen-", namespace: "ns" } };
  assert.equal(admit([deny], [binding("b", "q")], request(generated)).status?.details.name, "gen-");
  const nameless = { apiVersion: "v1", kind: "ConfigMap", metadata: { namespace: "ns" } };
  assert.match(admit([deny], [binding("b", "q")], request(nameless)).status?.message ?? "", /^configmaps "Unknown" is forbidden: /);
});

test("auditAnnotations: a string value is kept under policy/key, null is no annotation", () => {
  const p = policy("p", {
    validations: [{ expression: "true" }],
    auditAnnotations: [
      { key: "size", valueExpression: "'size ' + string(size(object.data))" },
      { key: "none", valueExpression: "null" },
    ],
  });
  const r = admit([p], [binding("b", "p", { validationActions: ["Audit"] })], request(configMap("c", { a: "1", b: "2" })));
  assert.deepEqual(r.auditAnnotations, { "p/size": "size 2" });
});

test("auditAnnotations: values trimmed, empty ones dropped, cut at 10 KiB, several bindings' distinct values joined", () => {
  // As validator.go and dispatcher.go (auditAnnotationCollector) publish them.
  const p = policy("p", {
    paramKind: { apiVersion: "v1", kind: "ConfigMap" },
    validations: [{ expression: "true" }],
    auditAnnotations: [
      { key: "v", valueExpression: "'  ' + params.data.v + ' '" },
      { key: "empty", valueExpression: "'  '" },
    ],
  });
  const param = (name: string, v: string) => configMap(name, { v });
  const bindings = ["one", "two", "three"].map((n) => binding(n, "p", { validationActions: ["Audit"], paramRef: { name: n } }));
  const o = { ...request(configMap("c")), params: [param("one", "b"), param("two", "a"), param("three", "b")] };
  assert.deepEqual(admit([p], bindings, o).auditAnnotations, { "p/v": "a, b" });
  const big = { ...request(configMap("c")), params: [param("one", "x".repeat(11000))] };
  assert.equal(admit([p], [bindings[0] ?? {}], big).auditAnnotations["p/v"], "x".repeat(10240));
});

test("an auditAnnotation's error denies under Fail whatever the validationActions, and is nothing under Ignore", () => {
  // Confirmed on kube-apiserver 1.37.2 with a Warn-only binding (status 422, reason Invalid).
  const p = policy("p", {
    validations: [{ expression: "true" }],
    auditAnnotations: [{ key: "k", valueExpression: "string(object.none)" }],
  });
  const r = admit([p], [binding("b", "p", { validationActions: ["Warn"] })], request(configMap("c")));
  assert.equal(r.allowed, false);
  assert.deepEqual(r.warnings, []);
  assert.equal(r.status?.code, 422);
  assert.match(
    r.status?.message ?? "",
    /with binding 'b' denied request: expression 'string\(object\.none\)' resulted in error: no such key: none$/,
  );
  const ignored = policy("p", { ...(p["spec"] as Obj), failurePolicy: "Ignore" });
  assert.equal(admit([ignored], [binding("b", "p", { validationActions: ["Warn"] })], request(configMap("c"))).allowed, true);
});

test("request: no uid, and its empty fields absent so has() is false", () => {
  // On kube-apiserver 1.37.2 request.uid fails to compile (undefined field 'uid'), and a ConfigMap's
  // CREATE has no subResource nor requestSubResource but a name, a namespace and options.
  const p = policy("p", {
    validations: [
      {
        expression: "false",
        messageExpression:
          "[has(request.subResource), has(request.requestSubResource), has(request.name), has(request.namespace), has(request.userInfo.uid), has(request.userInfo.groups), has(request.userInfo.extra), has(request.dryRun)].map(b, b ? 't' : 'f').join('')",
      },
      { expression: "request.uid == ''" },
    ],
  });
  const r = admit([p], [binding("b", "p", { validationActions: ["Warn"] })], request(configMap("c")));
  assert.deepEqual(r.warnings, [
    "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': ffttftft",
    // The server refuses such a policy at create; used anyway, the expression is a compilation error.
    "Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': expression 'request.uid == ''' resulted in error: compilation error: ERROR: <input>:1:8: undefined field 'uid'\n | request.uid == ''\n | .......^",
  ]);
  const withAll = request(configMap("c"), null, {
    userInfo: { username: "bob", uid: "u1", groups: ["g"], extra: { scopes: ["a"] } },
  });
  assert.match(admit([p], [binding("b", "p", { validationActions: ["Warn"] })], withAll).warnings[0] ?? "", /: fftttttt$/);
});

test("CEL variables: request, oldObject on UPDATE and DELETE, namespaceObject, authorizer", () => {
  const p = policy("p", {
    matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["*"], resources: ["configmaps"] }] },
    validations: [
      { expression: "request.operation != 'UPDATE' || object.data == oldObject.data", message: "immutable" },
      { expression: "request.operation != 'DELETE' || object == null && oldObject.metadata.name == 'c'", message: "delete" },
      { expression: "namespaceObject.metadata.labels.env == 'test'", message: "namespace" },
      {
        expression:
          "request.namespace == 'ns' && request.kind.kind == 'ConfigMap' && 'devs' in request.userInfo.groups && !has(request.subResource)",
        message: "request",
      },
      { expression: "authorizer.group('').resource('secrets').namespace('ns').check('get').allowed()", message: "may not read secrets" },
    ],
  });
  const b = binding("b", "p");
  assert.equal(admit([p], [b], request(configMap("c", { a: "1" }))).allowed, true);
  assert.match(admit([p], [b], request(configMap("c", { a: "2" }), configMap("c", { a: "1" }))).status?.message ?? "", /immutable$/);
  assert.equal(admit([p], [b], request(null, configMap("c"))).allowed, true);
  const checks: unknown[] = [];
  const denied = admit([p], [b], {
    ...request(configMap("c")),
    authorizer: (c) => {
      checks.push(c);
      return { allowed: false, reason: "no" };
    },
  });
  assert.match(denied.status?.message ?? "", /may not read secrets$/);
  assert.deepEqual(checks, [
    {
      user: "alice",
      groups: ["devs", "system:authenticated"],
      verb: "get",
      group: "",
      resource: "secrets",
      subresource: "",
      namespace: "ns",
      name: "",
    },
  ]);
});

test("runtime cost: validations share one budget, audit annotations have their own, and a spent budget is the one decision", () => {
  // An authorizer check costs 350,000 (Kubernetes' cost table): fourteen validations of two spend
  // 9.8 million of the validations' 10 million; an audit annotation with one more check still runs,
  // on a budget of its own. A fifteenth validation does not fit (validator.go's ForInput).
  const check = "authorizer.group('').resource('configmaps').check('get').allowed()";
  const spec = (validations: number): Obj => ({
    failurePolicy: "Fail",
    validations: Array.from({ length: validations }, () => ({ expression: `${check} && ${check}` })),
    auditAnnotations: [{ key: "reason", valueExpression: "authorizer.group('').resource('configmaps').check('get').reason() + 'checked'" }],
  });
  const allowAll = { ...request(configMap("c")), authorizer: () => ({ allowed: true, reason: "" }) };
  const within = admit([policy("p", spec(14))], [binding("b", "p", { validationActions: ["Deny", "Audit"] })], allowAll);
  assert.equal(within.allowed, true);
  assert.deepEqual(within.auditAnnotations["p/reason"], "checked");
  const spent = admit([policy("p", spec(15))], [binding("b", "p")], allowAll);
  assert.equal(spent.allowed, false);
  assert.match(
    spent.status?.message ?? "",
    /denied request: validation failed due to running out of cost budget, no further validation rules will be run$/,
  );
});
