// The type checking of policy expressions at create, as kube-apiserver 1.37.2 answered it
// (test/fixtures/apiserver-1.37/policy-type-check.json, recorded by scripts/record-policy-type-check-1.37.ts):
// each policy through the policy library offline (the causes `kube-codegen validate --policies`
// prints) and through the test server (the whole answer).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { validatePolicy } from "../../apiextensions/src/admission-policy/index.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { policyOf, TYPE_CHECK_CASES } from "../fixtures/apiserver-1.37/policy-type-check-cases.js";
import { releaseAgent, send } from "../testing/transcript-http.js";
import { policyEnv, typeCheck } from "../../apiextensions/src/admission-policy/type-check.js";
import { formatCelType } from "../../apiextensions/src/crd-checks/cel/cel-types.js";

interface Recorded {
  status: number;
  body: { kind?: string; details?: { causes?: unknown[] } } & Record<string, unknown>;
}

const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/policy-type-check.json", import.meta.url), "utf8")) as {
    answers: Record<string, Recorded>;
  }
).answers;

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ crds: [] });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

test("the recording refuses most cases and accepts some, so both outcomes are compared", () => {
  const statuses = TYPE_CHECK_CASES.map((c) => RECORDED[c.name]?.status);
  assert.ok(statuses.filter((s) => s === 201).length >= 5 && statuses.filter((s) => s === 422).length >= 40, JSON.stringify(statuses));
});

for (const c of TYPE_CHECK_CASES) {
  test(`${c.name}: offline and in the test server as kube-apiserver 1.37.2`, async () => {
    const recorded = RECORDED[c.name];
    assert.ok(recorded, `no recorded answer for ${c.name}`);
    const policy = policyOf(c);
    assert.deepEqual(validatePolicy(policy), recorded.status === 201 ? [] : recorded.body.details?.causes);
    const got = await send(
      { url: server.url, caPem: server.caPem },
      "POST",
      "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies",
      { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
      JSON.stringify(policy),
    );
    const body = got.body as Record<string, unknown>;
    assert.deepEqual({ status: got.status, body: body["kind"] === "Status" ? body : { kind: body["kind"] } }, recorded);
  });
}

test("a literal mixing a known type with a field of a dyn variable is refused either way round; two dyn fields are not", () => {
  const causes = (expression: string): unknown => validatePolicy(policyOf({ name: "literal", spec: { validations: [{ expression }] } }));
  // cel-go's text for this expression (hack/cel-cost compiles it in the same environment).
  assert.match(
    JSON.stringify(causes("[1, 2, object.spec.n].size() > 0")),
    /compilation failed: ERROR: <input>:1:19: expected type 'int' but found 'dyn'/,
  );
  assert.deepEqual(causes("[object.spec.a, object.spec.b, oldObject.c].size() > 0"), []);
  assert.deepEqual(causes("[size(object.spec.a), 1].size() > 0"), []);
});

// Arithmetic with one dyn operand, as cel-go v0.29.2's checker types it in the 1.37 base environment
// (read off `env.Compile(e).OutputType()` on 8 Dec 2026, object declared dyn): the overloads that take
// the known operand decide, dyn when their results differ. A variable's type follows from it, and a
// string variable's comparisons are charged by length (test/validation/cel-runtime-cost.test.ts).
test("arithmetic with one dyn operand has the type cel-go's checker gives it", () => {
  const cases: [string, string][] = [
    ["object.x + '!'", "string"],
    ["object.x + 1", "int"],
    ["object.x + [1]", "list(int)"],
    ["object.x + b'a'", "bytes"],
    ["object.x + duration('1s')", "dyn"],
    ["duration('1s') + object.x", "dyn"],
    ["object.x + timestamp(0)", "google.protobuf.Timestamp"],
    ["object.x - 1", "int"],
    ["object.x - timestamp(0)", "google.protobuf.Duration"],
    ["timestamp(0) - object.x", "dyn"],
    ["duration('1s') - object.x", "google.protobuf.Duration"],
    ["object.x * 2.0", "double"],
    ["object.x % 2u", "uint"],
    ["-object.x", "dyn"],
    ["object.x / 2", "int"],
  ];
  for (const [expression, want] of cases) {
    const r = typeCheck(expression, policyEnv(true, undefined));
    assert.equal("type" in r ? formatCelType(r.type) : r.typeError, want, expression);
  }
});
