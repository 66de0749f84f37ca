// Records how a real kube-apiserver 1.37 compiles and evaluates x-kubernetes-validations that use
// cel-go's optional types, into test/fixtures/apiserver-1.37/crd-optionals.json (see
// test/fixtures/PROVENANCE.md), replayed by test/crd-checks/optionals-1.37.test.ts:
//
//   node --import tsx scripts/record-crd-optionals-1.37.ts https://127.0.0.1:PORT admintoken
//
// Each probe rule's CRD is created with dryRun=All (nothing stays); the Gadget CRD is created for
// real, then each Gadget request is sent with dryRun=All once the CRD is established.
import { GADGET_CRD, GADGET_REQUESTS, PROBE_RULES, probeCrd } from "../test/fixtures/apiserver-1.37/crd-optionals-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-crd-optionals-1.37.ts");
const { step, write, installCrd } = recorder(base, token);
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

for (let i = 0; i < PROBE_RULES.length; i++)
  await step(`probe ${String(i)}: ${JSON.stringify(PROBE_RULES[i])}`, "POST", `${CRDS}?dryRun=All`, probeCrd(i));

await installCrd("create the Gadget CRD", GADGET_CRD, "/apis/example.com/v1/namespaces/default/gadgets");
for (const r of GADGET_REQUESTS)
  await step(`gadget: ${r.what}`, "POST", "/apis/example.com/v1/namespaces/default/gadgets?dryRun=All", r.body);
write("crd-optionals.json");
