// Records how a real kube-apiserver 1.37 refuses CustomResourceDefinitions and custom resources,
// into test/fixtures/apiserver-1.37/crd-validation.json (see test/fixtures/PROVENANCE.md), replayed
// by test/crd-checks/crd-validation-1.37.test.ts:
//
//   node --import tsx scripts/record-crd-validation-1.37.ts https://127.0.0.1:PORT admintoken
//
// Every CRD create of the 1.24 transcripts crd_validation.json and crd_lifecycle.json, then
// CRD_CASES, each with dryRun=All (nothing stays); then the Sprocket CRD is created for real and each
// Sprocket request sent with dryRun=All once the CRD is established.
import { readFileSync } from "node:fs";
import { CRD_CASES, SPROCKET_CRD, SPROCKET_REQUESTS } from "../test/fixtures/apiserver-1.37/crd-validation-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-crd-validation-1.37.ts");
const { step, write, installCrd } = recorder(base, token);
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

interface Transcript {
  step: string;
  request: { method: string; path: string; body?: unknown };
}
for (const file of ["crd_validation.json", "crd_lifecycle.json"]) {
  const all = JSON.parse(readFileSync(new URL(`../test/fixtures/apiserver-transcripts/${file}`, import.meta.url), "utf8")) as Transcript[];
  const seen = new Set<string>();
  for (const t of all) {
    if (t.request.method !== "POST" || !t.request.path.startsWith(CRDS)) continue;
    const key = JSON.stringify(t.request.body);
    if (seen.has(key)) continue;
    seen.add(key);
    await step(`${file}: ${t.step}`, "POST", `${CRDS}?dryRun=All`, t.request.body);
  }
}
for (const c of CRD_CASES) await step(`crd: ${c.what}`, "POST", `${CRDS}?dryRun=All`, c.body);

await installCrd("create the Sprocket CRD", SPROCKET_CRD, "/apis/example.com/v1/namespaces/default/sprockets");
for (const r of SPROCKET_REQUESTS)
  await step(`sprocket: ${r.what}`, "POST", "/apis/example.com/v1/namespaces/default/sprockets?dryRun=All", r.body);
write("crd-validation.json");
