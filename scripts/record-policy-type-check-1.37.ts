// Records how a real kube-apiserver 1.37 type-checks ValidatingAdmissionPolicy expressions at create,
// into test/fixtures/apiserver-1.37/policy-type-check.json (see test/fixtures/PROVENANCE.md):
//
//   node --import tsx scripts/record-policy-type-check-1.37.ts https://127.0.0.1:PORT admintoken
//
// Each case of test/fixtures/apiserver-1.37/policy-type-check-cases.ts is POSTed once as `tc-<name>`
// (matching ConfigMap creates, bound to nothing), after deleting any policy of that name; a Status
// answer is kept whole, a created policy by its kind only (its uid and timestamps vary).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { policyOf, TYPE_CHECK_CASES } from "../test/fixtures/apiserver-1.37/policy-type-check-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-policy-type-check-1.37.ts");
const { call } = recorder(base, token);

const answers: Record<string, { status: number; body: unknown }> = {};
const POLICIES = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies";
for (const c of TYPE_CHECK_CASES) {
  // A policy an earlier recording created goes first, so the script can run again on the same server.
  await call("DELETE", `${POLICIES}/tc-${c.name}`);
  const { status, text } = await call("POST", POLICIES, policyOf(c));
  const body = JSON.parse(text) as Record<string, unknown>;
  answers[c.name] = { status, body: body["kind"] === "Status" ? body : { kind: body["kind"] } };
}
const out = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/policy-type-check.json");
writeFileSync(out, `${JSON.stringify({ server: "kube-apiserver v1.37.2", answers }, null, 2)}\n`);
process.stderr.write(`wrote ${String(TYPE_CHECK_CASES.length)} answers to test/fixtures/apiserver-1.37/policy-type-check.json\n`);
