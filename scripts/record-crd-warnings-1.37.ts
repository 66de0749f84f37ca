// Records the CRD strategy's warnings and the Kubernetes name formats on a real kube-apiserver 1.37,
// into test/fixtures/apiserver-1.37/crd-warnings.json (see test/fixtures/PROVENANCE.md), replayed by
// test/testing/crd-warnings-1.37.test.ts:
//
//   node --import tsx scripts/record-crd-warnings-1.37.ts https://127.0.0.1:PORT admintoken
//
// Each of CREATES is sent with dryRun=All; UPDATED is created for real, each of UPDATES sent over it
// with dryRun=All, then each of OBJECTS created with dryRun=All.
import { CREATES, OBJECTS, UPDATED, UPDATES } from "../test/fixtures/apiserver-1.37/crd-warnings-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-crd-warnings-1.37.ts");
const { call, step, write, installCrd } = recorder(base, token);
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const U = "/apis/example.com/v1/namespaces/default/updateds";

type Json = Record<string, unknown>;

for (const c of CREATES) await step(`create: ${c.what}`, "POST", `${CRDS}?dryRun=All`, c.crd);
await installCrd("create the CRD to update", UPDATED, U);
const current = JSON.parse((await call("GET", `${CRDS}/updateds.example.com`)).text) as { metadata: Json };
for (const u of UPDATES) {
  const spec = UPDATED["spec"] as { versions: { schema: { openAPIV3Schema: { properties: { spec: { properties: Json } } } } }[] };
  const version = structuredClone(spec.versions[0]!);
  const props = version.schema.openAPIV3Schema.properties.spec;
  props.properties = { ...props.properties, ...u.properties };
  const body = {
    ...UPDATED,
    metadata: { name: "updateds.example.com", resourceVersion: current.metadata["resourceVersion"] },
    spec: { ...spec, versions: [version] },
  };
  await step(`update: ${u.what}`, "PUT", `${CRDS}/updateds.example.com?dryRun=All`, body);
}
for (const [i, o] of OBJECTS.entries()) {
  const obj = { apiVersion: "example.com/v1", kind: "Updated", metadata: { name: `o${String(i)}` }, spec: o.spec };
  await step(`object: ${o.what}`, "POST", `${U}?dryRun=All`, obj);
}
await call("DELETE", `${CRDS}/updateds.example.com`);
write("crd-warnings.json");
