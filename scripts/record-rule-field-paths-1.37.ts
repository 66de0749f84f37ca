// Records where kube-apiserver 1.37 places a failed rule's error by its fieldPath, into
// test/fixtures/apiserver-1.37/rule-field-paths.json (see test/fixtures/PROVENANCE.md), replayed by
// test/testing/rule-field-paths-1.37.test.ts:
//
//   node --import tsx scripts/record-rule-field-paths-1.37.ts https://127.0.0.1:PORT admintoken
import { OBJECTS, PATH_CRD } from "../test/fixtures/apiserver-1.37/rule-field-paths-cases.js";
import { recorder, serverArgs } from "./recording.js";

const { base, token } = serverArgs("record-rule-field-paths-1.37.ts");
const { call, step, write, installCrd } = recorder(base, token);
const P = "/apis/example.com/v1/namespaces/default/paths";

await installCrd("create the Path CRD", PATH_CRD, P);
for (const [i, o] of OBJECTS.entries()) {
  const obj = { apiVersion: "example.com/v1", kind: "Path", metadata: { name: `p${String(i)}` }, spec: o.spec };
  await step(`object: ${o.what}`, "POST", `${P}?dryRun=All`, obj);
}
await call("DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/paths.example.com");
write("rule-field-paths.json");
