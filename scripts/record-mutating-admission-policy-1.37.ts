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
import { recorder, runScenario, serverArgs, sleep } from "./recording.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebhookServer } from "@kube-codegen/runtime";
import { generateServerCertificate } from "../runtime/src/tls/index.js";
import {
  HOOK_CA_BUNDLE,
  HOOK_URL,
  labelHook,
  MAP_PATH,
  MAPB_PATH,
  MAP_SCENARIOS,
} from "../test/fixtures/apiserver-1.37/mutating-admission-policy-scenarios.js";

const { base, token } = serverArgs("record-mutating-admission-policy-1.37.ts");
const rec = recorder(base, token);
const { call, write } = rec;

// The scenarios' mutating webhook, on loopback; its address and caBundle stand in for the placeholders
// in what is sent, and the placeholders for them in what is written.
const cert = generateServerCertificate("label-hook");
const certDir = mkdtempSync(join(tmpdir(), "kcg-label-hook-"));
writeFileSync(join(certDir, "tls.crt"), cert.certPem);
writeFileSync(join(certDir, "tls.key"), cert.keyPem);
const caBundle = Buffer.from(cert.certPem).toString("base64");
const hooks = new WebhookServer({ host: "127.0.0.1", port: 0, certDir });
hooks.register("/label", labelHook);
const stopHooks = new AbortController();
const running = hooks.run(stopHooks.signal);
while (!hooks.address()) await sleep(10);
const hookUrl = `https://127.0.0.1:${String(hooks.address()!.port)}`;
const swap = <T>(v: T): T =>
  JSON.parse(
    JSON.stringify(v ?? null)
      .replaceAll(HOOK_URL, hookUrl)
      .replaceAll(HOOK_CA_BUNDLE, caBundle),
  ) as T;

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
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: [""],
            apiVersions: ["v1"],
            operations: ["CREATE"],
            resources: ["configmaps"],
            resourceNames: [`sentinel-probe-${String(n)}`],
          },
        ],
      },
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
  for (let i = 0; i < 100; i++) {
    const r = await call("POST", "/api/v1/namespaces/default/configmaps?dryRun=All", {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: `sentinel-probe-${String(n)}` },
    });
    const labels = (JSON.parse(r.text) as { metadata?: { labels?: Record<string, string> } }).metadata?.labels ?? {};
    if (labels["sentinel"] === "yes") {
      // One more pass of the policy source, so objects it reads through informers (params) are seen too.
      await sleep(1200);
      return;
    }
    await sleep(200);
  }
  throw new Error(`sentinel ${String(n)} never became active`);
}

for (const s of MAP_SCENARIOS) await runScenario(rec, swap(s), settle);
write("mutating-admission-policy.json");
const fixture = join(import.meta.dirname, "../test/fixtures/apiserver-1.37/mutating-admission-policy.json");
writeFileSync(fixture, readFileSync(fixture, "utf8").replaceAll(hookUrl, HOOK_URL).replaceAll(caBundle, HOOK_CA_BUNDLE));
stopHooks.abort();
await running;
