// Markers controller-gen v0.23.0 registers for fields only (+k8s:immutable, +k8s:minimum,
// +k8s:maximum, +k8s:maxItems) and silently ignores on a type or package: we ignore them there
// too, with a positioned warning, and the CRD is controller-gen's byte for byte
// (test/fixtures/controller-gen/ignored-targets, see PROVENANCE.md; Go source: types.go.txt).
// A misplaced marker controller-gen refuses (+k8s:enum on a field) stays an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertSameAsControllerGen, generateCrds, portedPackage, writeInput } from "./helpers.js";

const root = join(import.meta.dirname, "../../fixtures/controller-gen/ignored-targets");
const file = "ignored.example.com_probes.yaml";

test("field-only markers on a type or package are ignored with KCG1115, and the CRD is controller-gen v0.23's, byte for byte", async () => {
  const r = await generateCrds(writeInput(portedPackage(root)));
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.severity, d.file?.slice(d.file.lastIndexOf("/") + 1), d.line, d.col, d.message]),
    [
      [
        "KCG1115",
        "warning",
        "doc.ts",
        2,
        4,
        "+k8s:immutable is ignored on a package, as controller-gen ignores it there: it describes fields",
      ],
      [
        "KCG1115",
        "warning",
        "types.ts",
        4,
        4,
        "+k8s:immutable is ignored on a type, as controller-gen ignores it there: it describes fields",
      ],
      [
        "KCG1115",
        "warning",
        "types.ts",
        8,
        4,
        "+k8s:minimum is ignored on a type, as controller-gen ignores it there: it describes fields",
      ],
      [
        "KCG1115",
        "warning",
        "types.ts",
        9,
        4,
        "+k8s:maximum is ignored on a type, as controller-gen ignores it there: it describes fields",
      ],
      [
        "KCG1115",
        "warning",
        "types.ts",
        13,
        4,
        "+k8s:maxItems is ignored on a type, as controller-gen ignores it there: it describes fields",
      ],
      [
        "KCG1115",
        "warning",
        "types.ts",
        17,
        4,
        "+k8s:immutable is ignored on a type, as controller-gen ignores it there: it describes fields",
      ],
    ],
  );
  assert.equal(r.diagnostics[0]!.hint, "move it to the comments directly above a property");
  assertSameAsControllerGen(r, root, file);
});

test("+k8s:enum on a field is a positioned error, as controller-gen v0.23 refuses it", async () => {
  // controller-gen: "types.go:18:2: k8s:enum must be set on a type, not a field", exit 1.
  const r = await generateCrds(
    writeInput({
      "a/v1/doc.ts": "// +groupName=example.com\nexport {};\n",
      "a/v1/types.ts": `import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
export interface WidgetSpec {
  // +k8s:enum
  plain?: string;
}
`,
    }),
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.severity, d.line, d.col, d.message]),
    [["KCG1102", "error", 7, 6, "+k8s:enum describes types, not a field"]],
  );
  assert.deepEqual(r.files, []);
});
