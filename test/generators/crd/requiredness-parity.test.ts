// Requiredness parity with controller-gen v0.23.0: which fields land in `required`, and the
// minimum +k8s:required adds, compared byte for byte with controller-gen's output for the same
// API written in Go (test/fixtures/controller-gen/requiredness, see PROVENANCE.md). The Go source
// sits beside each port as <package>.go.txt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { controllerGenDocument, documentOf, generateCrds, portedPackage, writeInput } from "./helpers.js";

const root = join(import.meta.dirname, "../../fixtures/controller-gen/requiredness");

/** controller-gen's document `file` of this fixture. */
const theirs = (file: string): string => controllerGenDocument(root, file);

test("the requiredness probe's four CRDs are controller-gen v0.23's, byte for byte", async () => {
  const r = await generateCrds(writeInput(portedPackage(root)));
  assert.deepEqual(
    r.diagnostics.filter((d) => d.severity === "error"),
    [],
  );
  const files = new Map(r.files.map((f) => [f.path.slice(f.path.lastIndexOf("/") + 1), documentOf(f.content)]));
  const expected = readdirSync(root).filter((n) => n.endsWith(".yaml"));
  assert.deepEqual([...files.keys()].sort(), expected.sort());
  for (const name of expected) assert.equal(files.get(name), theirs(name), name);
});

test("a required field named by a one-of marker is refused, AtLeastOneOf included, as controller-gen v0.23 refuses it", async () => {
  // controller-gen: "field a is part of OneOf constraint and must have omitempty or omitzero tag".
  for (const marker of ["ExactlyOneOf", "AtMostOneOf", "AtLeastOneOf"]) {
    const r = await generateCrds(
      writeInput({
        "a/v1/doc.ts": "// +groupName=example.com\nexport {};\n",
        "a/v1/types.ts": `import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
// +kubebuilder:validation:${marker}=a;b
export interface WidgetSpec {
  a: string;
  b?: string;
}
`,
      }),
    );
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    assert.deepEqual(
      errors.map((d) => [d.code, d.message, d.line]),
      [["KCG1408", `field a is named by +kubebuilder:validation:${marker} and cannot be required`, 8]],
      marker,
    );
  }
});
