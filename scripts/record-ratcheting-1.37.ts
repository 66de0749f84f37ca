// Records validation ratcheting on a real kube-apiserver 1.37, into
// test/fixtures/apiserver-1.37/ratcheting.json (see test/fixtures/PROVENANCE.md), replayed by
// test/testing/ratcheting-1.37.test.ts:
//
//   node --import tsx scripts/record-ratcheting-1.37.ts https://127.0.0.1:PORT admintoken
//
// The Gizmo CRD is created loose, `g` created (with its status), the CRD replaced by the strict
// one, and each probe sent with dryRun=All once the strict schema is in force.
import { GIZMO, LOOSE_CRD, PROBE_CONTENT_TYPE, PROBES, STRICT_CRD } from "../test/fixtures/apiserver-1.37/ratcheting-cases.js";
import { recorder, serverArgs, sleep } from "./recording.js";

const { base, token } = serverArgs("record-ratcheting-1.37.ts");
const { call, step, write, installCrd } = recorder(base, token);
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const G = "/apis/example.com/v1/namespaces/default/gizmos";

await installCrd("create the loose CRD", LOOSE_CRD, G);
await step("create g", "POST", G, GIZMO);
await step("set g's status", "PATCH", `${G}/g/status`, { status: GIZMO["status"] }, "application/merge-patch+json");
const current = JSON.parse((await call("GET", `${CRDS}/gizmos.example.com`)).text) as { metadata: Record<string, unknown> };
await step("make the CRD strict", "PUT", `${CRDS}/gizmos.example.com`, {
  ...STRICT_CRD,
  metadata: { ...(STRICT_CRD["metadata"] as object), resourceVersion: current.metadata["resourceVersion"] },
});
// The strict schema is in force once a new Gizmo that breaks it is refused.
for (let i = 0; i < 60; i++) {
  const r = await call("POST", `${G}?dryRun=All`, { ...GIZMO, metadata: { name: "probe" } });
  if (r.status === 422) break;
  await sleep(500);
}
for (const p of PROBES) await step(`probe: ${p.what}`, "PATCH", `${G}/g${p.sub}?dryRun=All`, p.body, PROBE_CONTENT_TYPE);
await call("DELETE", `${CRDS}/gizmos.example.com`);
write("ratcheting.json");
