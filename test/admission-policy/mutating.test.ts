// The MutatingAdmissionPolicy library alone (apiextensions/src/admission-policy/mutating): JSON Patch
// as evanphx/json-patch v4 applies it, the patch types' values (type names checked against field
// paths, JSON conversion), the dispatcher's errors under failurePolicy, and reinvocation across the
// admission chain's two passes. The recorded comparison with kube-apiserver 1.37.2 is
// test/testing/mutating-admission-policy.test.ts; these are the rules it cannot show one by one.
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyJsonPatch } from "../../apiextensions/src/admission-policy/mutating/json-patch.js";
import { Reinvocation, type ChainPass } from "../../apiextensions/src/on-demand/index.js";
import { admit, mutate, validateMutatingPolicy, type MutateOptions, type Obj } from "../../apiextensions/src/admission-policy/index.js";
import { binding, cmRule, configMap, policy, request } from "./helpers.js";

test("JSON Patch as json-patch v4: replace adds a missing map key, negative indices count from the end, a null step is missing", () => {
  const doc = { a: { b: 1 }, l: [1, 2, 3], n: null };
  assert.deepEqual(applyJsonPatch(doc, [{ op: "replace", path: "/a/c", value: 2 }]), {
    ok: true,
    value: { a: { b: 1, c: 2 }, l: [1, 2, 3], n: null },
  });
  assert.deepEqual(applyJsonPatch(doc, [{ op: "add", path: "/l/-1", value: 9 }]), {
    ok: true,
    value: { a: { b: 1 }, l: [1, 2, 3, 9], n: null },
  });
  assert.deepEqual(applyJsonPatch(doc, [{ op: "remove", path: "/l/-1" }]), { ok: true, value: { a: { b: 1 }, l: [1, 2], n: null } });
  assert.deepEqual(applyJsonPatch(doc, [{ op: "add", path: "/l/-", value: 4 }]), {
    ok: true,
    value: { a: { b: 1 }, l: [1, 2, 3, 4], n: null },
  });
  assert.deepEqual(applyJsonPatch(doc, [{ op: "add", path: "/a/~1x~0", value: true }]).ok && true, true);
  assert.deepEqual(applyJsonPatch(doc, [{ op: "add", path: "/n/x", value: 1 }]), {
    ok: false,
    testFailed: false,
    error: 'add operation does not apply: doc is missing path: "/n/x": missing value',
  });
  // The source is never changed.
  assert.deepEqual(doc, { a: { b: 1 }, l: [1, 2, 3], n: null });
});

test("JSON Patch errors in the library's words; a failed test is told apart", () => {
  const doc = { a: { b: 1 }, l: [1] };
  const error = (op: Parameters<typeof applyJsonPatch>[1][number]): string => {
    const r = applyJsonPatch(doc, [op]);
    return r.ok ? "ok" : `${r.testFailed ? "test failed: " : ""}${r.error}`;
  };
  assert.equal(
    error({ op: "remove", path: "/a/x" }),
    "error in remove for path: '/a/x': Unable to remove nonexistent key: x: missing value",
  );
  assert.equal(
    error({ op: "add", path: "/l/5", value: 1 }),
    "error in add for path: '/l/5': Unable to access invalid index: 5: invalid index referenced",
  );
  assert.equal(
    error({ op: "add", path: "/l/x", value: 1 }),
    `error in add for path: '/l/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax`,
  );
  assert.equal(
    error({ op: "replace", path: "/l/3", value: 1 }),
    "replace operation does not apply: doc is missing key: /l/3: missing value",
  );
  assert.equal(
    error({ op: "move", from: "/nope/x", path: "/a/y" }),
    "move operation does not apply: doc is missing from path: /nope/x: missing value",
  );
  assert.equal(
    error({ op: "copy", from: "/a/b", path: "/nope/y" }),
    "copy operation does not apply: doc is missing destination path: /nope/y: missing value",
  );
  assert.equal(error({ op: "test", path: "/a/b", value: 2 }), "test failed: testing value /a/b failed: test failed");
  // Only a test without value matches a missing path; an explicit null never matches (the library's raw null).
  assert.equal(error({ op: "test", path: "/a/missing" }), "ok");
  assert.equal(error({ op: "test", path: "/a/missing", value: null }), "test failed: testing value /a/missing failed: test failed");
  assert.equal(error({ op: "jump", path: "/a" }), "Unexpected kind: jump");
});

