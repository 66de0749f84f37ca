// Records how a real kube-apiserver 1.37 applies MutatingAdmissionPolicies into
// test/fixtures/apiserver-1.37/mutating-admission-policy.json (see test/fixtures/PROVENANCE.md), so
// the policy library (apiextensions/src/admission-policy/mutating) and the test server's policy
// admission are built to it and their tests compare against the recording alone:
//
//   node --import tsx scripts/record-mutating-admission-policy-1.37.ts https://127.0.0.1:PORT admintoken
//
// As record-validating-admission-policy-1.37.ts: each scenario in its own namespace, and after
// installing one, a sentinel policy (labelling a probe ConfigMap) polled by dry-run until it acts, so
// every policy installed before it is active too. The sentinels' requests are not recorded. The
// scenarios' mutating webhook is served on loopback while they run.
import { awaitSentinel, recorder, runScenario, sentinelConstraints, serverArgs } from "./recording.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serveLabelHook, MAP_PATH, MAPB_PATH, MAP_SCENARIOS } from "../test/fixtures/apiserver-1.37/mutating-admission-policy-scenarios.js";

const { base, token } = serverArgs("record-mutating-admission-policy-1.37.ts");
const rec = recorder(base, token);
const { call, write } = rec;

// The scenarios' mutating webhook, on loopback; its address and caBundle stand in for the placeholders
// in what is sent, and the placeholders for them in what is written.
const hook = await serveLabelHook();

let sentinels = 0;
/** Waits until every policy installed so far is active (see the header). */
async function settle(): Promise<void> {
  const n = ++sentinels;
  const name = `sentinel-${String(n)}`;
  await call("POST", MAP_PATH, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicy",
    metadata: { name },
    spec: {
      matchConstraints: sentinelConstraints(n),
      mutations: [
        {
          patchType: "ApplyConfiguration",
          applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"sentinel": "yes"}}}' },
        },
      ],
      reinvocationPolicy: "Never",
    },
  });
  await call("POST", MAPB_PATH, {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "MutatingAdmissionPolicyBinding",
    metadata: { name },
    spec: { policyName: name },
  });
  await awaitSentinel(
    rec,
    n,
    (r) => (JSON.parse(r.text) as { metadata?: { labels?: Record<string, string> } }).metadata?.labels?.["sentinel"] === "yes",
  );
}

for (const s of MAP_SCENARIOS) await runScenario(rec, hook.toServed(s), settle);
write("mutating-admission-policy.json");
const fixture = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/mutating-admission-policy.json");
writeFileSync(fixture, hook.toPlaceholders(readFileSync(fixture, "utf8")));
await hook.stop();
