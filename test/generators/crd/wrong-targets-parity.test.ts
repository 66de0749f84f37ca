// Every CRD marker controller-gen v0.23.0 knows, placed on each target our declarations do not
// allow for it (on the package, on types, on fields: 112 placements). controller-gen registers
// markers per target and skips a marker it has no definition for at that target, so its CRD is
// the one it writes without them. We warn (KCG1115) for each, ignore it, and write the same bytes
// (test/fixtures/controller-gen/wrong-targets, see PROVENANCE.md; Go source: types.go.txt).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { controllerGenMarkerNames, kubernetesMarkers } from "../../../src/vocab/index.js";
import { assertSameAsControllerGen, generateCrds, portedPackage, writeInput } from "./helpers.js";

const root = join(import.meta.dirname, "../../fixtures/controller-gen/wrong-targets");
const file = "targets.example.com_probes.yaml";

test("each CRD marker on a target where controller-gen v0.23 ignores it warns once (KCG1115) and is ignored, and the CRD is controller-gen's, byte for byte", async () => {
  const input = portedPackage(root);
  const r = await generateCrds(writeInput(input));
  const got = r.diagnostics.map(
    (d) => `${d.file?.slice(d.file.lastIndexOf("/") + 1) ?? ""}:${String(d.line)}:${String(d.col)} ${d.code} ${d.severity} ${d.message}`,
  );
  assert.deepEqual(got, readFileSync(join(root, "expected-warnings.txt"), "utf8").trimEnd().split("\n"));
  // One warning at each marker line of the port but +groupName and +kubebuilder:object:root.
  const markerLines = Object.entries(input)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([path, text]) =>
      text.split("\n").flatMap((line, i) => {
        const col = line.indexOf("// +");
        if (col < 0 || /\+(groupName=targets|kubebuilder:object:root)/.test(line)) return [];
        return [`${path.slice(path.lastIndexOf("/") + 1)}:${String(i + 1)}:${String(col + 4)}`];
      }),
    );
  assert.equal(markerLines.length, 112);
  assert.deepEqual(
    got.map((g) => g.slice(0, g.indexOf(" "))),
    markerLines,
  );
  assertSameAsControllerGen(r, root, file);
});

test("the markers named as controller-gen's are all declared, each with the targets it is ignored on", () => {
  for (const name of controllerGenMarkerNames) {
    const def = kubernetesMarkers.lookup(name);
    assert.ok(def, `+${name} is not declared`);
    assert.ok(def.ignoredOn?.length, `+${name} has no ignoredOn`);
    for (const t of def.ignoredOn) assert.ok(!def.targets.includes(t), `+${name}: ${t} is both a target and ignored`);
  }
  assert.deepEqual(kubernetesMarkers.lookup("k8s:enum")?.ignoredOn, ["package"]);
  assert.deepEqual(kubernetesMarkers.lookup("kubebuilder:printcolumn")?.ignoredOn, ["package", "field"]);
  assert.deepEqual(kubernetesMarkers.lookup("optional")?.ignoredOn, ["package", "type"]);
});

test("a marker controller-gen does not know keeps the wrong-target error (KCG1102)", async () => {
  // +k8s:maxLength and +kubebuilder:validation:Nullable are not in controller-gen v0.23's registry.
  const r = await generateCrds(
    writeInput({
      "a/v1/doc.ts": "// +groupName=example.com\n// +k8s:maxLength=3\nexport {};\n",
      "a/v1/types.ts": `import type { ObjectMeta, TypeMeta } from "@kube-codegen/runtime";
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}
// +kubebuilder:validation:Nullable
export interface WidgetSpec {
  plain?: string;
}
`,
    }),
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.code, d.severity, d.file?.slice(d.file.lastIndexOf("/") + 1), d.line, d.col, d.message]),
    [
      ["KCG1102", "error", "doc.ts", 2, 4, "+k8s:maxLength describes types and fields, not a package"],
      ["KCG1102", "error", "types.ts", 6, 4, "+kubebuilder:validation:Nullable describes fields, not a type"],
    ],
  );
  assert.deepEqual(r.files, []);
});
