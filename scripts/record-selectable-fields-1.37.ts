// Records how a real kube-apiserver 1.37 validates a CRD's selectableFields and filters custom
// resources by them, into test/fixtures/apiserver-1.37/selectable-fields.json (see
// test/fixtures/PROVENANCE.md), replayed by test/testing/selectable-fields-1.37.test.ts:
//
//   node --import tsx scripts/record-selectable-fields-1.37.ts https://127.0.0.1:PORT admintoken
//
// Each case's CRD is created with dryRun=All (nothing stays); the Lamp CRD is created for real, its
// Lamps created, then each field selector listed.
import { CRD_CASES, LAMP_CRD, LAMPS, LISTS } from "../test/fixtures/apiserver-1.37/selectable-fields-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-selectable-fields-1.37.ts");
const { call, step, write, installCrd } = recorder(base, token);
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const LAMPS_PATH = "/apis/example.com/v1/namespaces/default/lamps";

for (const c of CRD_CASES) await step(`crd: ${c.what}`, "POST", `${CRDS}?dryRun=All`, c.body);

await installCrd("create the Lamp CRD", LAMP_CRD, LAMPS_PATH);
for (const l of LAMPS) await step(`create ${(l["metadata"] as { name: string }).name}`, "POST", LAMPS_PATH, l);
for (const s of LISTS) await step(`list ${s}`, "GET", `${LAMPS_PATH}?fieldSelector=${encodeURIComponent(s)}`);
await call("DELETE", `${CRDS}/lamps.example.com`);
write("selectable-fields.json");