/** A MutatingAdmissionPolicy on configmaps. */
function mutating(name: string, spec: Obj): Obj {
  return {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicy",
    metadata: { name },
    spec: { matchConstraints: { resourceRules: [cmRule()] }, failurePolicy: "Fail", reinvocationPolicy: "Never", ...spec },
  };
}
const bindingOf = (name: string, spec: Obj = {}): Obj => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "MutatingAdmissionPolicyBinding",
  metadata: { name },
  spec: { policyName: name, ...spec },
});
const apply = (expression: string): Obj => ({ patchType: "ApplyConfiguration", applyConfiguration: { expression } });
const jsonPatch = (expression: string): Obj => ({ patchType: "JSONPatch", jsonPatch: { expression } });

/** Options with an untyped merge (maps merged key by key, anything else replaced), as a schema-less object merges. */
function options(object: Obj): MutateOptions {
  const merge = (a: unknown, b: unknown): unknown => {
    if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
      const out: Obj = { ...(a as Obj) };
      for (const [k, v] of Object.entries(b as Obj)) out[k] = merge(out[k], v);
      return out;
    }
    return b;
  };
  return { ...request(object), applyConfiguration: (o, patch) => ({ object: merge(o, patch) as Obj }) };
}

test("mutations run in order on the object as the previous left it; ApplyConfiguration and JSONPatch values become JSON", () => {
  const p = mutating("p", {
    mutations: [
      apply('Object{metadata: Object.metadata{labels: {"n": string(size(object.data))}}}'),
      jsonPatch('[JSONPatch{op: "add", path: "/data/" + jsonpatch.escapeKey("k/8s~x"), value: object.metadata.labels["n"]}]'),
    ],
  });
  const r = mutate(
    [p],
    [bindingOf("p")],
    options(configMap("c", { a: "1" })),
    new Reinvocation({ reinvoking: false, shouldReinvoke: false }),
  );
  assert.equal(r.status, undefined);
  assert.deepEqual(r.object?.["data"], { a: "1", "k/8s~x": "1" });
  assert.deepEqual((r.object?.["metadata"] as Obj)["labels"], { n: "1" });
});

test("a nested type name that is not its field path, and an evaluation error, deny under Fail and are skipped under Ignore", () => {
  const wrongName = mutating("p", { mutations: [apply("Object{spec: Object.status{x: 1}}")] });
  const r = mutate([wrongName], [bindingOf("p")], options(configMap("c")), new Reinvocation({ reinvoking: false, shouldReinvoke: false }));
  assert.equal(r.status?.code, 403);
  assert.equal(r.status?.reason, "Invalid");
  assert.equal(
    r.status?.message,
    `policy 'p' with binding 'p' denied request: type mismatch: unexpected type name "Object.status", expected "Object.spec", which matches field name path from root Object type`,
  );
  const errs = mutating("q", {
    mutations: [apply('Object{metadata: Object.metadata{labels: {"x": object.data.none}}}'), apply("Object{}")],
  });
  const ignored = mutating("r", { failurePolicy: "Ignore", mutations: [jsonPatch('[JSONPatch{op: "remove", path: "/data/none"}]')] });
  const both = mutate(
    [errs, ignored],
    [bindingOf("q"), bindingOf("r")],
    options(configMap("c", { a: "1" })),
    new Reinvocation({ reinvoking: false, shouldReinvoke: false }),
  );
  // Only the Fail policy's error; the mutation after the failed one still ran.
  assert.deepEqual(both.status?.details.causes, [
    {
      message: `policy 'q' with binding 'q' denied request: expression 'Object{metadata: Object.metadata{labels: {"x": object.data.none}}}' resulted in error: no such key: none`,
    },
  ]);
});

