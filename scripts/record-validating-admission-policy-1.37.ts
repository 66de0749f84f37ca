// Records how a real kube-apiserver 1.37 evaluates ValidatingAdmissionPolicies into
// test/fixtures/apiserver-1.37/validating-admission-policy.json (see test/fixtures/PROVENANCE.md), so
// the policy library (apiextensions/src/admission-policy) and the test server's policy admission are
// built to it and their tests compare against the recording alone:
//
//   node --import tsx scripts/record-validating-admission-policy-1.37.ts https://127.0.0.1:PORT admintoken
//
// Each scenario runs in its own namespace labelled `scenario: <name>`, and its bindings select that
// namespace, so the policies of one scenario never see another's requests and nothing is ever removed.
// Policies take effect asynchronously on the real server (its policy source recompiles about once a
// second), so after installing a scenario the script installs a sentinel policy and binding, and polls a
// dry-run request the sentinel denies until it is denied: the server compiles all policies in one pass,
// so once the sentinel is active every policy installed before it is too. The sentinel's requests are
// not recorded. The scenarios port the Kubernetes documentation's examples (replica limits with
// paramKind, namespace-scoped params, messageExpression, variables, matchConditions, auditAnnotations,
// the Warn action, parameterNotFoundAction, failurePolicy) and add one case per matching rule.
import { awaitSentinel, recorder, runScenario, sentinelConstraints, serverArgs } from "./recording.js";
import { VAP_SCENARIOS } from "../test/fixtures/apiserver-1.37/validating-admission-policy-scenarios.js";

const { base, token } = serverArgs("record-validating-admission-policy-1.37.ts");
const rec = recorder(base, token);
const { call, write } = rec;

let sentinels = 0;
/** Waits until every policy installed so far is active (see the header). */
async function settle(): Promise<void> {
  const n = ++sentinels;
  const AR = "/apis/admissionregistration.k8s.io/v1";
  await call("POST", `${AR}/validatingadmissionpolicies`, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: { name: `sentinel-${String(n)}` },
    spec: {
      matchConstraints: sentinelConstraints(n),
      validations: [{ expression: "false" }],
    },
  });
  await call("POST", `${AR}/validatingadmissionpolicybindings`, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata: { name: `sentinel-${String(n)}` },
    spec: { policyName: `sentinel-${String(n)}`, validationActions: ["Deny"] },
  });
  await awaitSentinel(rec, n, (r) => r.status === 422);
}

for (const s of VAP_SCENARIOS) await runScenario(rec, s, settle);
write("validating-admission-policy.json");
