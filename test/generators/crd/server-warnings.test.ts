// The crd generator reports what the target servers would warn of when the CRD is applied (the CRD
// strategy's warnings, recorded from kube-apiserver 1.37.2 in test/fixtures/apiserver-1.37/
// crd-warnings.json): a format they do not recognize (1.34 and later) and a set of objects (1.37),
// each a KCG1414 warning at its marker naming the versions; the CRD is written all the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Code } from "../../../src/diagnostics/index.js";
import { DOC, generateCrds, widget, writeInput } from "./helpers.js";

const types = widget(
  `  // +kubebuilder:validation:Format=money
  price?: string;
  // +kubebuilder:validation:Format=date-time
  when?: string;
  // +listType=set
  tags?: Tag[];
`,
  {
    extra: `
// +kubebuilder:validation:Type=object
// +mapType=atomic
export interface Tag {
  name?: string;
}
`,
  },
);

const input = () => writeInput({ "widgets/v1/doc.ts": DOC, "widgets/v1/types.ts": types });
const line = (n: number | undefined): string => types.split("\n")[(n ?? 0) - 1] ?? "";

test("an unrecognized format and a set of objects are warnings at their markers for the versions that give them", async () => {
  const r = await generateCrds(input(), { serverMinors: [33, 34, 35, 36, 37] });
  assert.equal(r.files.length, 1);
  assert.ok(r.diagnostics.every((d) => d.severity === "warning" && d.code === Code.serverWarns));
  const format = r.diagnostics.find((d) => d.message.includes("unrecognized format"));
  assert.ok(format);
  assert.equal(
    format.message,
    'Kubernetes 1.34-1.37 would warn when CRD widgets.example.com is written: spec.validation.openAPIV3Schema.properties[spec].properties[price].format: unrecognized format "money"',
  );
  assert.match(line(format.line), /\+kubebuilder:validation:Format=money/);
  const set = r.diagnostics.find((d) => d.message.includes("x-kubernetes-list-type: set"));
  assert.ok(set);
  assert.match(
    set.message,
    /^Kubernetes 1\.37 would warn .*properties\[tags\]\.x-kubernetes-list-type: x-kubernetes-list-type: set for items of type "object"/,
  );
  assert.equal(r.diagnostics.length, 2);
});

test("a server before 1.34 gives neither warning", async () => {
  const r = await generateCrds(input(), { serverMinors: [30, 31, 32, 33] });
  assert.equal(r.files.length, 1);
  assert.deepEqual(r.diagnostics, []);
});