test("a binding without its param is a configuration error (reason Forbidden); a paramKind nothing serves, the policy's", () => {
  const p = mutating("p", { paramKind: { apiVersion: "v1", kind: "ConfigMap" }, mutations: [apply("Object{}")] });
  const b = bindingOf("p", { paramRef: { name: "none", namespace: "ns", parameterNotFoundAction: "Deny" } });
  const o = { ...options(configMap("c")), params: [] };
  const r = mutate([p], [b], o, new Reinvocation({ reinvoking: false, shouldReinvoke: false }));
  assert.equal(r.status?.reason, "Forbidden");
  assert.equal(
    r.status?.message,
    "policy 'p' with binding 'p' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
  );
  const unknownKind = mutate(
    [p],
    [b],
    { ...options(configMap("c")), paramLookup: () => undefined },
    new Reinvocation({ reinvoking: false, shouldReinvoke: false }),
  );
  assert.equal(
    unknownKind.status?.message,
    `policy "p" denied request: failed to configure policy: failed to find resource referenced by paramKind: 'v1, Kind=ConfigMap'`,
  );
});

test("reinvocation: an IfNeeded policy runs again in the second pass once the object changed after it; a Never one does not", () => {
  const counter = (key: string) =>
    jsonPatch(
      `"${key}" in object.data ? [JSONPatch{op: "replace", path: "/data/${key}", value: string(int(object.data["${key}"]) + 1)}] : [JSONPatch{op: "add", path: "/data/${key}", value: "1"}]`,
    );
  const policies = [
    mutating("a", { reinvocationPolicy: "IfNeeded", mutations: [counter("a")] }),
    mutating("b", { mutations: [counter("b")] }),
  ];
  const bindings = [bindingOf("a"), bindingOf("b")];
  const chain: ChainPass = { reinvoking: false, shouldReinvoke: false };
  const pass = new Reinvocation(chain);
  const first = mutate(policies, bindings, options(configMap("c", { s: "x" })), pass);
  assert.deepEqual(first.object?.["data"], { s: "x", a: "1", b: "1" });
  assert.equal(chain.shouldReinvoke, true);
  chain.reinvoking = true;
  const second = mutate(policies, bindings, options(first.object), pass);
  assert.deepEqual(second.object?.["data"], { s: "x", a: "2", b: "1" });
  // Any mutation that ran asks for a second pass, even one that changed nothing.
  const idle: ChainPass = { reinvoking: false, shouldReinvoke: false };
  mutate(
    [mutating("i", { reinvocationPolicy: "IfNeeded", mutations: [jsonPatch("[]")] })],
    [bindingOf("i")],
    options(configMap("c")),
    new Reinvocation(idle),
  );
  assert.equal(idle.shouldReinvoke, true, "a mutation that ran marks the pass dirty, as the server's VersionedAttributes.Dirty does");
});

test("validation: results of another type than the patch type takes, in cel-go's type names", () => {
  const causes = validateMutatingPolicy(mutating("p", { mutations: [apply("[]"), jsonPatch("{}"), jsonPatch("[JSONPatch{op: 1}]")] }));
  assert.deepEqual(
    causes.map((c) => c.message.split("\n")[0]),
    [
      'Invalid value: "[]": must evaluate to Object but got list(dyn)',
      'Invalid value: "{}": must evaluate to list(JSONPatch) but got map(dyn, dyn)',
      `Invalid value: "[JSONPatch{op: 1}]": compilation failed: ERROR: <input>:1:14: expected type of field 'op' is 'string' but provided type is 'int'`,
    ],
  );
});

test("a message construction of another type than the patch types is CEL's own, in every policy", () => {
  const r = admit(
    [policy("p", { validations: [{ expression: "google.protobuf.Duration{seconds: 5} == duration('5s')" }] })],
    [binding("b", "p")],
    request(configMap("c")),
  );
  assert.equal(r.allowed, true, r.status?.message);
});
